/**
 * bridgeView(state, viewer) is the only way a Bridge state leaves the engine. A seat sees its
 * own hand; everyone sees the dummy once the opening lead is made ("Unmittelbar nach der
 * Eröffnung legt die Blind-Person ihr gesamtes Blatt offen"), not a moment before; the blind
 * hand of the three-person form is face down ("verdecktes") until then, to everyone. The
 * other hands, the hands as dealt and the deal's seed are never copied into a view.
 */
import { callChoices, summarize } from './auction.ts';
import type { BridgeCard } from './cards.ts';
import { sortBridgeCards } from './cards.ts';
import type { BridgeConfig } from './config.ts';
import { legalBridgeActions } from './engine.ts';
import { controllerOf, trickWinner } from './flow.ts';
import type {
  BridgeCallEntry,
  BridgeContract,
  BridgeHandId,
  BridgeHandResult,
  BridgePhase,
  BridgeResult,
  BridgeScore,
  BridgeSeat,
  BridgeState,
  BridgeStrain,
  CompletedBridgeTrick,
  PlayedBridgeCard,
} from './state.ts';

export type BridgeViewer = BridgeSeat | 'spectator';

/** What the viewer is asked to do now. */
export type BridgePrompt =
  | {
      kind: 'call';
      bids: { level: number; strain: BridgeStrain }[];
      canDouble: boolean;
      canRedouble: boolean;
    }
  /** `hand` is the hand to play from: the viewer's own, or the dummy for the declarer. */
  | { kind: 'play'; hand: BridgeHandId; cards: BridgeCard[] }
  /** Paced tables, after a hand: the viewer has not yet continued. (No prompt for 'gather'.) */
  | { kind: 'continue' };

export interface BridgeView {
  viewer: BridgeViewer;
  config: BridgeConfig;
  playerCount: number;
  accountCount: number;
  version: number;
  phase: BridgePhase;
  toAct: BridgeSeat[];
  deal: number;
  dealer: BridgeSeat;
  /** The viewer's own hand id (null for a spectator). */
  ownHand: BridgeHandId | null;
  /** The viewer's own cards, sorted (null for a spectator). */
  hand: BridgeCard[] | null;
  /** Cards left in each of the four hands. */
  handCounts: number[];
  calls: BridgeCallEntry[];
  contract: BridgeContract | null;
  /** The dummy's cards, face up for everyone once the opening lead is made; null before. */
  dummy: BridgeCard[] | null;
  table: BridgeHandId[];
  turn: BridgeHandId | null;
  trick: PlayedBridgeCard[];
  tricks: CompletedBridgeTrick[];
  tricksWon: number[];
  /** The hand winning the complete trick on the table; non-null only in 'trick-end'. */
  trickWinner: BridgeHandId | null;
  score: BridgeScore;
  history: BridgeHandResult[];
  result: BridgeResult | null;
  /** The hand just scored, in 'hand-end' and 'game-over'. */
  handResult: BridgeHandResult | null;
  prompt: BridgePrompt | null;
}

/** Has the opening lead been made? */
export function dummyIsDown(state: BridgeState): boolean {
  const hand = state.hand;
  return hand.contract !== null && (hand.trick.length > 0 || hand.tricks.length > 0);
}

function promptFor(state: BridgeState, viewer: BridgeViewer): BridgePrompt | null {
  if (viewer === 'spectator' || !state.toAct.includes(viewer)) return null;
  const hand = state.hand;
  if (state.phase === 'auction') {
    const choices = callChoices(state.config, summarize(state.config, hand.calls, hand.dealer), viewer);
    return { kind: 'call', ...choices };
  }
  if (state.phase === 'play') {
    const cards = legalBridgeActions(state, viewer).flatMap((action) =>
      action.type === 'play' ? [action.card] : [],
    );
    return { kind: 'play', hand: hand.turn!, cards: sortBridgeCards(cards) };
  }
  if (state.phase === 'hand-end') return { kind: 'continue' };
  return null;
}

export function bridgeView(state: BridgeState, viewer: BridgeViewer): BridgeView {
  const hand = state.hand;
  const seated =
    viewer !== 'spectator' && Number.isInteger(viewer) && viewer >= 0 && viewer < state.playerCount;
  const who: BridgeViewer = seated ? viewer : 'spectator';
  const ownHand = who === 'spectator' ? null : who;
  const down = dummyIsDown(state);
  return {
    viewer: who,
    config: state.config,
    playerCount: state.playerCount,
    accountCount: state.accountCount,
    version: state.version,
    phase: state.phase,
    toAct: [...state.toAct],
    deal: hand.deal,
    dealer: hand.dealer,
    ownHand,
    hand: ownHand === null ? null : sortBridgeCards(hand.hands[ownHand]!),
    handCounts: hand.hands.map((cards) => cards.length),
    calls: hand.calls,
    contract: hand.contract,
    dummy: down ? sortBridgeCards(hand.hands[hand.contract!.dummyHand]!) : null,
    table: hand.table,
    turn: state.phase === 'play' ? hand.turn : null,
    trick: hand.trick,
    tricks: hand.tricks,
    tricksWon: hand.tricksWon,
    trickWinner: state.phase === 'trick-end' ? trickWinner(hand) : null,
    score: state.score,
    history: state.history,
    result: state.result,
    handResult:
      state.phase === 'hand-end' || state.phase === 'game-over' ? (state.history.at(-1) ?? null) : null,
    prompt: promptFor(state, who),
  };
}

/** Who plays a hand's cards now (the declarer for the dummy), for clients. */
export function bridgeHandController(state: BridgeState, id: BridgeHandId): BridgeSeat | null {
  if (state.config.players === 3 && id === 3 && state.hand.contract === null) return null;
  return controllerOf(state.hand, id);
}
