/**
 * `pnpm bench:bots`: duplicate matches of each bot level against the one below, for every
 * variant. The same deals are replayed with the seats rotated, so each level plays the
 * same cards and the luck of the deal cancels:
 * - three-handed: one bot of the level and two of the level below, the level taking each
 *   seat in turn (3 hands per deal); a deal is won when the level's total over the three
 *   seats beats the average of the lower level on those same seats (ties count half).
 *   Metric: win rate, 95% interval.
 * - double deck and four-person Auction Bridge: the level's team as seats 0+2, then 1+3
 *   (2 hands per deal). Metric: the level's team's score change less the other team's,
 *   per hand, 95% interval.
 * - three-person Auction Bridge (`auction-bridge-3`, each player scores alone) as the
 *   three-handed Pinochle variants: the level at each seat in turn, win rate.
 * Each deal is the first hand of a game seeded `<seed>:<variant>:<n>` (Bridge: the first
 * hand played out; every level bids by the same deterministic rules, so every rotation
 * reaches the same contract and only the card play differs).
 * Decision times are the deciding thread's CPU time (search/clock.ts; the levels' budgets
 * are on the same clock, "on one core"), so a loaded machine gives comparable figures;
 * wall times are printed beside them.
 *
 * Options: --deals N (per variant and pairing; default 20), --variants a,b,
 * --pairs normal:easy,strong:normal, --threads N (1 = this thread; more = a worker pool),
 * --seed S, --max-minutes M (stop starting deals after M minutes; the report says how
 * many completed), --json (last line: one JSON object, the shape of issue 10). Interrupted
 * (SIGINT, SIGTERM), a run still reports the deals it completed.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { VARIANTS } from '@kibitz/rules/pinochle';
import { Piscina } from 'piscina';
import type { BotLevel } from '../src/pinochle/levels.ts';
import { BRIDGE_VARIANTS } from './bridge-hand.ts';
import { type BenchVariant, type HandOutcome, type HandTask, playHand } from './hand.ts';
import { estimate, partnershipDealScore, percentile, threeHandedDealScore } from './stats.ts';

const { values } = parseArgs({
  // `pnpm bench:bots -- --deals 5` hands the script the `--` itself: not an argument.
  args: process.argv.slice(2).filter((arg, i) => i > 0 || arg !== '--'),
  options: {
    deals: { type: 'string', default: '20' },
    variants: { type: 'string', default: [...VARIANTS, ...BRIDGE_VARIANTS].join(',') },
    pairs: { type: 'string', default: 'normal:easy,strong:normal' },
    threads: { type: 'string', default: '1' },
    seed: { type: 'string', default: 'bench' },
    'max-minutes': { type: 'string', default: 'Infinity' },
    json: { type: 'boolean', default: false },
  },
});

const LEVELS: readonly BotLevel[] = ['easy', 'normal', 'strong'];
function level(name: string): BotLevel {
  if (!(LEVELS as readonly string[]).includes(name)) throw new Error(`unknown level "${name}"`);
  return name as BotLevel;
}
const BENCH_VARIANTS: readonly BenchVariant[] = [...VARIANTS, ...BRIDGE_VARIANTS];
function variant(name: string): BenchVariant {
  if (!(BENCH_VARIANTS as readonly string[]).includes(name)) throw new Error(`unknown variant "${name}"`);
  return name as BenchVariant;
}
/** Two teams of two (duplicate: two hands a deal, points per hand), else each seat alone (win rate). */
function partnership(v: BenchVariant): boolean {
  return v === 'double-deck' || v === 'auction-bridge';
}

const deals = Number(values.deals);
const threads = Math.max(1, Math.min(Number(values.threads), availableParallelism()));
const maxMs = Number(values['max-minutes']) * 60_000;
const variants = values.variants.split(',').map(variant);
const pairs = values.pairs.split(',').map((pair) => {
  const [a, b] = pair.split(':');
  return { level: level(a ?? ''), against: level(b ?? '') };
});
if (!Number.isInteger(deals) || deals < 1) throw new Error('--deals must be a positive integer');

interface Match {
  variant: BenchVariant;
  level: BotLevel;
  against: BotLevel;
  scores: number[];
  /** Contracts by the bidder's level: hands bid, bid total, made, set (played and lost), conceded, other. */
  contracts: Map<
    BotLevel,
    { hands: number; bids: number; made: number; set: number; conceded: number; other: number }
  >;
}

/** The hands of one deal: the stronger level rotated through the seats. */
function rotations(match: Match, seed: string): HandTask[] {
  if (partnership(match.variant)) {
    return [0, 1].map((team) => ({
      variant: match.variant,
      seed,
      seats: [0, 1, 2, 3].map((seat) => (seat % 2 === team ? match.level : match.against)),
    }));
  }
  return [0, 1, 2].map((aSeat) => ({
    variant: match.variant,
    seed,
    seats: [0, 1, 2].map((seat) => (seat === aSeat ? match.level : match.against)),
  }));
}

const matches: Match[] = pairs.flatMap((pair) =>
  variants.map((v) => ({ variant: v, ...pair, scores: [], contracts: new Map() })),
);
/** Per level: each decision's thread CPU milliseconds (the budgets' clock) and wall milliseconds. */
const decisionTimes = new Map<BotLevel, number[]>(LEVELS.map((l) => [l, []]));
const wallTimes = new Map<BotLevel, number[]>(LEVELS.map((l) => [l, []]));
const pool =
  threads > 1
    ? new Piscina<HandTask, HandOutcome>({
        filename: new URL('./bench-worker.mjs', import.meta.url).href,
        minThreads: threads,
        maxThreads: threads,
      })
    : null;
const play = (task: HandTask): Promise<HandOutcome> =>
  pool ? pool.run(task) : Promise.resolve(playHand(task));

