/**
 * Seeded randomness for bots: the rules package's generator on a bot-specific seed, so the
 * same string gives the same stream on every machine, never Math.random (games must replay).
 */
import { createRandom } from '@kibitz/rules';

export function seededRandom(seed: string): () => number {
  return createRandom(`kibitz-bot:${seed}`);
}

/** A uniformly chosen element; the list must not be empty. */
export function pick<T>(items: readonly T[], random: () => number): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** `count` distinct positions of `items`, uniformly, as the items at those positions. */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) {
    const index = Math.floor(random() * pool.length);
    chosen.push(pool[index]!);
    pool.splice(index, 1);
  }
  return chosen;
}
