/**
 * Auction Pinochle West [000] and Cutthroat [003]: three players, 48 cards, a widow.
 * The two sheets differ only in defaults, which live in the config schema.
 */
import type { AuctionRules } from '../auction.ts';
import { type Card, isCounter, rankOf, SUITS } from '../cards.ts';
import type { ThreeHandedConfig } from '../config.ts';
import { THREE_HANDED_DEAL } from '../deal.ts';
import { threeHandedMeldRules } from '../meld-rules.ts';
import type { GameResult, GameState, HandResult, HandState } from '../state.ts';
import { type GameEndCheck, type HandEnd, type VariantRules, withOutcome } from './variant.ts';

/** "Die Vollen oder Zählkarten A, 10, K, die jeweils 10 Augen haben" [000]. */
function cardPoints(_config: ThreeHandedConfig, won: readonly Card[]): number {
  let points = 0;
  for (const card of won) if (isCounter(card)) points += 10;
  return points;
}

/**
 * House rule [000] "Zusammenwerfen": "fünf 9er und keine Meldung ausser Dix auf der Hand
 * oder sechs 9er mit maximal einem Ass". Trump is not yet known, so "no meld" means no
 * meld in any suit: no marriage, no pinochle, no arounds.
 */
export function isHopelessHand(hand: readonly Card[]): boolean {
  const count = (card: string): number => hand.filter((c) => c === card).length;
  const nines = hand.filter((card) => rankOf(card) === '9').length;
  const aces = hand.filter((card) => rankOf(card) === 'A').length;
  if (nines >= 6 && aces <= 1) return true;
  if (nines < 5) return false;
  const marriage = SUITS.some((suit) => count(`K${suit}`) > 0 && count(`Q${suit}`) > 0);
  const pinochle = count('QS') > 0 && count('JD') > 0;
  const around = (['A', 'K', 'Q', 'J'] as const).some((rank) =>
    SUITS.every((suit) => count(`${rank}${suit}`) > 0),
  );
  return !marriage && !pinochle && !around;
}

function auction(config: ThreeHandedConfig): AuctionRules {
  const openingBid = Math.max(config.minimumBid, 10);
  return {
    seatCount: 3,
    openingBid,
    maximumBid: config.maximumBid,
    // "Ein Gebot muss ein Vielfaches von 10 sein" [000]; jumps are allowed (reading 3).
    increments: [{ from: 0, step: 10 }],
    forehandMustOpen: config.openingObligation === 'forehand',
    lastSeat:
      config.openingObligation === 'last-player'
        ? 'must-take-opening-bid'
        : config.afterTwoPasses === 'last-takes-minimum'
          ? 'may-take-opening-bid'
          : 'may-bid',
    rounds: null,
  };
}

