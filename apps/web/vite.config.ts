/**
 * The web client's build. `pnpm dev` serves it with hot reload and forwards socket.io
 * and /api to the game server (KIBITZ_SERVER, default http://127.0.0.1:3000);
 * `pnpm build` writes the production files to dist/, which the server serves, each text
 * file with a brotli (.br) and a gzip (.gz) copy beside it (see `precompress`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `file.br` and `file.gz` next to every compressible file under `dir`, at the
 * strongest settings (done once per build, so their cost does not matter; the server
 * then sends them as they are, see apps/server/src/http/web-client.ts). A copy that
 * would not be smaller than the file is not written: the server sends the file instead.
 * Returns what it wrote, for the build's report.
 */
export async function precompress(
  dir: string,
): Promise<{ file: string; size: number; br: number; gz: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      return { file, size: content.length, br: br.length, gz: gz.length };
    }),
  );
}

/** `precompress` once the build has written its files, over whatever directory it wrote. */
function precompressPlugin(): Plugin {
  let root = '';
  return {
    name: 'kibitz:precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options) {
      if (options.dir) await precompress(resolve(root, options.dir));
    },
  };
}

const server = process.env.KIBITZ_SERVER ?? 'http://127.0.0.1:3000';
const proxy = {
  '/socket.io': { target: server, ws: true },
  '/api': { target: server },
};

export default defineConfig({
  plugins: [svelte(), precompressPlugin()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      // Timing warnings say more about a busy machine than about the build.
      checks: { bundlerTimings: false },
      // The rules package is pure (its modules only build lookup tables when loaded) but does
      // not say so in its package.json: without this, its barrel file drags the whole engine
      // into the main bundle, when only the replay page needs it.
      treeshake: { moduleSideEffects: (id: string) => !/[/]packages[/](rules|protocol)[/]src[/]/.test(id) },
    },
  },
});
