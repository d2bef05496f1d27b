/**
 * `pnpm bench:review [-- --hands N --nodes N --forms a,b]`: the CPU time of the double-dummy
 * review of whole hands (issue 26: "a whole Bridge hand and a whole Cutthroat hand in well
 * under 10 s of CPU", the double deck within its labelled budget). Each hand is the first
 * hand played out of a game the quick bots play, seeded `review-bench:<form>:<n>`; the
 * figure is this process's CPU time (user + system) for the review alone, with how many
 * decisions were solved exactly. One thread; nothing else runs in it.
 */
import { parseArgs } from 'node:util';
import { defaultConfig, type Variant } from '@kibitz/rules/pinochle';
import { bridgeConfig, firstPlayedBridgeHand } from '../src/bridge/test-support.ts';
import type { StoredLog } from '../src/common/module.ts';
import { firstPlayedHand } from '../src/pinochle/test-support.ts';
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
  const config = bridgeConfig({ players });
  return { config, seed, actions: firstPlayedBridgeHand(seed, config) };
}

function pinochleHand(variant: Variant, seed: string): StoredLog | null {
  const config = defaultConfig(variant);
  const actions = firstPlayedHand(config, seed);
  return actions === null ? null : { config, seed, actions };
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
