/**
 * Seeded randomness. Every deal is a pure function of the game seed and the deal's
 * number, so a game is reproduced by (config, seed, actions). A deal's own seed is
 * derived through SHA-256 so that revealing it after the hand (the server's fairness
 * commitment) gives away neither the game seed nor any later deal.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const ENCODER = new TextEncoder();
/** Scratch for the padded message; grown on demand (the engine's seeds fit in two blocks). */
let buffer = new Uint8Array(128);
const W = new Int32Array(64);
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * SHA-256 (FIPS 180-4) of a UTF-8 string, as 8 big-endian words. Every deal hashes its
 * seed, so this avoids allocating: ASCII is copied byte by byte (only other text goes
 * through TextEncoder), and the state lives in locals and reused typed arrays.
 */
function sha256Words(text: string): Uint32Array {
  let length = text.length;
  let encoded: Uint8Array | null = null;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      encoded = ENCODER.encode(text);
      length = encoded.length;
      break;
    }
  }
  const blocks = Math.ceil((length + 9) / 64);
  const size = blocks * 64;
  if (buffer.length < size) buffer = new Uint8Array(size);
  const bytes = buffer;
  if (encoded !== null) bytes.set(encoded);
  else for (let i = 0; i < length; i++) bytes[i] = text.charCodeAt(i);
  bytes.fill(0, length, size);
  bytes[length] = 0x80;
  const high = Math.floor((length * 8) / 0x100000000);
  const low = (length * 8) >>> 0;
  for (let i = 0; i < 4; i++) {
    bytes[size - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    bytes[size - 4 + i] = (low >>> (24 - 8 * i)) & 0xff;
  }
  const w = W;
  let h0 = 0x6a09e667 | 0;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372 | 0;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f | 0;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab | 0;
  let h7 = 0x5be0cd19 | 0;
  for (let offset = 0; offset < size; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + K[i]! + w[i]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  return Uint32Array.of(h0, h1, h2, h3, h4, h5, h6, h7);
}

export function sha256Hex(text: string): string {
  let hex = '';
  for (const word of sha256Words(text)) {
    hex += HEX[word >>> 24]! + HEX[(word >>> 16) & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[word & 0xff]!;
  }
  return hex;
}

/** The seed of deal number `dealNumber` (0-based) of a game: one-way from the game seed. */
export function dealSeed(gameSeed: string, dealNumber: number): string {
  return sha256Hex(`kibitz-deal:${dealNumber}:${gameSeed}`);
}

/** sfc32: a small, fast, well-tested 32-bit generator, seeded from the SHA-256 of a string. */
export function createRandom(seed: string): () => number {
  return sfc32(sha256Words(seed));
}

/** Value of a lower-case hex digit by character code, -1 for anything else. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) HEX_DIGIT[digit.toString(16).charCodeAt(0)] = digit;

/**
 * A generator seeded directly from a deal seed (64 hex digits, already a SHA-256 output),
 * saving a second hash on every deal.
 */
export function createRandomFromHex(hex: string): () => number {
  let valid = hex.length === 64;
  for (let i = 0; valid && i < 64; i++) valid = (HEX_DIGIT[hex.charCodeAt(i)] ?? -1) >= 0;
  if (!valid) return createRandom(hex);
  const words = new Uint32Array(4);
  for (let i = 0; i < 32; i++) words[i >> 3] = (words[i >> 3]! << 4) | HEX_DIGIT[hex.charCodeAt(i)]!;
  return sfc32(words);
}

function sfc32(words: Uint32Array): () => number {
  let a = words[0]!;
  let b = words[1]!;
  let c = words[2]!;
  let d = words[3]!;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** An integer in [0, bound). */
export function randomInt(random: () => number, bound: number): number {
  return Math.floor(random() * bound);
}

/** Fisher-Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  // Spread, not slice: slice of a frozen array (the decks) takes a slow path in V8.
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    const tmp = result[i]!;
    result[i] = result[j]!;
    result[j] = tmp;
  }
  return result;
}
