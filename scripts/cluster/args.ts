/**
 * The command lines of `pnpm cluster:up` and `pnpm cluster:down`: `--name value` pairs
 * (pnpm may pass the `--` that separates them from its own options; it is skipped).
 */
import { resolve } from 'node:path';

export function parseArgs(argv: readonly string[], known: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  const args = argv.filter((arg) => arg !== '--');
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith('--') || !known.includes(name.slice(2))) {
      throw new Error(`Unknown option ${name} (known: ${known.map((k) => `--${k}`).join(', ')})`);
    }
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    values.set(name.slice(2), value);
  }
  return values;
}

export function wholeNumber(values: Map<string, string>, name: string, fallback: number, min = 1): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

/** DIR as given, relative to where the command was typed (pnpm runs scripts at the root). */
export function dataDir(values: Map<string, string>): string {
  const dir = values.get('data');
  if (dir === undefined)
    throw new Error('--data DIR is required (the cluster keeps its logs and cluster.json there)');
  return resolve(process.env.INIT_CWD ?? process.cwd(), dir);
}
