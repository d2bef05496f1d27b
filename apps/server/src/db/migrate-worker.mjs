// @ts-check
/**
 * The embedded store's migration thread (sqlite-migrations.ts): applies what is pending,
 * answers once and ends, taking the schema engine's memory with it. Plain JavaScript for
 * the reason pool-worker.mjs gives (packages/bots): from source it registers tsx first;
 * the built server bundles it (apps/server/scripts/build.mjs defines KIBITZ_BUILT).
 */
import { parentPort, workerData } from 'node:worker_threads';

// @ts-expect-error KIBITZ_BUILT exists only in the bundle, where the build defines it.
if (typeof KIBITZ_BUILT === 'undefined') {
  const { register } = await import('tsx/esm/api');
  register();
}
const { migrateStoreFile } = await import('./sqlite-migrations.ts');
try {
  parentPort?.postMessage({ ok: true, result: await migrateStoreFile(workerData) });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
