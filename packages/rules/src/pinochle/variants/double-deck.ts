/** Double Deck partnership Pinochle [004]: four players in two fixed teams, 80 cards, no widow. */
import type { AuctionRules } from '../auction.ts';
import { type Card, isCounter } from '../cards.ts';
import type { DoubleDeckConfig } from '../config.ts';
import { doubleDeckDeal } from '../deal.ts';
import { doubleDeckMeldRules } from '../meld-rules.ts';
import type { GameState, HandResult, HandState, Seat } from '../state.ts';
import { type GameEndCheck, type HandEnd, type VariantRules, withOutcome } from './variant.ts';

/** Trick points the last trick earns its taker's team (2, or 20 "times ten"). */
export function lastTrickBonus(config: DoubleDeckConfig): number {
  return config.timesTen ? 20 : 2;
}

/** Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1. */
const teamOf = (seat: Seat): number => seat % 2;

/** "Ass, 10 und König zählen je einen Punkt, und das Team, das den letzten Stich macht, bekommt 2 Extrapunkte." */
function cardPoints(config: DoubleDeckConfig, won: readonly Card[]): number {
  let points = 0;
  for (const card of won) if (isCounter(card)) points += 1;
  return config.timesTen ? points * 10 : points;
}

function auction(config: DoubleDeckConfig): AuctionRules {
  return {
    seatCount: 4,
    openingBid: config.openingBid,
    maximumBid: config.maximumBid,
    increments: config.bidIncrements,
    forehandMustOpen: false,
    // "Wenn die ersten drei Spieler alle passen, muss der Geber 50 bieten."
    lastSeat: config.dealerStuck ? 'must-take-opening-bid' : 'may-bid',
    rounds: config.biddingRounds === 'unlimited' ? null : config.biddingRounds,
  };
}

function scoreHand(config: DoubleDeckConfig, hand: HandState, end: HandEnd): HandResult {
  const zeros = [0, 0];
  const meld = [0, 0];
  hand.melds.forEach((m, seat) => {
    meld[teamOf(seat)]! += m?.total ?? 0;
  });
  const base: HandResult = {
    deal: hand.deal,
    dealer: hand.dealer,
    outcome: end.outcome,
    bidder: hand.bidder,
    bid: hand.bid,
    trump: hand.trump,
    meld,
    meldCounted: zeros,
    trickPoints: zeros,
    tricksWon: zeros,
    delta: zeros,
    made: null,
    calledBy: end.calledBy ?? null,
  };
  if (hand.bidder === null || hand.bid === null) return base;
  const bid = hand.bid;
  const bidding = teamOf(hand.bidder);
  const other = 1 - bidding;
  const twenty = config.timesTen ? 200 : 20;
  const meldIfTwenty = (team: number): number => (meld[team]! >= twenty ? meld[team]! : 0);
  const perTeam = (f: (team: number) => number): number[] => [f(0), f(1)];

  if (end.outcome === 'no-marriage') {
    // "verliert das Team, das die Reizung gewonnen hat, automatisch die Punktzahl seiner Reizung
    // und kein Team bekommt Punkte für Meldungen."
    return withOutcome(
      base,
      zeros,
      zeros,
      zeros,
      perTeam((team) => (team === bidding ? -bid : 0)),
      false,
    );
  }
  if (end.outcome === 'meld-under-20') {
    // "Wenn die Gewinner der Reizung nicht mindestens 20 Punkte durch ihre Meldungen erreichen, haben
    // sie automatisch das Spiel verloren ... die Gegenspieler [bekommen] ihre Meldungen angeschrieben,
    // vorausgesetzt sie erreichen mindestens 20 Punkte".
    const meldCounted = perTeam((team) => (team === other ? meldIfTwenty(team) : 0));
    return withOutcome(
      base,
      meldCounted,
      zeros,
      zeros,
      perTeam((t) => (t === bidding ? -bid : meldCounted[t]!)),
      false,
    );
  }
  if (end.outcome === 'conceded') {
    const opponents = (() => {
      switch (config.concedeOpponents) {
        case 'nothing':
          return 0;
        case 'meld-if-20':
          return meldIfTwenty(other);
        case 'meld-plus-25':
          return meld[other]! >= twenty ? meld[other]! + (config.timesTen ? 250 : 25) : 0;
        case 'meld-plus-50':
          return meld[other]! >= twenty ? meld[other]! + (config.timesTen ? 500 : 50) : 0;
        default:
          // "Das gegnerische Team bekommt die Punkte für seine Meldungen angeschrieben."
          return config.minimumMeld20 ? meldIfTwenty(other) : meld[other]!;
      }
    })();
    const meldCounted = perTeam((team) => (team === other ? opponents : 0));
    return withOutcome(
      base,
      meldCounted,
      zeros,
      zeros,
      perTeam((t) => (t === bidding ? -bid : opponents)),
      false,
    );
  }

  const tricksWon = [0, 0];
  const trickPoints = [0, 0];
  hand.won.forEach((won, seat) => {
    trickPoints[teamOf(seat)]! += cardPoints(config, won);
  });
  for (const trick of hand.tricks) tricksWon[teamOf(trick.winner)]!++;
  const lastWinner = hand.tricks[hand.tricks.length - 1]?.winner;
  if (lastWinner !== undefined) trickPoints[teamOf(lastWinner)]! += lastTrickBonus(config);

  const meldCounted = perTeam((team) => {
    if (!config.minimumMeld20) return meld[team]!;
    // "Wenn ein Team überdies nicht mindestens 20 Punkte im Spiel durch Stiche gewinnt, dann bekommt
    // es überhaupt keine Punkte, auch die Meldungen zählen dann nichts."
    return trickPoints[team]! >= twenty ? meldIfTwenty(team) : 0;
  });
  const earned = perTeam((team) =>
    config.minimumMeld20 && trickPoints[team]! < twenty ? 0 : meldCounted[team]! + trickPoints[team]!,
  );
  const made = earned[bidding]! >= bid && (!config.minimumMeld20 || trickPoints[bidding]! >= twenty);
  // "Wenn das Team, das die Reizung gewonnen hatte, die gereizte Punktzahl nicht erreicht ... zählen
  // ihre Meldungen und Stiche überhaupt nichts, und die gereizte Punktzahl wird ... abgezogen."
  const delta = perTeam((team) => (team === bidding && !made ? -bid : earned[team]!));
  return withOutcome(base, meldCounted, trickPoints, tricksWon, delta, made);
}

