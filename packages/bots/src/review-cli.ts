/**
 * `pnpm review -- --export FILE [--json] [--nodes N]`: the double-dummy review of every
 * finished hand of a game export (the JSON `/api/games/:id/log` serves). With --json one
 * JSON object `{"hands":[…]}` on stdout; without, a readable summary. A missing or bad
 * file, or bad arguments, end with a one-line message on stderr and exit code 2.
 */
import { readFileSync } from 'node:fs';
import type { GameReview } from './common/review.ts';
import { ReviewError, reviewExport } from './review.ts';

interface Args {
  file: string;
  json: boolean;
  nodes: number | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  let file: string | null = null;
  let json = false;
  let nodes: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue; // pnpm passes the separator on
    if (arg === '--json') json = true;
    else if (arg === '--export') file = argv[++i] ?? null;
    else if (arg === '--nodes') {
      nodes = Number(argv[++i]);
      if (!Number.isInteger(nodes) || nodes < 1)
        throw new ReviewError('bad-export', '--nodes needs a whole number above 0');
    } else
      throw new ReviewError(
        'bad-export',
        `unknown argument "${arg}" (use --export FILE [--json] [--nodes N])`,
      );
  }
  if (file === null) throw new ReviewError('bad-export', 'no export given: use --export FILE [--json]');
  return { file, json, nodes };
}

function readExport(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ReviewError(
      'bad-export',
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : String(code)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ReviewError('bad-export', `${file} is not JSON`);
  }
}

function describe(action: unknown): string {
  const card = (action as { card?: unknown }).card;
  return typeof card === 'string' ? card : JSON.stringify(action);
}

/** The review as text: each hand's par and result, and every decision that cost something. */
export function summary(review: GameReview): string {
  const lines: string[] = [];
  if (review.hands.length === 0) lines.push('No finished hand with card play in this export.');
  for (const hand of review.hands) {
    const { par } = hand;
    const estimated = hand.decisions.filter((d) => !d.exact).length;
    const label = par.exact ? '' : ' (estimate)';
    lines.push(`Hand ${hand.hand}: par ${par.value} ${par.unit}${label}, taken ${par.actual}`);
    for (const d of hand.decisions) {
      if (d.loss === 0) continue;
      const best = d.best.map(describe).join(' ');
      lines.push(
        `  v${d.version} seat ${d.seat} played ${describe(d.played)}: -${d.loss} ${par.unit}${d.exact ? '' : ' (estimate)'}; best ${best}`,
      );
    }
    const best = hand.decisions.filter((d) => d.loss === 0).length;
    lines.push(`  ${best} of ${hand.decisions.length} cards best; ${estimated} estimated`);
  }
  return `${lines.join('\n')}\n`;
}

function main(): void {
  try {
    const args = parseArgs(process.argv.slice(2));
    const review = reviewExport(readExport(args.file), args.nodes === undefined ? {} : { nodes: args.nodes });
    process.stdout.write(args.json ? `${JSON.stringify(review)}\n` : summary(review));
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error;
    process.stderr.write(`review: ${error.message}\n`);
    process.exitCode = 2;
  }
}

main();
