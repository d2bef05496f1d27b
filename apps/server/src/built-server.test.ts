/**
 * The built server (`pnpm build`, then `pnpm serve`): the build script bundles it into a
 * folder of its own here, and plain `node` (nothing compiles TypeScript) starts it. It
 * answers /readyz, holds no bot pool thread until a normal bot plays, and that bot
 * thinks in the built pool worker. `pnpm serve` with nothing built says so in one line.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOT_THREAD_NAME } from '@kibitz/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOver, type TestClient } from '../testing/clients.ts';
import { openTable, SETUP_TIMEOUT } from '../testing/server.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const linux = process.platform === 'linux' && existsSync('/proc/self/task');

/** Threads of process `pid` that call themselves `name` (Linux). */
function threadsNamed(pid: number, name: string): number {
  return readdirSync(`/proc/${pid}/task`).filter((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() === name;
    } catch {
      return false; // the thread ended while we looked
    }
  }).length;
}

describe('the built server', () => {
  let outdir: string;
  let dataDir: string;
  let server: ChildProcess;
  let url: string;
  let output = '';
  const clients: TestClient[] = [];

  beforeAll(async () => {
    // Under apps/server, as the build requires: the bundle loads npm packages from there.
    outdir = await mkdtemp(join(serverDir, '.test-build-'));
    dataDir = await mkdtemp(join(tmpdir(), 'kibitz-built-'));
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], {
      cwd: serverDir,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`the build failed: ${built.stderr}`);
    server = spawn(process.execPath, [join(outdir, 'main.js')], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        KIBITZ_DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        KIBITZ_BOT_THREADS: '1',
        KIBITZ_BOT_DELAY_MS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    url = await new Promise<string>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const at = /Kibitz is ready.*?(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (at) resolve(at[1]!);
      });
      server.on('exit', (code) => reject(new Error(`the built server exited (${code}): ${output}`)));
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    for (const client of clients) client.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (outdir) await rm(outdir, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs on node alone: the build names no compiler, and the server answers /readyz', async () => {
    for (const file of readdirSync(outdir).filter((name) => /\.m?js$/.test(name)))
      expect(readFileSync(join(outdir, file), 'utf8'), file).not.toMatch(/from ["']tsx|import\(["']tsx/);
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true });
  });

  it.skipIf(!linux)(
    'starts its bot pool (the built worker) only when a normal bot plays',
    async () => {
      expect(threadsNamed(server.pid!, BOT_THREAD_NAME)).toBe(0);
      const { host } = await openTable(
        url,
        { variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } },
        { settings: { trickPauseMs: 0, handEndSeconds: 0 } },
      );
      clients.push(host);
      for (const [seat, level] of (['normal', 'easy', 'easy'] as const).entries()) {
        const added = await host.request('add-bot', { seat, level });
        if (!added.ok) throw new Error(added.message);
      }
      const started = await host.request('start-game');
      if (!started.ok) throw new Error(started.message);
      await gameOver(host, started.gameId);
      expect(threadsNamed(server.pid!, BOT_THREAD_NAME)).toBe(1);
      // The pool answered: no decision failed or ran out of patience (logged at warn and up).
      expect(output).not.toMatch(/heuristic played/);
    },
    120_000,
  );

  it('`pnpm serve` with nothing built: one line saying to build, exit 1', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'kibitz-unbuilt-'));
    try {
      await mkdir(join(bare, 'scripts'));
      await copyFile(join(serverDir, 'scripts/serve.mjs'), join(bare, 'scripts/serve.mjs'));
      const run = spawnSync(process.execPath, [join(bare, 'scripts/serve.mjs')], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^kibitz: not starting: the server is not built .*run `pnpm build` first.*\n$/,
      );
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
