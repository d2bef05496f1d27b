/**
 * `pnpm demo`: heuristic bots play one full game of each variant and print the score
 * sheets. Seeds are fixed so the output is reproducible; `--seed X` picks another game,
 * `--variant V` plays only one variant.
 */
import { defaultConfig, formatScoreSheet, pinochle, VARIANTS, type Variant } from '@kibitz/rules/pinochle';
import type { Bot } from './bot.ts';
import { heuristicBot } from './heuristic/index.ts';
import { playGame } from './play-game.ts';

const TITLES: Record<Variant, string> = {
  'auction-west': 'Auction Pinochle West (3 players)',
  cutthroat: 'Cutthroat Pinochle (3 players)',
  'double-deck': 'Double Deck Partnership Pinochle (4 players, N/S vs E/W)',
};

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

function main(args: readonly string[]): void {
  const seed = option(args, 'seed');
  const only = option(args, 'variant');
  if (only !== undefined && !(VARIANTS as readonly string[]).includes(only)) {
    throw new Error(`unknown variant "${only}": choose one of ${VARIANTS.join(', ')}`);
  }
  const color = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  for (const variant of VARIANTS) {
    if (only !== undefined && variant !== only) continue;
    const config = defaultConfig(variant);
    const gameSeed = seed ?? `kibitz-demo-${variant}`;
    const bots: Bot[] = new Array(pinochle.table(config).seatCount).fill(heuristicBot);
    const started = performance.now();
    const { state, log } = playGame(config, gameSeed, bots);
    const ms = performance.now() - started;
    const target = state.target === null ? '' : `, target ${state.target}`;
    const heading = `${TITLES[variant]}: seed "${gameSeed}"${target}`;
    console.log(color ? `\x1b[1;36m${heading}\x1b[0m` : heading);
    console.log(formatScoreSheet(state, { color }));
    console.log(`${log.length} actions in ${ms.toFixed(0)} ms\n`);
  }
}

main(process.argv.slice(2));
