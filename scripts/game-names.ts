/**
 * `pnpm check:game-names [--list]`: the production files that name a game outside the
 * games' own folders and the registries (issue 23: "Adding a game means adding it to the
 * registries"). Every such file is a place a new game would have to be written into by
 * hand, so there may be at most LIMIT of them; above it this exits 1. `--list` prints
 * each file with its first naming line.
 *
 * A game is named by its folder (`pinochle`, `bridge`), its id or any of its forms' ids
 * (`auction-west`, `double-deck`, …), as read from the rules' catalogue, in any spelling
 * (`double-deck`, `doubleDeck`, `Double Deck`, `DOUBLE_DECK`), in code, strings, comments
 * and import paths alike.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../packages/rules/src/game/catalogue.ts';

export const LIMIT = 10;

/** Where a game keeps its own code, per package: `<game>` is one of its folder names. */
const GAME_FOLDER_PATTERNS = [
  (game: string) => new RegExp(`^packages/[^/]+/src/(?:games/)?${game}/`),
  (game: string) => new RegExp(`^apps/web/src/games/${game}/`),
];

/**
 * The files that list the games: one registry per package, the rules' engine-free
 * catalogue and the web registry's lobby half (each game's house-rule sets).
 */
export const REGISTRIES = [
  'packages/rules/src/game/registry.ts',
  'packages/rules/src/game/catalogue.ts',
  'packages/protocol/src/games/index.ts',
  'packages/bots/src/registry.ts',
  'apps/web/src/games/registry.ts',
  'apps/web/src/games/forms.ts',
];

/** Not production code: tests and their helpers, benches, browser tests, generated code, tooling. */
const NOT_PRODUCTION = [
  /\.test\.ts$/,
  /(^|\/)test-support(\.ts$|\/)/,
  /\/testing\//,
  /\/bench\//,
  /\/e2e\//,
  /\/generated(-sqlite)?\//,
  // The cluster harness (tests, the capacity bench, `pnpm cluster:up`).
  /^apps\/server\/cluster\//,
];

const SOURCE = /\.(ts|mts|js|mjs|cjs|svelte)$/;

/** The games' folder names: every folder of the rules that holds a game module. */
export function gameFolders(files: readonly string[]): string[] {
  return files
    .map((file) => /^packages\/rules\/src\/([^/]+)\/module\.ts$/.exec(file)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}

/** Every spelling of a name made of words (`double-deck`): kebab, snake, camel, spaced. */
function spellingOf(name: string): string {
  return name
    .split('-')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[-_ ]?');
}

/** A pattern matching any game's name in any spelling (case-insensitive). */
export function gameNamePattern(names: readonly string[]): RegExp {
  const unique = [...new Set(names)].sort((a, b) => b.length - a.length);
  return new RegExp(unique.map(spellingOf).join('|'), 'i');
}

export function gameNames(folders: readonly string[]): string[] {
  return [...folders, ...CATALOGUE.flatMap((entry) => [entry.id, ...entry.forms.map((form) => form.id)])];
}

/** Whether a file counts: production code, outside every game's folder and the registries. */
export function counts(file: string, folders: readonly string[]): boolean {
  if (!SOURCE.test(file) || !/^(packages|apps)\/[^/]+\/src\//.test(file)) return false;
  if (NOT_PRODUCTION.some((pattern) => pattern.test(file))) return false;
  if (REGISTRIES.includes(file)) return false;
  return !folders.some((game) => GAME_FOLDER_PATTERNS.some((pattern) => pattern(game).test(file)));
}

export interface Naming {
  file: string;
  line: number;
  text: string;
}

/** The counted files naming a game, each with its first naming line. */
export function filesNamingAGame(files: readonly string[], read: (file: string) => string): Naming[] {
  const folders = gameFolders(files);
  const pattern = gameNamePattern(gameNames(folders));
  const found: Naming[] = [];
  for (const file of files) {
    if (!counts(file, folders)) continue;
    const lines = read(file).split('\n');
    const at = lines.findIndex((line) => pattern.test(line));
    if (at >= 0) found.push({ file, line: at + 1, text: lines[at]!.trim() });
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const found = filesNamingAGame(files, (file) => readFileSync(`${root}/${file}`, 'utf8'));
  const list = process.argv.includes('--list') || found.length > LIMIT;
  if (list) for (const { file, line, text } of found) console.log(`${file}:${line}: ${text.slice(0, 100)}`);
  console.log(
    `${found.length} production file(s) outside the game folders and registries name a game (at most ${LIMIT})`,
  );
  if (found.length > LIMIT) process.exit(1);
}
