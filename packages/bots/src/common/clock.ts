/**
 * The search's clock: the CPU time of the deciding thread, so a loaded machine (other
 * threads and processes taking turns on the cores) does not starve the search of
 * samples, and a budget means the same work everywhere. Linux gives a thread's run time
 * in nanoseconds in /proc/thread-self/schedstat (a worker thread reads its own); Node 20
 * has no process.threadCpuUsage. Elsewhere the clock falls back to wall time.
 */
import { readFileSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

function threadCpuMs(): number | null {
  try {
    const text = readFileSync(SCHEDSTAT, 'latin1');
    const ns = Number(text.slice(0, text.indexOf(' ')));
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/** Whether this thread's CPU time can be read (else clocks measure wall time). */
export const hasThreadClock: boolean = threadCpuMs() !== null;

/** Reading the CPU clock costs some 20 µs: look at it at most this often (wall ms). */
const READ_EVERY_MS = 4;

export interface Clock {
  /** Milliseconds of this thread's CPU since the clock started (wall time without a CPU clock). */
  cpuMs(): number;
  /** Wall milliseconds since the clock started. */
  wallMs(): number;
}

/**
 * A clock started now. `cpuMs` is read from the kernel at most every few wall
 * milliseconds; in between it adds the wall time passed, which is an upper bound
 * (a thread cannot run longer than the wall clock moves), so a budget is never overrun
 * by more than that.
 */
export function startClock(): Clock {
  const wallStart = performance.now();
  const cpuStart = hasThreadClock ? threadCpuMs()! : wallStart;
  let lastWall = wallStart;
  let lastCpu = 0;
  return {
    wallMs: () => performance.now() - wallStart,
    cpuMs: () => {
      const now = performance.now();
      if (!hasThreadClock) return now - wallStart;
      if (now - lastWall >= READ_EVERY_MS) {
        lastWall = now;
        lastCpu = (threadCpuMs() ?? cpuStart + (now - wallStart)) - cpuStart;
        return lastCpu;
      }
      return lastCpu + (now - lastWall);
    },
  };
}

/** This thread's CPU milliseconds so far (wall time without a CPU clock): for benches. */
export function threadTimeMs(): number {
  return threadCpuMs() ?? performance.now();
}
