import { describe, expect, it } from 'vitest';
import {
  formatComparison,
  median,
  medianDifferenceInterval,
  parseRounds,
  summarise,
} from './series-stats.ts';

// Rows as `bench:server` printed them (session 11), this code's table and 98f234e's.
const now = `kibitz server bench: 32 Cutthroat tables (3 bot players + 1 spectator each), 2 round(s) of 8 s each, alternating with the baseline
                         actions/s   p50 ms   p99 ms loop busy  late ms server cpu cpu ms/action main ms/act client cpu heap/table KiB  rss MiB  samples
kibitz (pglite) #1            4982     5.63    16.45       81%       19       1.08        0.217       0.144       0.59             54      605    39870
bare socket.io #1             9253     3.28     9.39       70%       41       0.72        0.078       0.076       1.01             14      218    74027
kibitz (pglite) #2            3918     7.32    19.32       81%       21       1.12        0.285       0.187       0.56             48      563    31348
bare socket.io #2            10206     2.97     8.72       75%       18       0.74        0.073       0.071       1.02             14      213    81653

median round:
                         actions/s   p50 ms   p99 ms loop busy  late ms server cpu cpu ms/action main ms/act client cpu heap/table KiB  rss MiB  samples
kibitz (pglite)               4982     5.63    16.45       81%       19       1.08        0.217       0.144       0.59             54      605    39870
bare socket.io emit           9253     3.28     9.39       70%       41       0.72        0.078       0.076       1.01             14      218    74027
`;
const old = `                         actions/s   p50 ms   p99 ms loop busy server cpu client cpu heap/table KiB  rss MiB  samples
kibitz (pglite) #1            6323     4.44    14.88       85%       1.05       0.58             35      533    50583
bare socket.io #1            13025     2.30     5.85       76%       0.76       1.02             13      174   104214
kibitz (pglite) #2            6175     4.49    15.93       87%       1.06       0.58             38      509    49404
`;

// This table since session 12: PGlite's thread's CPU per action beside the main thread's.
const withDatabase = `                         actions/s   p50 ms   p99 ms loop busy  late ms server cpu cpu ms/action main ms/act db ms/act client cpu heap/table KiB  rss MiB  samples
kibitz (pglite) #1            3329     8.49    23.60       81%       25       1.10        0.330       0.212     0.081       0.55             52      619    26631
bare socket.io #1             7114     4.85    10.05       67%       16       0.70        0.098       0.097         -       1.00             14      207    56914
`;

// Since session 13: the main thread's write and read system calls per action too.
const withSyscalls = `                         actions/s   p50 ms   p99 ms loop busy  late ms server cpu cpu ms/action main ms/act db ms/act writes/act reads/act client cpu heap/table KiB  rss MiB  samples
kibitz (pglite) #1             842    30.94   138.96       59%      217       0.31        0.369       0.233     0.085       4.38      1.08       0.17             83      633    11786
bare socket.io #1             4077     7.91    43.11       43%       82       0.35        0.086       0.083         -       3.89      0.98       0.47             14      200    32678
`;

describe('parseRounds', () => {
  it("pairs each round's kibitz row with its bare row, in this table's layout", () => {
    const rounds = parseRounds(now);
    expect(rounds).toHaveLength(2);
    expect(rounds[0]!.ratio).toBeCloseTo(4982 / 9253, 6);
    expect(rounds[0]!.cpuMsPerAction).toBeCloseTo((1.08 * 1000) / 4982, 6);
    expect(rounds[0]!.rssMiB).toBe(605);
    expect(rounds[1]!.ratio).toBeCloseTo(3918 / 10206, 6);
    // The "median round" rows (no round number) are not rounds of their own.
    expect(rounds.map((round) => round.kibitzActionsPerSecond)).toEqual([4982, 3918]);
  });

  // Older layouts: a kibitz row without its bare row (the 9-column sample's #2) is left out.
  it.each([
    {
      layout: 'the older 9-column table',
      text: old,
      ratio: 6323 / 13025,
      cpu: (1.05 * 1000) / 6323,
      rss: 533,
    },
    {
      layout: 'the 15-column table, with system calls per action',
      text: withSyscalls,
      ratio: 842 / 4077,
      cpu: (0.31 * 1000) / 842,
      rss: 633,
    },
    {
      layout: "the 13-column table, whose bare row has no database thread ('-')",
      text: withDatabase,
      ratio: 3329 / 7114,
      cpu: (1.1 * 1000) / 3329,
      rss: 619,
    },
  ])('reads $layout', ({ text, ratio, cpu, rss }) => {
    const rounds = parseRounds(text);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.ratio).toBeCloseTo(ratio, 6);
    expect(rounds[0]!.cpuMsPerAction).toBeCloseTo(cpu, 6);
    expect(rounds[0]!.rssMiB).toBe(rss);
  });

  it('finds nothing in output without rounds (a run that failed)', () => {
    expect(parseRounds('Error: listen EADDRINUSE\n')).toEqual([]);
  });
});

describe('pooling', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('gives an interval around 0 for the same rounds, and one clear of 0 for rounds far apart', () => {
    const same = [0.45, 0.48, 0.5, 0.52, 0.55, 0.47, 0.49];
    const around = medianDifferenceInterval(same, same);
    expect(around.low).toBeLessThanOrEqual(0);
    expect(around.high).toBeGreaterThanOrEqual(0);
    const apart = medianDifferenceInterval(
      same.map((ratio) => ratio + 0.2),
      same,
    );
    expect(apart.low).toBeGreaterThan(0);
    // Seeded: the same rounds give the same interval.
    expect(medianDifferenceInterval(same, same)).toEqual(around);
  });

  it('summarises and prints both codes side by side', () => {
    const rounds = parseRounds(now);
    const summary = summarise(rounds);
    expect(summary.rounds).toBe(2);
    expect(summary.roundsAtHalf).toBe(1);
    expect(summary.rss).toEqual({ low: 563, high: 605 });
    const text = formatComparison(rounds, parseRounds(old), '98f234e');
    expect(text).toContain('this');
    expect(text).toContain('98f234e');
    expect(text).toMatch(/median ratio, this - 98f234e: -?\d+\.\d points \(95% bootstrap interval/);
  });
});
