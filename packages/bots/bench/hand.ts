/**
 * One bench hand: the first deal of a game seeded `seed`, played to its score by bots of
 * the given level at each seat, each decision timed (wall and thread CPU). Plain JSON in and out, so a pool
 * thread can play it.
 */
import { apply, createGame, defaultConfig, type Variant, view } from '@kibitz/rules/pinochle';
import { seededRandom } from '../src/common/random.ts';
import { type BotLevel, levelBot } from '../src/pinochle/levels.ts';
import { BRIDGE_VARIANTS, type BridgeVariant, playBridgeHand } from './bridge-hand.ts';
import type { HandOutcome } from './outcome.ts';

export type { HandOutcome } from './outcome.ts';

/** The bench's variants: the Pinochle ones and Auction Bridge (four and three players). */
export type BenchVariant = Variant | BridgeVariant;

export interface HandTask {
  variant: BenchVariant;
  seed: string;
  /** Level per seat. */
  seats: BotLevel[];
}

function isBridge(variant: BenchVariant): variant is BridgeVariant {
  return (BRIDGE_VARIANTS as readonly string[]).includes(variant);
}

export function playHand(task: HandTask): HandOutcome {
  const { variant } = task;
  if (isBridge(variant)) return playBridgeHand({ ...task, variant });
  const config = defaultConfig(variant);
  let state = createGame(config, task.seed);
  if (task.seats.length !== state.seatCount)
    throw new Error(`${task.variant} needs ${state.seatCount} seats`);
  const decisions: HandOutcome['decisions'] = [];
  const bots = task.seats.map((level) =>
    levelBot(level, {
      // The levels' CPU budgets only: their wall cap guards a server's starved thread, and
      // on a loaded bench machine it would cut the search short at random.
      budget: { maxWallMs: Number.POSITIVE_INFINITY },
      onDecision: (ms, _deals, cpuMs) => decisions.push({ level, ms, cpuMs }),
    }),
  );
  const randoms = task.seats.map((_, seat) => seededRandom(`${task.seed}:bench:${seat}`));
  while (state.history.length === 0) {
    const seat = state.toAct[0]!;
    const action = bots[seat]!.decide(view(state, seat), randoms[seat]!);
    const result = apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `${task.seats[seat]} bot at seat ${seat} refused: ${JSON.stringify(action)}: ${result.rejection.message}`,
      );
    }
    state = result.state;
  }
  const result = state.history[0]!;
  const contract =
    result.bidder !== null && result.bid !== null
      ? { level: task.seats[result.bidder]!, bid: result.bid, outcome: result.outcome, made: result.made }
      : undefined;
  return { delta: result.delta, decisions, ...(contract ? { contract } : {}) };
}
