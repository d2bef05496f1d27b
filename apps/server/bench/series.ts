/**
 * `pnpm bench:series --before DIR [--runs 3] [--out DIR] [--pool-only]`: this checkout's
 * `bench:server` against another checkout's (an older commit, made ready as FINDINGS.md
 * says), default runs one after the other, this one first, `--runs` times each; then every
 * round of both pooled: the median and mean kibitz/bare ratio per code, how many rounds
 * reached 50%, CPU per action and RSS, and a bootstrap interval for the difference, which
 * says whether the machine's swing alone could make it. Each run's output is kept in
 * `--out` (default: a new temporary directory); runs already there are pooled with the new
 * ones (to add to a series), and `--pool-only` pools what is there without running more.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatComparison, parseRounds, percent, type Round, summarise } from './series-stats.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    before: { type: 'string' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    'pool-only': { type: 'boolean', default: false },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1 (got ${JSON.stringify(values.runs)})`);
  process.exit(2);
}
if (values.before === undefined && !values['pool-only']) {
  console.error(
    '--before DIR is needed: the other checkout, ready to run (see apps/server/bench/FINDINGS.md)',
  );
  process.exit(2);
}
if (values['pool-only'] && values.out === undefined) {
  console.error('--pool-only needs --out DIR: the directory of an earlier series');
  process.exit(2);
}

const here = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'kibitz-series-')));
mkdirSync(out, { recursive: true });

/** A checkout's name: its commit, or its directory's name if it is not a git checkout. */
function nameOf(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return basename(dir);
  }
}

/** What `pnpm bench:server` runs in a checkout: its own tsx. */
const tsxOf = (dir: string) => join(dir, 'node_modules', '.bin', 'tsx');

/** The bench's entry in a checkout: apps/server/bench/, or src/bench/ in one from before it moved. */
const BENCH_ENTRIES = ['apps/server/bench/run.ts', 'apps/server/src/bench/run.ts'];
const benchEntryOf = (dir: string) => BENCH_ENTRIES.find((entry) => existsSync(join(dir, entry)));

/** One default `bench:server` run in `dir`, its output kept in `file`. */
function benchIn(dir: string, file: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(tsxOf(dir), [benchEntryOf(dir) ?? BENCH_ENTRIES[0]!], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      writeFileSync(file, text);
      if (code === 0) done(text);
      else fail(new Error(`bench:server in ${dir} exited with ${code}: its output is in ${file}`));
    });
  });
}

function pooled(prefix: string): Round[] {
  return readdirSync(out)
    .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith('.txt'))
    .sort()
    .flatMap((file) => parseRounds(readFileSync(join(out, file), 'utf8')));
}

/** The run numbers a series in `out` already has: new runs go after them, and all are pooled. */
function runsDone(): number {
  const numbers = readdirSync(out)
    .map((file) => /^this-(\d+)\.txt$/.exec(file)?.[1])
    .filter((number) => number !== undefined)
    .map(Number);
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

if (!values['pool-only']) {
  const before = resolve(values.before!);
  if (before === here) {
    console.error('--before names this checkout: give the other one');
    process.exit(2);
  }
  for (const dir of [here, before]) {
    if (benchEntryOf(dir) === undefined || !existsSync(tsxOf(dir))) {
      console.error(`${dir} is not a Kibitz checkout ready to run (pnpm install there first)`);
      process.exit(2);
    }
  }
  writeFileSync(join(out, 'before-name'), nameOf(before));
  const first = runsDone() + 1;
  console.log(
    `this checkout (${nameOf(here)}) against ${before} (${nameOf(before)}): ${runs} run(s) each; outputs in ${out}` +
      (first > 1 ? ` (after the ${first - 1} run(s) of each already there, pooled with them)` : ''),
  );
  for (let run = first; run < first + runs; run++) {
    for (const [name, dir] of [
      ['this', here],
      ['before', before],
    ] as const) {
      let output: string;
      try {
        output = await benchIn(dir, join(out, `${name}-${run}.txt`));
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      }
      const rounds = parseRounds(output);
      const summary = summarise(rounds);
      console.log(
        `  run ${run}, ${name.padEnd(6)}: ${rounds.map((round) => percent(round.ratio)).join(', ')} ` +
          `(cpu ${summary.medianCpuMsPerAction.toFixed(3)} ms/action)`,
      );
    }
  }
}

let beforeName = 'before';
try {
  beforeName = readFileSync(join(out, 'before-name'), 'utf8').trim() || beforeName;
} catch {
  // An older directory without the name: call it "before".
}
const now = pooled('this');
const old = pooled('before');
if (now.length === 0 || old.length === 0) {
  console.error(`no rounds to compare in ${out} (this: ${now.length}, before: ${old.length})`);
  process.exit(1);
}
console.log(`\n${formatComparison(now, old, beforeName)}`);
