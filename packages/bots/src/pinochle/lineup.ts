/** Seating helpers shared by the tests and the demo. */
import { type GameConfig, seatCount } from '@kibitz/rules/pinochle';
import type { Bot } from './bot.ts';
import { heuristicBot } from './heuristic/index.ts';
import { randomBot } from './random-bot.ts';

export type LineUp = 'heuristic' | 'random' | 'mixed';

/** One bot per seat: all heuristic, all random, or mixed (heuristic on even seats). */
export function lineUp(config: GameConfig, pattern: LineUp): Bot[] {
  return Array.from({ length: seatCount(config) }, (_, seat) => {
    if (pattern === 'mixed') return seat % 2 === 0 ? heuristicBot : randomBot;
    return pattern === 'heuristic' ? heuristicBot : randomBot;
  });
}
