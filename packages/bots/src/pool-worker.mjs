// @ts-check
/**
 * A bot pool thread (see pool.ts). Plain JavaScript on purpose: a worker is started by
 * Node itself, outside whatever compiles the TypeScript of the thread that starts it
 * (tsx, vitest), so from source it registers tsx and then loads the bots' TypeScript.
 * The built server runs its own copy, this file bundled with the bots into plain
 * JavaScript (apps/server/scripts/build.mjs defines KIBITZ_BUILT): there tsx is never
 * loaded, and the branch below is not even in the bundle.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

// Lowest CPU priority for this thread only (on Linux a nice value is per thread): on a
// small machine a strong search must yield the core to the server's socket thread, so
// other tables' actions are not held up while a bot thinks. Lowering never needs rights.
try {
  setPriority(0, 19);
} catch {
  // Where threads cannot be reniced the bot simply thinks at normal priority.
}
// On Linux, lower still: SCHED_IDLE runs the thread only when a core has nothing else to
// do, and any waking thread takes the core from it at once. At nice 19 alone the bench's
// human-paced tables (bench:server --think) saw their p99 rise beside strong bots in 4 of
// 4 rounds (+0.8 to +4.2 ms, 2 cores); with SCHED_IDLE in 3 of 5 (median +1.7 ms): not
// a clear change, kept as the stronger promise. Node has no call for it: chrt
// (util-linux) sets it by the thread's id; without chrt or /proc the nice value stands.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  if (Number.isInteger(threadId) && threadId > 0) {
    execFileSync('chrt', ['--idle', '--pid', '0', String(threadId)], { stdio: 'ignore', timeout: 2000 });
  }
} catch {
  // Not Linux, or no chrt: nice 19 it is.
}
// @ts-expect-error KIBITZ_BUILT exists only in the bundle, where the build defines it.
if (typeof KIBITZ_BUILT === 'undefined') {
  const { register } = await import('tsx/esm/api');
  register();
}
// Its name (pool.ts: BOT_THREAD_NAME) in /proc, as top -H and ps -L show it: every thread
// of a Node process is "node" otherwise. Linux only. Set after tsx's register(), whose
// loader thread would inherit it.
try {
  writeFileSync('/proc/thread-self/comm', 'kibitz-bot');
} catch {
  // Not Linux: the thread keeps its name.
}
const { runHintTask, runPoolTask, runReviewTask } = await import('./pool-task.ts');

export default runPoolTask;
/** piscina's `name: 'review'` (pool.ts): a hand review, not a decision. */
export const review = runReviewTask;
/** piscina's `name: 'hint'` (pool.ts): a learner's hint from their own view. */
export const hint = runHintTask;
