/**
 * One process per embedded data directory. The game log is stored before an action is
 * acknowledged, by this process only: leases there are taken without asking (no other
 * process may run a table), so a second process on the same directory must be refused. A lock file beside the directory names the process holding
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
