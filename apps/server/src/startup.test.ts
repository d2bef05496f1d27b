/**
 * Unsafe mixes refuse to start, with one line saying why: several processes (REDIS_URL)
 * without PostgreSQL or without a shared token secret, a second process on an embedded
 * data directory already in use, and a PGlite database left by an older Kibitz. No service is needed: each is refused before one is used.
 */
import { spawn, spawnSync } from 'node:child_process';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT, TEST_SECRET } from '../testing/server.ts';
import { StartupRefusedError, startServer } from './app.ts';
import { DatabaseLockedError, openDatabase } from './db/index.ts';
import { unsafeMix } from './settings.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainPath = fileURLToPath(new URL('./main.ts', import.meta.url));

/** `pnpm start`'s entry point with this environment, until it exits by itself. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kibitz-startup-'));
}, SETUP_TIMEOUT);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('unsafe settings', () => {
  it('are named, one reason at a time; one process on the embedded store and a full cluster setup are fine', () => {
    expect(unsafeMix({})).toBeNull();
    expect(unsafeMix({ databaseUrl: 'postgresql://db/kibitz' })).toBeNull();
    expect(
      unsafeMix({ redisUrl: 'redis://r', databaseUrl: 'postgresql://db/kibitz', secret: TEST_SECRET }),
    ).toBeNull();
    expect(unsafeMix({ redisUrl: 'redis://r', secret: TEST_SECRET })).toMatch(
      /^REDIS_URL is set .* DATABASE_URL is not: the embedded SQLite store cannot be shared/,
    );
    expect(unsafeMix({ redisUrl: 'redis://r', databaseUrl: 'postgresql://db/kibitz' })).toMatch(
      /^REDIS_URL is set .* KIBITZ_SECRET is not/,
    );
    expect(unsafeMix({ leaseMs: 10 })).toMatch(/KIBITZ_LEASE_MS must be at least/);
  });

  it('stop startServer before anything is opened', async () => {
    await expect(
      startServer({ port: 0, logging: false, redisUrl: 'redis://127.0.0.1:1', secret: TEST_SECRET }),
    ).rejects.toBeInstanceOf(StartupRefusedError);
  });

  it('stop `pnpm start` with one line on stderr and exit code 1', { timeout: 120_000 }, async () => {
    for (const [env, reason] of [
      [{ REDIS_URL: 'redis://127.0.0.1:1', KIBITZ_SECRET: TEST_SECRET }, /DATABASE_URL is not/],
      [
        { REDIS_URL: 'redis://127.0.0.1:1', DATABASE_URL: 'postgresql://127.0.0.1:1/x', KIBITZ_SECRET: '' },
        /KIBITZ_SECRET is not/,
      ],
    ] as const) {
      const run = await runMain({ ...env, KIBITZ_DATA_DIR: join(dir, 'unused') });
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^kibitz: not starting: REDIS_URL is set/);
      expect(lines[0]).toMatch(reason);
      expect(run.stdout).toBe('');
    }
  });
});

describe("the embedded store's data directory", () => {
  it('is opened by one process at a time; a lock left by a dead process is taken over', {
    timeout: SETUP_TIMEOUT,
  }, async () => {
    const dataDir = join(dir, 'data');
    const db = await openDatabase({ dataDir: join(dataDir, 'sqlite') });
    try {
      await expect(openDatabase({ dataDir: join(dataDir, 'sqlite') })).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
      // Another process on the same directory: refused in one line, naming this one.
      const run = await runMain({ KIBITZ_DATA_DIR: dataDir, KIBITZ_SECRET: TEST_SECRET });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^kibitz: not starting: The data directory .* is in use by another Kibitz process \\(pid ${process.pid}\\)`,
          ),
        ),
      ]);
    } finally {
      await db.close();
    }
    // Closed: free again. A lock file naming a process that has exited is stale.
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    await writeFile(`${join(dataDir, 'sqlite')}.lock`, `${dead}\n`);
    const again = await openDatabase({ dataDir: join(dataDir, 'sqlite') });
    await again.close();
  });
});

describe('a PGlite database left by an older Kibitz', () => {
  it(
    'is refused in one line naming the import command; nothing is created',
    async () => {
      const dataDir = join(dir, 'legacy');
      await mkdir(join(dataDir, 'pglite'), { recursive: true });
      await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
      const run = await runMain({ KIBITZ_DATA_DIR: dataDir, KIBITZ_SECRET: TEST_SECRET });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^kibitz: not starting: .*pglite holds a PGlite database .* run `pnpm db:import-pglite`/,
        ),
      ]);
      await expect(access(join(dataDir, 'sqlite'))).rejects.toThrow();
    },
    SETUP_TIMEOUT,
  );
});
