/**
 * The bench's yardstick: a plain shuffle-and-deal of 48 cards, written here apart from the
 * engine so that work on the engine's own dealing cannot move it. Like a deal in the game
 * it hashes a seed (SHA-256, from node:crypto), seeds sfc32 from the hash, shuffles
 * (Fisher-Yates), cuts and deals three-card packets with a three-card widow.
 */
import { createHash } from 'node:crypto';

const DECK: readonly string[] = ['A', 'T', 'K', 'Q', 'J', '9'].flatMap((rank) =>
  ['S', 'H', 'D', 'C'].flatMap((suit) => [`${rank}${suit}`, `${rank}${suit}`]),
);

function sfc32(seed: Buffer): () => number {
  let a = seed.readUInt32BE(0);
  let b = seed.readUInt32BE(4);
  let c = seed.readUInt32BE(8);
  let d = seed.readUInt32BE(12);
  return () => {
    d = (d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Three hands of 15 and a widow of 3, dealt from `seed` by `dealer`. */
export function baselineDeal(seed: string, dealer: number): { hands: string[][]; widow: string[] } {
  const random = sfc32(createHash('sha256').update(seed).digest());
  const deck = [...DECK];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const cut = 1 + Math.floor(random() * (deck.length - 1));
  const cutDeck = [...deck.slice(cut), ...deck.slice(0, cut)];
  const hands: string[][] = [[], [], []];
  const widow = cutDeck.slice(9, 12);
  let next = 0;
  for (let pass = 0; pass < 5; pass++) {
    for (let i = 0; i < 3; i++) {
      hands[(dealer + 1 + i) % 3]!.push(...cutDeck.slice(next, next + 3));
      next += 3;
    }
    if (pass === 0) next += 3; // the widow, after the first pass
  }
  return { hands, widow };
}
