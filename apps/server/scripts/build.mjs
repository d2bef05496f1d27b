// The server as plain JavaScript, so production runs on `node` alone (no TypeScript
// compiler at run time): `node apps/server/scripts/build.mjs [--outdir DIR]`, run by
// `pnpm build` after the web client's build.
//
// - apps/server/src/main.ts is bundled into <outdir>/main.js (ESM, node20, source map
//   beside it). Our workspace packages (@kibitz/*, TypeScript) are inlined; npm packages
//   stay external and load from node_modules, so <outdir> must sit under apps/server
//   (the default, apps/server/dist, does) for them to be found.
// - Worker threads. A module names its worker script as
//       new URL('./some-worker.mjs', import.meta.url)
//   beside itself. The build finds every such reference in what it bundled and bundles
//   each script into <outdir>/some-worker.mjs, so the same URL finds the built worker
//   from the bundle and the source worker from source (tests, `pnpm dev`). A worker of
//   your own needs nothing else: keep it beside the module that starts it, under a name
//   no other worker has. In a bundled worker `KIBITZ_BUILT` is true (see
//   packages/bots/src/pool-worker.mjs: from source it registers tsx first).
// - Plain JavaScript on purpose: it runs before anything compiles TypeScript.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(serverDir, '../..');
/** Where `pnpm build` puts the server, and what `pnpm serve` and the Dockerfile run. */
export const defaultOutdir = join(serverDir, 'dist');
export const serverEntry = join(serverDir, 'src/main.ts');

/** Compilers that must never be needed at run time. */
const COMPILERS = new Set(['tsx', 'typescript', 'esbuild']);

/** A worker script named beside the module that starts it (see the header). */
const WORKER_REFERENCE = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Worker scripts `source` names with `new URL('./x', import.meta.url)`, as absolute paths.
 * Only a script beside the module can be found again from the bundle.
 */
export function workerReferences(source, file) {
  const found = [];
  for (const match of source.matchAll(WORKER_REFERENCE)) {
    const reference = match[2];
    if (!reference.startsWith('./') || reference.slice(2).includes('/'))
      throw new Error(
        `${relative(repoRoot, file)}: worker script ${reference} must sit beside the module that starts it ('./name.mjs'), or the built server cannot find it`,
      );
    found.push(resolve(dirname(file), reference));
  }
  return found;
}

/** Bundles @kibitz/* workspace sources; every other bare import stays external (and is noted). */
function externals(noted) {
  return {
    name: 'kibitz-externals',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@kibitz/')) return undefined;
        if (!args.path.startsWith('node:')) noted.add(packageName(args.path));
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundle(entry, outfile, noted) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    define: { KIBITZ_BUILT: 'true' },
    metafile: true,
    absWorkingDir: repoRoot,
    logLevel: 'warning',
    plugins: [externals(noted)],
  });
  return Object.keys(result.metafile.inputs).map((input) => resolve(repoRoot, input));
}

/** Whether `name` is installed where a module in `outdir` looks for it. */
function resolvableFrom(outdir, name) {
  for (let dir = outdir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** Builds the server into `outdir`; returns what it wrote and how long it took. */
export async function buildServer({ outdir = defaultOutdir } = {}) {
  const started = performance.now();
  outdir = resolve(outdir);
  await rm(outdir, { recursive: true, force: true });
  const noted = new Set();
  const written = [join(outdir, 'main.js')];
  let inputs = await bundle(serverEntry, written[0], noted);
  const workers = new Map(); // output name -> source
  for (let pending = inputs; pending.length > 0; ) {
    const found = pending.flatMap((file) =>
      /\.(m?[jt]s)$/.test(file) ? workerReferences(readFileSync(file, 'utf8'), file) : [],
    );
    pending = [];
    for (const worker of found) {
      const name = basename(worker);
      if (workers.get(name) === worker) continue;
      if (workers.has(name))
        throw new Error(`two worker scripts are named ${name} (${workers.get(name)}, ${worker}): rename one`);
      workers.set(name, worker);
      const outfile = join(outdir, name);
      written.push(outfile);
      inputs = await bundle(worker, outfile, noted);
      pending.push(...inputs);
    }
  }
  const compilers = [...noted].filter((name) => COMPILERS.has(name));
  if (compilers.length > 0)
    throw new Error(
      `the built server would load ${compilers.join(', ')} at run time: nothing may compile there`,
    );
  const missing = [...noted].filter((name) => !resolvableFrom(outdir, name));
  if (missing.length > 0)
    throw new Error(
      `${missing.join(', ')}: imported by the server's code but not installed where ${relative(repoRoot, outdir)} can load ${missing.length === 1 ? 'it' : 'them'}; add ${missing.length === 1 ? 'it' : 'them'} to apps/server/package.json`,
    );
  return { entry: written[0], written, workers: [...workers.values()], ms: performance.now() - started };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? resolve(process.argv[at + 1] ?? '') : defaultOutdir;
  const built = await buildServer({ outdir });
  process.stdout.write(
    `server built in ${Math.round(built.ms)} ms: ${built.written.map((file) => relative(repoRoot, file)).join(', ')}\n`,
  );
}
