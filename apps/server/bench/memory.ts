/**
 * `pnpm bench:memory`: the idle memory of a started server, as a self-hoster starts it.
 *
 *     pnpm bench:memory -- [--seconds 30] [--json] [--restart] [--source] [--root DIR]
 *
 * Builds the server (apps/server/scripts/build.mjs), starts it as `pnpm serve` does
 * (`node apps/server/scripts/serve.mjs`; pnpm's own process is not the server's and is
 * left out) on a free port with the embedded store in a fresh temporary data directory,
 * waits until /readyz answers 200 (the times from spawn to /healthz, the code loaded and
 * the port open, and to /readyz, the store open too, are printed), then waits
 * `--seconds` with no table open and prints the resident memory (VmRSS, from /proc) of
 * the process it started and every process below it, each one and their sum.
 *
 * --restart   measure a second start on the data directory the first one made (the
 *             usual start: the store exists), after stopping the first (both ready
 *             times are printed)
 * --source    start it as `pnpm start` did before the build (tsx apps/server/src/main.ts,
 *             TypeScript compiled at run time), for a figure to compare with
 * --root DIR  the checkout to start (default: this one), e.g. an older commit's copy
 *
 * Linux only (/proc). Figures vary with the machine's load: run it on a quiet machine, and
 * compare only figures measured side by side.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../src/repo-root.ts';
import { type ProcessMemory, readTree, type TreeMemory } from './proc-tree.ts';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
    restart: { type: 'boolean', default: false },
    source: { type: 'boolean', default: false },
    root: { type: 'string', default: repoRoot },
  },
});
const idleSeconds = Number(options.seconds);
if (!Number.isFinite(idleSeconds) || idleSeconds < 0) throw new Error('--seconds must be a number ≥ 0');
const root = resolve(options.root);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The command that starts the server, from `root`. */
function command(): string[] {
  if (options.source) return [join(root, 'node_modules/.bin/tsx'), 'apps/server/src/main.ts'];
  return [process.execPath, 'apps/server/scripts/serve.mjs'];
}

interface Started {
  child: ChildProcess;
  port: number;
  /** Spawn to /healthz 200: the code loaded, the port open (the store not yet). */
  listeningMs: number;
  /** Spawn to /readyz 200: the store open, tables recovered. */
  readyMs: number;
}

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const [file, ...args] = command();
  const spawned = performance.now();
  const child = spawn(file!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KIBITZ_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  let listeningMs: number | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    if (listeningMs === undefined && (await answers(`http://127.0.0.1:${port}/healthz`)))
      listeningMs = performance.now() - spawned;
    if (listeningMs !== undefined && (await answers(`http://127.0.0.1:${port}/readyz`)))
      return { child, port, listeningMs, readyMs: performance.now() - spawned };
    await pause(20);
  }
  child.kill('SIGKILL');
  throw new Error('the server was not ready in 600 s');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

const mib = (kib: number) => kib / 1024;

function line(process: ProcessMemory, portPid: number | null): string {
  const marks = process.pid === portPid ? ' (on the port)' : '';
  return `  ${String(process.pid).padStart(7)}  ${mib(process.rssKiB).toFixed(1).padStart(7)} MiB  (anon ${mib(process.rssAnonKiB).toFixed(1)}, file ${mib(process.rssFileKiB).toFixed(1)})  ${String(process.threads).padStart(3)} threads  ${process.name}${marks}: ${process.command.slice(0, 90)}`;
}

async function main(): Promise<void> {
  if (process.platform !== 'linux' || !existsSync('/proc/self/status'))
    throw new Error('bench:memory reads /proc: Linux only');
  if (!options.source) {
    const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
      cwd: root,
      stdio: 'ignore',
    });
    if (built.status !== 0) throw new Error('the server build failed: run `pnpm build` to see why');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-bench-memory-'));
  const starts: { listeningMs: number; readyMs: number }[] = [];
  let tree: TreeMemory;
  try {
    let server = await start(dataDir);
    starts.push(server);
    if (options.restart) {
      await stop(server.child);
      server = await start(dataDir);
      starts.push(server);
    }
    await pause(idleSeconds * 1000);
    tree = readTree(server.child.pid!, server.port);
    await stop(server.child);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const result = {
    how: options.source
      ? 'tsx apps/server/src/main.ts (from source)'
      : 'node apps/server/scripts/serve.mjs (built)',
    root,
    webClient: existsSync(join(root, 'apps/web/dist/index.html')),
    starts: starts.map(({ listeningMs, readyMs }) => ({
      listeningMs: Math.round(listeningMs),
      readyMs: Math.round(readyMs),
    })),
    idleSeconds,
    totalRssMiB: Number(mib(tree.totalRssKiB).toFixed(1)),
    portPid: tree.portPid,
    processes: tree.processes,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const timings = result.starts.map(
    (times, at) =>
      `${at === 0 ? 'fresh data directory' : 'restart'}: listening ${times.listeningMs} ms, ready ${times.readyMs} ms`,
  );
  const lines = [
    `bench:memory: ${result.how}, embedded store, no table open`,
    `from spawn to /healthz, then /readyz 200: ${timings.join('; ')}`,
    `RSS ${idleSeconds} s after ready: ${result.totalRssMiB} MiB over ${tree.processes.length} process(es)`,
    ...tree.processes.map((process) => line(process, tree.portPid)),
    `load average at the end: ${result.loadAverage.join(' ')} (shared machines vary: compare side by side)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
