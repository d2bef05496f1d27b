/**
 * Seeded randomness for bots. The rules package keeps its own PRNG private, so this is
 * a tiny sfc32 seeded from the exported SHA-256: same string, same stream, on every
 * machine, and never Math.random (games must replay exactly).
 */
import { sha256Hex } from '@kibitz/rules';

export function seededRandom(seed: string): () => number {
  const hex = sha256Hex(`kibitz-bot:${seed}`);
  let a = Number.parseInt(hex.slice(0, 8), 16);
  let b = Number.parseInt(hex.slice(8, 16), 16);
  let c = Number.parseInt(hex.slice(16, 24), 16);
  let d = Number.parseInt(hex.slice(24, 32), 16);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 still echo the seed words.
  for (let i = 0; i < 12; i++) next();
  return next;
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
