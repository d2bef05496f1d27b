/**
 * One Bridge bench hand: the first hand played out (not passed out) of a rubber seeded
 * `seed`, with bots of the given level at each seat, each decision timed (wall and thread
 * CPU). Bidding is rule-based at every level and the rule bidder is deterministic, so every
 * rotation of a deal reaches the same contract (a passed-out deal redeals the same way
 * everywhere): only the card play differs. Plain JSON in and out, as hand.ts.
 */
import { applyBridge, auctionBridge, bridgeView, createBridgeGame } from '@kibitz/rules/bridge';
import { decideBridgeBot } from '../src/bridge/index.ts';
import { threadTimeMs } from '../src/common/clock.ts';
import type { BotLevel } from '../src/pinochle/levels.ts';
import type { HandOutcome } from './outcome.ts';

/** The bench's Bridge variants: the game's two forms, four persons and three with the blind. */
export const BRIDGE_VARIANTS = ['auction-bridge', 'auction-bridge-3'] as const;
export type BridgeVariant = (typeof BRIDGE_VARIANTS)[number];

/** Deals passed out before one is played: the rule bidders pass out rarely; this many means a bug. */
const MAX_REDEALS = 20;

export function playBridgeHand(task: {
  variant: BridgeVariant;
  seed: string;
  seats: BotLevel[];
}): HandOutcome {
  const config = auctionBridge.defaultConfig(task.variant);
  let state = createBridgeGame(config, task.seed);
  if (task.seats.length !== state.playerCount)
    throw new Error(`${task.variant} needs ${state.playerCount} seats`);
  const decisions: HandOutcome['decisions'] = [];
  let step = 0;
  const played = () => state.history.findIndex((hand) => hand.outcome === 'played');
  while (played() === -1) {
    if (state.history.length > MAX_REDEALS)
      throw new Error(`${task.variant}: ${MAX_REDEALS} deals passed out`);
    const seat = state.toAct[0]!;
    const level = task.seats[seat]!;
    const started = performance.now();
    const cpuStarted = threadTimeMs();
    const { action } = decideBridgeBot({
      view: bridgeView(state, seat),
      level,
      seed: `${task.seed}:bench:${seat}:${step++}`,
    });
    decisions.push({ level, ms: performance.now() - started, cpuMs: threadTimeMs() - cpuStarted });
    const result = applyBridge(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `${level} bot at seat ${seat} refused: ${JSON.stringify(action)}: ${result.rejection.message}`,
      );
    }
    state = result.state;
  }
  // Points per account (teams 0+2 / 1+3 with four players, each player with three): the game's own sheet.
  return { delta: auctionBridge.scoreSheet(state).rows[played()]!.delta, decisions };
}