function checkGameEnd(config: DoubleDeckConfig, state: GameState, last: HandResult): GameEndCheck {
  const reached = [0, 1].filter((team) => state.scores[team]! >= config.target);
  const goOn: GameEndCheck = { result: null, target: config.target, allNegative: false };
  if (reached.length === 0) return goOn;
  // "Wenn beide Teams in einer Hand 500 oder mehr erreichen, gewinnt das Team, das bei dieser Hand
  // die Reizung gewonnen hatte."
  const winner = reached.length === 1 ? reached[0]! : teamOf(last.bidder!);
  return {
    result: { winners: [winner], reason: 'target', finalScores: [...state.scores] },
    target: config.target,
    allNegative: false,
  };
}

export const doubleDeck: VariantRules<DoubleDeckConfig> = {
  seatCount: 4,
  sideCount: 2,
  sideOf: teamOf,
  // "Ass, 10 und König zählen je einen Punkt" (×10 with the "times ten" house rule).
  counterValue: (config) => (config.timesTen ? 10 : 1),
  pointScale: () => 1,
  dealPlan: (config) => doubleDeckDeal(config.dealPacket),
  auction,
  meldRules: doubleDeckMeldRules,
  trickRule: (config) => config.trickRule,
  widowDiscards: 0,
  canCallRedeal: () => false,
  canConcede: (config) => config.concedeOpponents !== 'play-anyway',
  initialTarget: (config) => config.target,
  scoreHand,
  checkGameEnd,
  settleStakes: () => null,
  initialStakes: () => null,
  afterMeld: (config, hand) => {
    if (!config.minimumMeld20 || hand.bidder === null) return null;
    const team = teamOf(hand.bidder);
    const teamMeld = hand.melds.reduce(
      (sum, m, seat) => sum + (teamOf(seat) === team ? (m?.total ?? 0) : 0),
      0,
    );
    return teamMeld < (config.timesTen ? 200 : 20) ? { outcome: 'meld-under-20' } : null;
  },
  cardPassing: (config) => (config.cardPassing.count > 0 ? config.cardPassing : null),
  marriageCheck: (config) => {
    if (config.trumpNeedsMarriage === 'not-required') return 'never';
    if (config.trumpNeedsMarriage === 'after-passing' && config.cardPassing.timing === 'after-trump') {
      return 'after-passing';
    }
    return 'at-naming';
  },
};
