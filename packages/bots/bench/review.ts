/**
 * `pnpm bench:review [-- --hands N --nodes N --forms a,b]`: the CPU time of the double-dummy
 * review of whole hands (issue 26: "a whole Bridge hand and a whole Cutthroat hand in well
 * under 10 s of CPU", the double deck within its labelled budget). Each hand is the first
 * hand played out of a game the quick bots play, seeded `review-bench:<form>:<n>`; the
 * figure is this process's CPU time (user + system) for the review alone, with how many
 * decisions were solved exactly. One thread; nothing else runs in it.
 */
import { parseArgs } from 'node:util';
import { applyBridge, type BridgeAction, createBridgeGame, parseBridgeConfig } from '@kibitz/rules/bridge';
import { type Action, apply, createGame, defaultConfig, type Variant } from '@kibitz/rules/pinochle';
import { bridgeBots } from '../src/bridge/module.ts';
import type { StoredLog } from '../src/common/module.ts';
import { pinochleBots } from '../src/pinochle/module.ts';
import { reviewExport } from '../src/review.ts';

type Form = Variant | 'auction-bridge' | 'auction-bridge-3';
const FORMS: readonly Form[] = [
  'auction-bridge',
  'auction-bridge-3',
  'cutthroat',
  'auction-west',
  'double-deck',
];

function bridgeHand(players: 3 | 4, seed: string): StoredLog {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', players });
  if (!parsed.ok) throw new Error('bridge config');
  let state = createBridgeGame(parsed.config, seed);
  const actions: { seat: number; action: BridgeAction }[] = [];
  while (!state.history.some((hand) => hand.outcome === 'played')) {
    const seat = state.toAct[0]!;
    const action = bridgeBots.quickMove(state, seat);
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    actions.push({ seat, action });
    state = result.state;
  }
  return { config: parsed.config, seed, actions };
}

function pinochleHand(variant: Variant, seed: string): StoredLog | null {
  const config = defaultConfig(variant);
  let state = createGame(config, seed);
  const actions: { seat: number; action: Action }[] = [];
  while (!state.history.some((hand) => hand.outcome === 'played')) {
    if (state.phase === 'game-over' || state.history.length > 30) return null;
    const seat = state.toAct[0]!;
    const action = pinochleBots.quickMove(state, seat);
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    actions.push({ seat, action });
    state = result.state;
  }
  return { config, seed, actions };
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const { values } = parseArgs({
  options: {
    hands: { type: 'string', default: '3' },
    nodes: { type: 'string' },
    forms: { type: 'string', default: FORMS.join(',') },
  },
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
});
const hands = Number(values.hands);
const nodes = values.nodes === undefined ? undefined : Number(values.nodes);
for (const form of values.forms.split(',') as Form[]) {
  const times: number[] = [];
  const exact: string[] = [];
  for (let n = 0; n < hands; n++) {
    const seed = `review-bench:${form}:${n}`;
    const log =
      form === 'auction-bridge' || form === 'auction-bridge-3'
        ? bridgeHand(form === 'auction-bridge' ? 4 : 3, seed)
        : pinochleHand(form, seed);
    if (log === null) continue;
    const since = process.cpuUsage();
    const review = reviewExport(
      { format: 'kibitz-game/1', game: { config: log.config, seed }, actions: log.actions },
      nodes === undefined ? {} : { nodes },
    );
    times.push(cpuMs(since));
    const hand = review.hands.at(-1)!;
    exact.push(`${hand.decisions.filter((d) => d.exact).length}/${hand.decisions.length}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
  console.log(
    `${form.padEnd(17)} hands ${times.length}  CPU per hand: mean ${(mean / 1000).toFixed(2)} s, max ${((sorted.at(-1) ?? 0) / 1000).toFixed(2)} s  exact decisions ${exact.join(' ')}`,
  );
}
