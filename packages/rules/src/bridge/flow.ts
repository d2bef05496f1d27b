/**
 * The course of a rubber between actions: dealing, completing a trick, scoring a hand, and
 * what comes after it (the next deal, or the end). With `paced` (the server's table pacing,
 * contract Agreement 1) a complete trick waits for 'gather' and a finished hand for every
 * seat's 'continue'; unpaced, both happen at once.
 */
import { createRandom, dealSeed, randomInt } from '../common/random.ts';
import type { BridgeConfig } from './config.ts';
import { dealBridge } from './deal.ts';
import { emptyScore, handEntries, rubberResult, sideHonours, writeHand } from './score.ts';
import type { BridgeHandId, BridgeHandResult, BridgeHandState, BridgeSeat, BridgeState } from './state.ts';
import { trickWinnerIndex, trumpOf } from './tricks.ts';

type GameBase = Omit<BridgeState, 'hand' | 'phase' | 'toAct'>;

/** A new rubber: the first dealer is drawn from the seed and the first hand is dealt. */
export function createBridgeGame(config: BridgeConfig, seed: string): BridgeState {
  const players = config.players;
  const accounts = players === 4 ? 2 : 3;
  const base: GameBase = {
    config,
    seed,
    playerCount: players,
    accountCount: accounts,
    version: 0,
    score: emptyScore(accounts),
    history: [],
    result: null,
  };
  return beginDeal(base, 0, randomInt(createRandom(`kibitz-bridge-first-dealer:${seed}`), players));
}

/** "Die austeilende Person eröffnet die Auktion." */
function beginDeal(base: GameBase, deal: number, dealer: BridgeSeat): BridgeState {
  const seed = dealSeed(base.seed, deal);
  const dealt = dealBridge(seed, dealer);
  const hand: BridgeHandState = {
    deal,
    dealer,
    seed,
    dealt,
    hands: dealt.map((cards) => [...cards]),
    calls: [],
    contract: null,
    table: [],
    turn: null,
    leader: null,
    trick: [],
    tricks: [],
    tricksWon: [0, 0, 0, 0],
  };
  return { ...base, phase: 'auction', toAct: [dealer], hand };
}

function baseOf(state: BridgeState): GameBase {
  const { hand: _hand, phase: _phase, toAct: _toAct, ...base } = state;
  return base;
}

/** Who plays a hand's cards: the dummy's are played by the declarer. */
export function controllerOf(hand: BridgeHandState, id: BridgeHandId): BridgeSeat {
  return hand.contract !== null && id === hand.contract.dummyHand ? hand.contract.declarer : id;
}

/** The hand winning the four cards of the current trick. */
export function trickWinner(hand: BridgeHandState): BridgeHandId {
  return hand.trick[trickWinnerIndex(hand.trick, trumpOf(hand.contract!.strain))]!.hand;
}

/**
 * The current trick, complete, goes to its winner: "Die Person, die den Stich gewinnt, spielt
 * zum nächsten Stich aus"; after the 13th the hand is scored.
 */
export function gatherTrick(state: BridgeState): BridgeState {
  const hand = state.hand;
  const winner = trickWinner(hand);
  const tricksWon = hand.tricksWon.map((won, id) => (id === winner ? won + 1 : won));
  const tricks = [...hand.tricks, { leader: hand.leader!, cards: hand.trick, winner }];
  const next = { ...hand, trick: [], tricks, tricksWon, turn: winner, leader: winner };
  // "Das Spiel läuft weiter, bis alle 13 Stiche gespielt sind."
  if (tricks.length === 13) return endPlayedHand(state, next);
  return { ...state, phase: 'play', hand: next, toAct: [controllerOf(next, winner)] };
}

