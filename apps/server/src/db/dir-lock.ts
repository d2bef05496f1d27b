/**
 * One process per embedded data directory. The game log is stored before an action is
 * acknowledged, by this process only: leases there are taken without asking (no other
 * process may run a table), so a second process on the same directory must be refused. A lock file beside the directory names the process holding
 * it; a lock left by a process that no longer runs (killed, crashed, or a zombie not yet
 * reaped) is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { DatabaseLockedError } from './errors.ts';

export interface DirectoryLock {
  release(): Promise<void>;
}

async function running(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
  return !(await exited(pid));
}

/**
 * A process that has exited but is not yet reaped by its parent (a zombie, state Z in
 * /proc; X while it goes) still answers signal 0, yet holds nothing: a replacement started
 * right after a SIGKILL must not take it for a live holder. Off Linux: no /proc, not known.
 */
async function exited(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return false;
  // "pid (comm) state ...": comm may hold spaces and parentheses, the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
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
    if (Number.isInteger(holder) && holder > 0 && (await running(holder)))
      throw new DatabaseLockedError(dir, holder);
    // Left by a process that is gone: take it (a racing process loses the 'wx' above).
    await rm(path, { force: true });
  }
  throw new DatabaseLockedError(dir, null);
}
