/**
 * What `bench:series` reads from `pnpm bench:server`'s output and how it pools runs of two
 * checkouts into one comparison. Plain functions over text, so they read the output of
 * older commits too: their table had 9 columns (before `late ms`, `cpu ms/action` and
 * `main ms/act` were added), then 12, then 13 (with `db ms/act`), this one's 15 (with
 * `writes/act` and `reads/act`).
 */

/** One round: the real server's window and the bare server's window right after it. */
export interface Round {
  /** kibitz actions/s over bare actions/s. */
  ratio: number;
  kibitzActionsPerSecond: number;
  /** The real server's CPU time per action (ms): its cores busy over its actions/s. */
  cpuMsPerAction: number;
  rssMiB: number;
}

interface Window {
  actionsPerSecond: number;
  serverCores: number;
  rssMiB: number;
}

const ROW = /^(kibitz \([^)]*\)|bare socket\.io) #(\d+)\s+(.+)$/;

/** The figures of one table row, or null if its columns are not a layout this knows. */
function windowOf(columns: string[]): Window | null {
  const numbers = columns.map((column) => Number.parseFloat(column));
  // 15 columns: actions/s p50 p99 busy late cpu cpu/action main/action db/action writes reads client heap rss samples.
  if (numbers.length === 15)
    return { actionsPerSecond: numbers[0]!, serverCores: numbers[5]!, rssMiB: numbers[13]! };
  // 13 columns: actions/s p50 p99 busy late cpu cpu/action main/action db/action client heap rss samples.
  if (numbers.length === 13)
    return { actionsPerSecond: numbers[0]!, serverCores: numbers[5]!, rssMiB: numbers[11]! };
  // 12 columns: actions/s p50 p99 busy late cpu cpu/action main/action client heap rss samples.
  if (numbers.length === 12)
    return { actionsPerSecond: numbers[0]!, serverCores: numbers[5]!, rssMiB: numbers[10]! };
  // 9 columns (older): actions/s p50 p99 busy cpu client heap rss samples.
  if (numbers.length === 9)
    return { actionsPerSecond: numbers[0]!, serverCores: numbers[4]!, rssMiB: numbers[7]! };
  return null;
}

/** The rounds of one `bench:server` run's output (rounds whose kibitz or bare row is missing are left out). */
export function parseRounds(output: string): Round[] {
  const kibitz = new Map<number, Window>();
  const bare = new Map<number, Window>();
  for (const line of output.split('\n')) {
    const match = ROW.exec(line.trimEnd());
    if (match === null) continue;
    const window = windowOf(match[3]!.trim().split(/\s+/));
    if (window === null) continue;
    (match[1]!.startsWith('kibitz') ? kibitz : bare).set(Number(match[2]), window);
  }
  const rounds: Round[] = [];
  for (const [round, ours] of [...kibitz].sort(([a], [b]) => a - b)) {
    const baseline = bare.get(round);
    if (baseline === undefined || baseline.actionsPerSecond <= 0 || ours.actionsPerSecond <= 0) continue;
    rounds.push({
      ratio: ours.actionsPerSecond / baseline.actionsPerSecond,
      kibitzActionsPerSecond: ours.actionsPerSecond,
      cpuMsPerAction: (ours.serverCores * 1000) / ours.actionsPerSecond,
      rssMiB: ours.rssMiB,
    });
  }
  return rounds;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A small seeded generator (mulberry32): the same interval for the same rounds, run after run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 95% bootstrap interval for median(a) - median(b): both samples drawn again with
 * replacement `draws` times. It says how far the machine's swing alone moves the
 * difference; an interval that holds 0 is no evidence either way.
 */
export function medianDifferenceInterval(
  a: readonly number[],
  b: readonly number[],
  draws = 10_000,
  seed = 1,
): { low: number; high: number } {
  if (a.length === 0 || b.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = seeded(seed);
  const resample = (values: readonly number[]) =>
    values.map(() => values[Math.floor(random() * values.length)]!);
  const differences: number[] = [];
  for (let draw = 0; draw < draws; draw++) differences.push(median(resample(a)) - median(resample(b)));
  differences.sort((x, y) => x - y);
  return {
    low: differences[Math.floor(draws * 0.025)]!,
    high: differences[Math.min(draws - 1, Math.floor(draws * 0.975))]!,
  };
}

export interface Summary {
  rounds: number;
  medianRatio: number;
  meanRatio: number;
  roundsAtHalf: number;
  medianCpuMsPerAction: number;
  rss: { low: number; high: number };
}

export function summarise(rounds: readonly Round[]): Summary {
  const ratios = rounds.map((round) => round.ratio);
  const rss = rounds.map((round) => round.rssMiB);
  return {
    rounds: rounds.length,
    medianRatio: median(ratios),
    meanRatio: mean(ratios),
    roundsAtHalf: ratios.filter((ratio) => ratio >= 0.5).length,
    medianCpuMsPerAction: median(rounds.map((round) => round.cpuMsPerAction)),
    rss: { low: Math.min(...rss), high: Math.max(...rss) },
  };
}

/** A ratio as `bench:series` prints it: 0.473 -> "47.3%". */
export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The comparison as `bench:series` prints it. */
export function formatComparison(
  now: readonly Round[],
  before: readonly Round[],
  beforeName: string,
): string {
  const line = (name: string, summary: Summary) =>
    `${name.padEnd(12)} ${String(summary.rounds).padStart(6)} ${percent(summary.medianRatio).padStart(12)} ` +
    `${percent(summary.meanRatio).padStart(10)} ${`${summary.roundsAtHalf}/${summary.rounds}`.padStart(9)} ` +
    `${summary.medianCpuMsPerAction.toFixed(3).padStart(13)} ${`${summary.rss.low.toFixed(0)}-${summary.rss.high.toFixed(0)}`.padStart(9)}`;
  const ours = summarise(now);
  const theirs = summarise(before);
  const interval = medianDifferenceInterval(
    now.map((round) => round.ratio),
    before.map((round) => round.ratio),
  );
  return [
    `${'code'.padEnd(12)} ${'rounds'.padStart(6)} ${'kibitz/bare'.padStart(12)} ${'mean'.padStart(10)} ${'>= 50%'.padStart(9)} ${'cpu ms/action'.padStart(13)} ${'rss MiB'.padStart(9)}`,
    line('this', ours),
    line(beforeName, theirs),
    `median ratio, this - ${beforeName}: ${((ours.medianRatio - theirs.medianRatio) * 100).toFixed(1)} points ` +
      `(95% bootstrap interval ${(interval.low * 100).toFixed(1)} to ${(interval.high * 100).toFixed(1)}); ` +
      `cpu per action ${(ours.medianCpuMsPerAction / theirs.medianCpuMsPerAction).toFixed(2)}x`,
  ].join('\n');
}