const started = performance.now();
let stopped = false;
/** Deals in round-robin over the matches, so a run stopped by the clock stays balanced. */
const queue: { match: Match; n: number }[] = [];
for (let n = 0; n < deals; n++) for (const match of matches) queue.push({ match, n });

async function playDeal({ match, n }: { match: Match; n: number }): Promise<void> {
  const hands = await Promise.all(rotations(match, `${values.seed}:${match.variant}:${n}`).map(play));
  for (const hand of hands) {
    for (const d of hand.decisions) {
      decisionTimes.get(d.level)!.push(d.cpuMs);
      wallTimes.get(d.level)!.push(d.ms);
    }
  }
  for (const { contract } of hands) {
    if (contract === undefined) continue;
    let tally = match.contracts.get(contract.level);
    if (tally === undefined) {
      tally = { hands: 0, bids: 0, made: 0, set: 0, conceded: 0, other: 0 };
      match.contracts.set(contract.level, tally);
    }
    tally.hands++;
    tally.bids += contract.bid;
    if (contract.outcome === 'conceded') tally.conceded++;
    else if (contract.made === true) tally.made++;
    else if (contract.made === false) tally.set++;
    else tally.other++;
  }
  const deltas = hands.map((hand) => hand.delta);
  match.scores.push(
    partnership(match.variant)
      ? partnershipDealScore([deltas[0]!, deltas[1]!])
      : threeHandedDealScore(deltas),
  );
}

async function worker(): Promise<void> {
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (performance.now() - started > maxMs) {
      stopped = true;
      return;
    }
    await playDeal(next);
    // One thread plays its hands synchronously: let a signal's handler in between deals.
    await new Promise((resolve) => setImmediate(resolve));
    const done = matches.reduce((sum, m) => sum + m.scores.length, 0);
    if (done % 10 === 0) {
      // The running scores, so a long run cut short still showed where it was heading.
      const scores = matches
        .filter((m) => m.scores.length > 0)
        .map((m) => {
          const { mean, ci95 } = estimate(m.scores);
          return `${m.variant} ${m.level}:${m.against} ${mean.toFixed(3)} [${ci95[0].toFixed(3)}, ${ci95[1].toFixed(3)}]`;
        });
      process.stderr.write(
        `${done}/${deals * matches.length} deals, ${((performance.now() - started) / 1000).toFixed(0)} s; ${scores.join('; ')}\n`,
      );
    }
  }
}

/** The report of the deals completed so far: printed at the end, or when the run is interrupted. */
function printReport(interrupted: string | null): void {
  const seconds = (performance.now() - started) / 1000;

  const round = (x: number, digits = 3): number => Number(x.toFixed(digits));
  const report = matches.map((match) => {
    const { mean, ci95 } = estimate(match.scores);
    const metric = partnership(match.variant) ? 'points-per-hand' : 'win-rate';
    return {
      variant: match.variant,
      level: match.level,
      against: match.against,
      deals: match.scores.length,
      metric,
      score: round(mean),
      ci95: [round(ci95[0]), round(ci95[1])] as [number, number],
    };
  });

  console.log(
    `bench:bots: ${threads} thread(s), ${seconds.toFixed(0)} s${interrupted ? ` (interrupted by ${interrupted}: the deals completed by then)` : stopped ? ` (stopped by --max-minutes ${values['max-minutes']})` : ''}`,
  );
  for (const row of report) {
    const clear = row.metric === 'win-rate' ? row.ci95[0] > 0.5 : row.ci95[0] > 0;
    console.log(
      `  ${row.variant.padEnd(13)} ${row.level} vs ${row.against}: ${row.metric} ${row.score} ` +
        `(95% CI ${row.ci95[0]} to ${row.ci95[1]}) over ${row.deals} deals: ${clear ? 'clear of even' : 'NOT clear of even'}`,
    );
  }
  for (const match of matches) {
    // Who won the auctions and how their contracts ended (all rotations; Pinochle only).
    const tallies = [...match.contracts].map(
      ([l, t]) =>
        `${l} ${t.hands} (bid ${(t.bids / t.hands).toFixed(1)} on average): made ${t.made}, set ${t.set}, conceded ${t.conceded}` +
        (t.other > 0 ? `, other ${t.other}` : ''),
    );
    if (tallies.length > 0)
      console.log(`  ${match.variant} ${match.level}:${match.against} contracts: ${tallies.join('; ')}`);
  }
  for (const l of LEVELS) {
    const times = decisionTimes.get(l)!;
    if (times.length === 0) continue;
    const total = times.reduce((a, b) => a + b, 0);
    const wall = wallTimes.get(l)!;
    console.log(
      `  ${l.padEnd(6)} ${times.length} decisions, ${(times.length / (total / 1000)).toFixed(1)} decisions/s of CPU, ` +
        `CPU p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
        `max ${Math.max(...times).toFixed(1)} ms; wall p50 ${percentile(wall, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(wall, 95).toFixed(1)} ms`,
    );
  }
  if (values.json) {
    const ms = (l: BotLevel) => {
      const times = decisionTimes.get(l)!;
      return { p50: round(percentile(times, 50), 1), p95: round(percentile(times, 95), 1) };
    };
    console.log(
      JSON.stringify({ matches: report, decisionMs: { normal: ms('normal'), strong: ms('strong') } }),
    );
  }
}

// Interrupted (Ctrl-C, a timeout's SIGTERM): the deals completed so far are still reported.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    printReport(signal);
    process.exit(130);
  });
}

// Enough deals in flight to keep every thread busy (a deal is two or three hands).
await Promise.all(Array.from({ length: pool ? threads : 1 }, worker));
await pool?.close();
printReport(null);
