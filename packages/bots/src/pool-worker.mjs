// @ts-check
/**
 * A bot pool thread (see pool.ts). Plain JavaScript on purpose: a worker is started by
 * Node itself, outside whatever compiles the TypeScript of the thread that starts it
 * (tsx, vitest), so it registers tsx and then loads the bots' TypeScript.
 */
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// Lowest CPU priority for this thread only (on Linux a nice value is per thread): on a
// small machine a strong search must yield the core to the server's socket thread, so
// other tables' actions are not held up while a bot thinks. Lowering never needs rights.
try {
  setPriority(0, 19);
} catch {
  // Where threads cannot be reniced the bot simply thinks at normal priority.
}
register();
const { runPoolTask } = await import('./pool-task.ts');

export default runPoolTask;