/** Scores a hand played out, then deals the next one or ends the rubber. */
function endPlayedHand(state: BridgeState, hand: BridgeHandState): BridgeState {
  const { config } = state;
  const contract = hand.contract!;
  const declaringHands = [contract.declarerHand, contract.dummyHand];
  const defendingHands = [0, 1, 2, 3].filter((id) => !declaringHands.includes(id));
  const declarerTricks = hand.tricksWon[contract.declarerHand]! + hand.tricksWon[contract.dummyHand]!;
  const pairOf = (ids: number[]) => [hand.dealt[ids[0]!]!, hand.dealt[ids[1]!]!] as const;
  const honours = [
    sideHonours(config, contract.strain, pairOf(declaringHands)),
    sideHonours(config, contract.strain, pairOf(defendingHands)),
  ] as const;
  const lines = handEntries(config, contract, declarerTricks, honours);
  // Accounts: a team with four players; with three, the declarer alone, and each defender
  // in full for the defending side (reading 10).
  const accounts =
    config.players === 4
      ? { declaring: [contract.declarer % 2], defending: [1 - (contract.declarer % 2)] }
      : { declaring: [contract.declarer], defending: [0, 1, 2].filter((seat) => seat !== contract.declarer) };
  const written = writeHand(state.score, hand.deal, lines, accounts);
  const result: BridgeHandResult = {
    deal: hand.deal,
    dealer: hand.dealer,
    outcome: 'played',
    contract,
    declarerTricks,
    made: lines.some((line) => line.kind === 'tricks'),
    entries: written.entries,
    gameWonBy: written.gameWonBy,
    dealt: hand.dealt,
  };
  const score = written.score;
  const ended = { ...state, hand, score, history: [...state.history, result] };
  if (written.rubberWonBy !== null) {
    return { ...ended, phase: 'game-over', toAct: [], result: rubberResult(score, 'rubber') };
  }
  if (config.handLimit !== null && score.handsPlayed >= config.handLimit) {
    // "Muss eine Sitzung beendet werden, bevor eine Seite 2 Spiele gewonnen hat, gilt die
    // Partnerschaft mit dem höheren Nettostand zu diesem Zeitpunkt als Gewinnerin"; a tie plays on.
    const over = rubberResult(score, 'hand-limit');
    if (over !== null) return { ...ended, phase: 'game-over', toAct: [], result: over };
  }
  return afterHand(ended);
}

/** "wird das Blatt verworfen und von derselben austeilenden Person neu ausgeteilt" */
export function passOut(state: BridgeState): BridgeState {
  const hand = state.hand;
  const result: BridgeHandResult = {
    deal: hand.deal,
    dealer: hand.dealer,
    outcome: 'passed-out',
    contract: null,
    declarerTricks: null,
    made: null,
    entries: [],
    gameWonBy: null,
    // A thrown-in deal is not shown: its cards were never played.
    dealt: null,
  };
  return afterHand({ ...state, history: [...state.history, result] });
}

/** A finished hand (already in history) waits for every seat when paced, else the next deal comes. */
function afterHand(state: BridgeState): BridgeState {
  if (!state.config.paced) return nextDeal(state);
  const everyone = Array.from({ length: state.playerCount }, (_, seat) => seat);
  return { ...state, phase: 'hand-end', toAct: everyone };
}

/** One seat has seen the result; the last one to continue starts the next deal. */
export function continueAfterHand(state: BridgeState, seat: BridgeSeat): BridgeState {
  const toAct = state.toAct.filter((waiting) => waiting !== seat);
  return toAct.length > 0 ? { ...state, toAct } : nextDeal(state);
}

/**
 * "nach jedem Blatt wandert das Geben im Uhrzeigersinn zur nächsten Person weiter"; a
 * passed-out deal is dealt again by the same dealer.
 */
function nextDeal(state: BridgeState): BridgeState {
  const hand = state.hand;
  const last = state.history.at(-1)!;
  const dealer = last.outcome === 'passed-out' ? hand.dealer : (hand.dealer + 1) % state.playerCount;
  return beginDeal(baseOf(state), hand.deal + 1, dealer);
}