function scoreHand(config: ThreeHandedConfig, hand: HandState, end: HandEnd): HandResult {
  const zeros = [0, 0, 0];
  const meld = hand.melds.map((m) => m?.total ?? 0);
  const base: HandResult = {
    deal: hand.deal,
    dealer: hand.dealer,
    outcome: end.outcome,
    bidder: hand.bidder,
    bid: hand.bid,
    trump: hand.trump,
    meld: hand.trump === null ? zeros : meld,
    meldCounted: zeros,
    trickPoints: zeros,
    tricksWon: zeros,
    delta: zeros,
    made: null,
    calledBy: end.calledBy ?? null,
  };
  const bidder = hand.bidder;
  if (bidder === null || hand.bid === null) return base;
  const bid = hand.bid;

  if (end.outcome === 'conceded') {
    // "Von seinem Punktestand wird dann das Gebot abgezogen, die beiden anderen Spieler lassen
    // sich dagegen etwaige gehaltene Meldungen gutschreiben" [000]; no trick needed (reading 7).
    const meldCounted = meld.map((m, seat) => (seat === bidder ? 0 : m));
    const delta = meldCounted.map((m, seat) => (seat === bidder ? -bid : m));
    return withOutcome(base, meldCounted, zeros, zeros, delta, false);
  }

  const tricksWon = [0, 0, 0];
  for (const trick of hand.tricks) tricksWon[trick.winner]!++;
  const lastWinner = hand.tricks[hand.tricks.length - 1]?.winner;
  const trickPoints = [0, 1, 2].map((seat) => {
    const bidderCountsWidow = seat === bidder && (!config.bidderMeldNeedsTrick || tricksWon[seat]! > 0);
    const buried = bidderCountsWidow ? cardPoints(config, hand.discards) : 0;
    return cardPoints(config, hand.won[seat]!) + buried + (seat === lastWinner ? 10 : 0);
  });
  const meldCounted = meld.map((m, seat) => {
    if (seat === bidder) return !config.bidderMeldNeedsTrick || tricksWon[seat]! > 0 ? m : 0;
    // [000] "nur wenn der Spieler wenigstens einen Stich gemacht hat"; [003] "nur, wenn er
    // mindestens eine Zählkarte gewonnen hat".
    if (config.opponentMeldNeeds === 'trick') return tricksWon[seat]! > 0 ? m : 0;
    return hand.won[seat]!.some(isCounter) ? m : 0;
  });
  const bidderTotal = meldCounted[bidder]! + trickPoints[bidder]!;
  const made = bidderTotal >= bid;
  const penalty = config.setPenalty === 'twice' ? 2 * bid : bid;
  const delta = [0, 1, 2].map((seat) => {
    if (seat !== bidder) return meldCounted[seat]! + trickPoints[seat]!;
    return made ? bidderTotal : -penalty;
  });
  return withOutcome(base, meldCounted, trickPoints, tricksWon, delta, made);
}

function highest(scores: readonly number[], among: readonly number[]): number[] {
  const best = Math.max(...among.map((seat) => scores[seat]!));
  return among.filter((seat) => scores[seat] === best);
}

function checkGameEnd(config: ThreeHandedConfig, state: GameState, last: HandResult): GameEndCheck {
  const scores = state.scores;
  const all = [0, 1, 2];
  const finish = (winners: number[], reason: GameResult['reason'], target = state.target): GameEndCheck => ({
    result: { winners, reason, finalScores: [...scores] },
    target,
    allNegative: state.allNegative,
  });
  const goOn = (target: number | null, allNegative: boolean): GameEndCheck => ({
    result: null,
    target,
    allNegative,
  });

  if (config.target.kind === 'rounds') {
    if (state.history.length < config.target.rounds * 3) return goOn(null, false);
    // A tie for first place plays on, hand by hand, until it is broken.
    const leaders = highest(scores, all);
    return leaders.length === 1 ? finish(leaders, 'rounds') : goOn(null, false);
  }

  let target = state.target!;
  let reached = all.filter((seat) => scores[seat]! >= target);
  if (config.tieAtTarget === 'raise-target') {
    // [000] "Es wird in diesem Fall die Zielzahl hochgesetzt ... in Schritten von 250 Punkten,
    // solange bis es nur einen Spieler gibt der das aktuelle Ziel erreicht."
    while (reached.length > 1) {
      target += 250;
      reached = all.filter((seat) => scores[seat]! >= target);
    }
    if (reached.length === 1) return finish(reached, 'target', target);
  } else if (reached.length > 0) {
    // [000] "Erreichen oder überschreiten mehrere Spieler die Zielmarke gleichzeitig dann gewinnt
    // der Alleinspieler ... dann gewinnt wer die höhere Punktzahl hat. Wenn da Gleichstand herrscht
    // muss ein Entscheidungsspiel gespielt werden".
    if (last.bidder !== null && reached.includes(last.bidder) && last.made)
      return finish([last.bidder], 'target');
    const leaders = highest(scores, reached);
    if (leaders.length === 1) return finish(leaders, 'target');
    return goOn(target, state.allNegative);
  }

  if (config.negativeFloor !== null) {
    // [000] "dass die Partie endet wenn ein Spieler einen bestimmten negativen Punktestand
    // erreicht ... In diesem Fall ist der Spieler mit den meisten Punkte Sieger."
    if (scores.some((score) => score <= config.negativeFloor!)) {
      const leaders = highest(scores, all);
      if (leaders.length === 1) return finish(leaders, 'negative-floor');
    }
    // "Wenn zu einem Zeitpunkt alle Spieler einen negativen Spielstand haben gewinnt wer zuerst
    // wieder im Plus ist."
    if (state.allNegative) {
      const inPlus = all.filter((seat) => scores[seat]! > 0);
      if (inPlus.length > 0) {
        const leaders = highest(scores, inPlus);
        if (leaders.length === 1) return finish(leaders, 'back-to-plus');
      }
    }
    return goOn(target, state.allNegative || scores.every((score) => score < 0));
  }
  return goOn(target, false);
}

