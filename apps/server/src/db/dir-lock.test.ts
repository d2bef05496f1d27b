/**
 * One process per embedded data directory: a live holder refuses a second process; a lock
 * left by a process that is gone, or that has exited and is not yet reaped (a zombie, as
 * right after a SIGKILL), is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDirectory } from './dir-lock.ts';
import { DatabaseLockedError } from './errors.ts';

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'kibitz-lock-'));
  dirs.push(parent);
  return join(parent, 'sqlite');
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function state(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat === null ? null : stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

const hasProc = existsSync('/proc/self/stat');

describe('the data directory lock', () => {
  it('refuses a second holder while the first runs, and is free once released', async () => {
    const dir = await dataDir();
    const lock = await lockDirectory(dir);
    await expect(lockDirectory(dir)).rejects.toThrow(DatabaseLockedError);
    await lock.release();
    const again = await lockDirectory(dir);
    await again.release();
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await dataDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((resolve) => child.once('exit', resolve));
    await writeFile(`${dir}.lock`, `${pid}\n`);
    const lock = await lockDirectory(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it.skipIf(!hasProc)(
    'takes over a lock held by a zombie: exited, not yet reaped by its parent (Linux)',
    async () => {
      const dir = await dataDir();
      // `sleep 0.1` exits while its parent (exec'd into `sleep 30`) never waits for it.
      const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const pid = Number.parseInt(
          await new Promise<string>((resolve) =>
            parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
          ),
          10,
        );
        const deadline = Date.now() + 5000;
        while ((await state(pid)) !== 'Z' && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        expect(await state(pid)).toBe('Z');
        // A zombie still answers signal 0: the old check took it for a live holder.
        expect(() => process.kill(pid, 0)).not.toThrow();
        await writeFile(`${dir}.lock`, `${pid}\n`);
        const lock = await lockDirectory(dir);
        await lock.release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});
