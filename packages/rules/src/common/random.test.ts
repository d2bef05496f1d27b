import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, dealSeed, sha256Hex, shuffle } from './random.ts';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on arbitrary strings, including multi-block and non-ASCII ones', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('seeded randomness', () => {
  it('reproduces the same sequence for the same seed and differs for another', () => {
    const a = createRandom('seed-1');
    const b = createRandom('seed-1');
    const c = createRandom('seed-2');
    const seqA = Array.from({ length: 20 }, a);
    expect(Array.from({ length: 20 }, b)).toEqual(seqA);
    expect(Array.from({ length: 20 }, c)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('derives distinct deal seeds per deal', () => {
    expect(dealSeed('g', 0)).not.toBe(dealSeed('g', 1));
    expect(dealSeed('g', 0)).toBe(dealSeed('g', 0));
    expect(dealSeed('g', 0)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shuffles into a permutation of the input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 100 }), fc.string(), (items, seed) => {
        const shuffled = shuffle(items, createRandom(seed));
        expect([...shuffled].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
  });

  it('puts each card in each position about equally often (chi-square sanity check)', () => {
    const random = createRandom('uniformity');
    const n = 6;
    const trials = 60_000;
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const items = [0, 1, 2, 3, 4, 5];
    for (let t = 0; t < trials; t++) {
      shuffle(items, random).forEach((item, position) => {
        counts[item]![position]!++;
      });
    }
    const expected = trials / n;
    let chi = 0;
    for (const row of counts) for (const observed of row) chi += (observed - expected) ** 2 / expected;
    // 25 degrees of freedom: the 99.99th percentile is about 61.
    expect(chi).toBeLessThan(61);
  });
});
