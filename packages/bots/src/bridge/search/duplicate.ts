/**
 * Duplicate comparison of two Bridge levels: every deal is played twice, once with `level`
 * in seats 0 and 2 and `against` in 1 and 3, once the other way round, so the luck of the
 * cards cancels. Bidding is rule-based at every level, so both tables reach the same
 * contract and only the card play differs. Four players; passed-out deals are left out.
 */
import {
  applyBridge,
  type BridgeConfig,
  type BridgeHandResult,
  bridgeView,
  createBridgeGame,
} from '@kibitz/rules/bridge';
import { type Estimate, estimate, partnershipDealScore } from '../../../bench/stats.ts';
import type { BotLevel } from '../../common/level.ts';
import { decideBridgeBot } from '../index.ts';
import type { BridgeSearchBudget } from './search.ts';

export interface DuplicateOptions {
  config: BridgeConfig;
  deals: number;
  seed: string;
  level: BotLevel;
  against: BotLevel;
  budget?: Partial<BridgeSearchBudget>;
  /** Overrides for `against` alone (after `budget`): the same level as it was, e.g. strong without exact solves. */
  againstBudget?: Partial<BridgeSearchBudget>;
  /** Start no deal after this many wall ms (the report counts the deals completed). */
  maxWallMs?: number;
}

export interface DuplicateReport {
  /** Deals played at both tables (passed-out ones are skipped). */
  deals: number;
  /** Tricks a hand `level`'s side takes beyond what `against`'s side took with the same cards. */
  tricks: Estimate;
  /** Points a hand (above and below the line) of `level`'s side less `against`'s, averaged over both tables. */
  points: Estimate;
}

/** The first hand of a rubber played out, `levels[seat % 2]` at each seat. */
function playHand(
  options: DuplicateOptions,
  dealSeed: string,
  levels: readonly [BotLevel, BotLevel],
  /** The seats (by seat % 2) that play `against`. */
  againstSide: 0 | 1,
): BridgeHandResult {
  let state = createBridgeGame(options.config, dealSeed);
  let step = 0;
  while (state.history.length === 0) {
    const seat = state.toAct[0]!;
    const view = bridgeView(state, seat);
    const { action } = decideBridgeBot({
      view,
      level: levels[seat % 2]!,
      seed: `${dealSeed}:${step++}`,
      budget: { ...options.budget, ...(seat % 2 === againstSide ? options.againstBudget : {}) },
    });
    const result = applyBridge(state, seat, action);
    if (!result.ok)
      throw new Error(`duplicate: seat ${seat} ${JSON.stringify(action)}: ${result.rejection.message}`);
    state = result.state;
  }
  return state.history[0]!;
}

/** Points written for each team in a hand. */
function teamPoints(result: BridgeHandResult): [number, number] {
  const points: [number, number] = [0, 0];
  for (const entry of result.entries) points[entry.account as 0 | 1] += entry.points;
  return points;
}

function teamTricks(result: BridgeHandResult): [number, number] {
  const declaring = result.contract!.declarer % 2;
  const tricks: [number, number] = [0, 0];
  tricks[declaring] = result.declarerTricks!;
  tricks[1 - declaring] = 13 - result.declarerTricks!;
  return tricks;
}

export function duplicateBridge(options: DuplicateOptions): DuplicateReport {
  if (options.config.players !== 4) throw new Error('duplicate comparison is for four players');
  const tricks: number[] = [];
  const points: number[] = [];
  const started = performance.now();
  for (let deal = 0; deal < options.deals; deal++) {
    if (performance.now() - started > (options.maxWallMs ?? Number.POSITIVE_INFINITY)) break;
    const seed = `${options.seed}:${deal}`;
    const first = playHand(options, seed, [options.level, options.against], 1);
    if (first.outcome === 'passed-out') continue;
    const second = playHand(options, seed, [options.against, options.level], 0);
    const [t1, t2] = [teamTricks(first), teamTricks(second)];
    const [p1, p2] = [teamPoints(first), teamPoints(second)];
    // `level` sat at team 0 in the first, team 1 in the second. A trick one side gains the
    // other loses, so the margin in tricks is twice the tricks gained.
    tricks.push(partnershipDealScore([t1, t2]) / 2);
    points.push(partnershipDealScore([p1, p2]));
  }
  return { deals: tricks.length, tricks: estimate(tricks), points: estimate(points) };
}
