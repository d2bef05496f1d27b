/**
 * Measures the Bridge search (four players): `npx tsx packages/bots/src/bridge/search/run-duplicate.ts
 * [deals] [level] [against|strong-old] [layouts|clock] [timing hands] [max minutes] [seed]`. A duplicate comparison of `level` against
 * `against` (default normal against easy over 100 deals), then the CPU time of each of
 * `level`'s searched decisions at its real, clocked budget over a few hands (default 3), with the load.
 * Last line: one JSON object.
 */
import { loadavg } from 'node:os';
import { applyBridge, bridgeView, createBridgeGame, parseBridgeConfig } from '@kibitz/rules/bridge';
import { percentile } from '../../../bench/stats.ts';
import type { BotLevel } from '../../common/level.ts';
import { decideBridgeBot } from '../index.ts';
import { duplicateBridge } from './duplicate.ts';

const [
  dealsArg = '100',
  level = 'normal',
  againstArg = 'easy',
  layouts = 'clock',
  timingHands = '3',
  maxMinutes = 'Infinity',
  seed = 'bridge-duplicate',
] = process.argv.slice(2);
// `strong-old`: strong as it was before exact solves (play-outs only, its old 650 ms clock).
const against = againstArg === 'strong-old' ? 'strong' : againstArg;
const againstBudget = againstArg === 'strong-old' ? { exactNodes: 0, maxMs: 650 } : undefined;
const parsed = parseBridgeConfig({ game: 'auction-bridge' });
if (!parsed.ok) throw new Error('the default Bridge config does not parse');
const config = parsed.config;
const budget = layouts === 'clock' ? undefined : { deals: Number(layouts), maxMs: Number.POSITIVE_INFINITY };

const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const started = cpu();
const match = duplicateBridge({
  config,
  deals: Number(dealsArg),
  seed,
  level: level as BotLevel,
  against: against as BotLevel,
  ...(budget === undefined ? {} : { budget }),
  ...(againstBudget === undefined ? {} : { againstBudget }),
  maxWallMs: Number(maxMinutes) * 60_000,
});
const matchCpuS = (cpu() - started) / 1000;

// Decision times at the level's own budget (CPU clock), every seat at `level`.
const times: number[] = [];
for (let hand = 0; hand < Number(timingHands); hand++) {
  let state = createBridgeGame(config, `bridge-timing-${hand}`);
  let step = 0;
  while (state.history.length === 0) {
    const seat = state.toAct[0]!;
    const view = bridgeView(state, seat);
    const before = cpu();
    const decision = decideBridgeBot({ view, level: level as BotLevel, seed: `t${hand}:${step++}` });
    if (decision.deals > 0) times.push(cpu() - before);
    const result = applyBridge(state, seat, decision.action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
}
console.log(
  JSON.stringify({
    variant: 'auction-bridge',
    level,
    against: againstArg,
    layouts,
    ...match,
    matchCpuS,
    decisionCpuMs: { searched: times.length, p50: percentile(times, 50), p95: percentile(times, 95) },
    load: loadavg(),
  }),
);
