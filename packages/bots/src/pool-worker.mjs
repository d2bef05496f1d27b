// @ts-check
/**
 * A bot pool thread (see pool.ts). Plain JavaScript on purpose: a worker is started by
 * Node itself, outside whatever compiles the TypeScript of the thread that starts it
 * (tsx, vitest), so it registers tsx and then loads the bots' TypeScript.
 */
import { register } from 'tsx/esm/api';

register();
const { runPoolTask } = await import('./pool-task.ts');

export default runPoolTask;
