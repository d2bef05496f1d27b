/**
 * One process per PGlite directory. PGlite is PostgreSQL in this process's memory: a
 * second process opening the same directory would write over the first one's files
 * without either noticing. A lock file beside the directory names the process holding
 * it; a lock left by a process that no longer runs (killed, crashed) is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { DatabaseLockedError } from './errors.ts';

export interface DirectoryLock {
  release(): Promise<void>;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

export async function lockDirectory(dir: string): Promise<DirectoryLock> {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600);
      await file.writeFile(`${process.pid}\n`);
      await file.close();
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await rm(path, { force: true });
        },
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && running(holder)) throw new DatabaseLockedError(dir, holder);
    // Left by a process that is gone: take it (a racing process loses the 'wx' above).
    await rm(path, { force: true });
  }
  throw new DatabaseLockedError(dir, null);
}
