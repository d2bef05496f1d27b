/**
 * The build's compression step (vite.config.ts `precompress`): a brotli and a gzip copy
 * beside each text file, that decompress to the file; none for files that do not shrink.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../vite.config.ts';

describe('precompress', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'kibitz-precompress-'));
    await mkdir(join(dist, 'assets'));
  });
  afterEach(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('writes .br and .gz beside every text file, each decompressing to the file', async () => {
    const script = `export const suits = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `card-${i % 24}`))};\n`;
    const page = `<!doctype html><html><head><title>Kibitz</title></head><body>${'<p>Pinochle</p>'.repeat(40)}</body></html>`;
    await writeFile(join(dist, 'index.html'), page);
    await writeFile(join(dist, 'assets', 'index-Bq0SfwsA.js'), script);
    await writeFile(join(dist, 'assets', 'index-s6zq9rmR.css'), 'body { margin: 0; } '.repeat(50));

    const written = await precompress(dist);

    expect(written).toHaveLength(3);
    for (const [file, content] of [
      ['index.html', page],
      [join('assets', 'index-Bq0SfwsA.js'), script],
    ] as const) {
      const br = await readFile(join(dist, `${file}.br`));
      const gz = await readFile(join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).toString(), file).toBe(content);
      expect(gunzipSync(gz).toString(), file).toBe(content);
      expect(br.length, file).toBeLessThan(content.length);
      // Brotli at its strongest beats gzip on text this size.
      expect(br.length, file).toBeLessThanOrEqual(gz.length);
    }
  });

  it('leaves binary files alone and writes no copy that would not be smaller', async () => {
    await writeFile(join(dist, 'assets', 'card-back-AbCdEfGh.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(dist, 'tiny.txt'), 'A');
    await precompress(dist);
    expect((await readdir(dist, { recursive: true })).sort()).toEqual(
      ['assets', join('assets', 'card-back-AbCdEfGh.png'), 'tiny.txt'].sort(),
    );
  });
});