function settleStakes(
  config: ThreeHandedConfig,
  state: GameState,
  last: HandResult,
  result: GameResult | null,
): GameState['stakes'] {
  const stakes = config.stakes;
  if (stakes.mode === 'off' || state.stakes === null) return null;
  const chips = [...state.stakes.chips];
  let pool = state.stakes.pool;
  const bidder = last.bidder;
  const lost =
    bidder !== null && (last.outcome === 'conceded' || (last.outcome === 'played' && last.made === false));
  if (lost) {
    // [000] "ein Alleinspieler der verliert [muss] jedes mal 1 $ zahlen, wenn er aufgibt oder 2 $
    // wenn er nach Spielende sein Gebot nicht erreicht."
    const times = last.outcome === 'conceded' ? 1 : 2;
    if (stakes.mode === 'ledger') {
      for (const seat of [0, 1, 2]) {
        if (seat === bidder) continue;
        chips[bidder] = chips[bidder]! - stakes.unit * times;
        chips[seat] = chips[seat]! + stakes.unit * times;
      }
    } else {
      chips[bidder] = chips[bidder]! - stakes.ante * times;
      pool += stakes.ante * times;
    }
  }
  if (result !== null && result.winners.length === 1) {
    const winner = result.winners[0]!;
    if (stakes.mode === 'ledger') {
      // "Der Gewinner einer Partie erhält zum Bsp. 2 $ von den beiden anderen."
      for (const seat of [0, 1, 2]) {
        if (seat === winner) continue;
        chips[seat] = chips[seat]! - stakes.unit * stakes.gameUnits;
        chips[winner] = chips[winner]! + stakes.unit * stakes.gameUnits;
      }
    } else {
      chips[winner] = chips[winner]! + pool;
      pool = 0;
    }
  }
  return { chips, pool };
}

export const threeHanded: VariantRules<ThreeHandedConfig> = {
  seatCount: 3,
  sideCount: 3,
  sideOf: (seat) => seat,
  // "Die Vollen oder Zählkarten A, 10, K, die jeweils 10 Augen haben" [000].
  counterValue: () => 10,
  pointScale: (config) => (config.scoresDividedBy10 ? 10 : 1),
  dealPlan: () => THREE_HANDED_DEAL,
  auction,
  meldRules: threeHandedMeldRules,
  trickRule: (config) => config.trickRule,
  widowDiscards: 3,
  canCallRedeal: (config, hand) => config.hopelessHandRedeal && isHopelessHand(hand),
  canConcede: (config) => config.allowConcede,
  initialTarget: (config) => (config.target.kind === 'score' ? config.target.points : null),
  scoreHand,
  checkGameEnd,
  settleStakes,
  initialStakes: (config) => {
    if (config.stakes.mode === 'off') return null;
    // "Jeder setzt einen Einsatz" [000]: the pool starts with everyone's stake.
    if (config.stakes.mode === 'pool') {
      const ante = config.stakes.ante;
      return { chips: [-ante, -ante, -ante], pool: 3 * ante };
    }
    return { chips: [0, 0, 0], pool: 0 };
  },
  afterMeld: () => null,
  cardPassing: () => null,
  marriageCheck: () => 'never',
};
