/**
 * `TEST_DATABASE_URL=postgresql://… [TEST_REDIS_URL=redis://…] tsx apps/server/bench/lease-renewal.ts
 * [--tables 10,100,1000] [--rounds 200]`: what keeping its tables costs one process in
 * cluster mode. The lease renewal (`Leases.renew`: one UPDATE naming every table the
 * process runs, SKIP LOCKED, with a second one only for rows locked at that moment) is
 * run `rounds` times for N leased tables on a scratch PostgreSQL database, and this
 * process's CPU (user + system, `process.cpuUsage`) per round is turned into CPU-seconds
 * per minute at the default lease (renewed every third of KIBITZ_LEASE_MS). With Redis,
 * the heartbeat (one SET every 500 ms, whatever the tables) is measured the same way.
 * The database's own CPU is not counted: it is another process. Numbers for FINDINGS.md.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database.ts';
import { LeaseStore, Leases } from '../src/db/lease.ts';
import { createRoomWithGame, createScratchDatabase } from '../src/db/test-support.ts';
import { defaultLeaseMs } from '../src/settings.ts';
import { ALIVE_MS } from '../src/shared-state/index.ts';
import { connectRedis } from '../src/shared-state/redis.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { tables: { type: 'string', default: '10,100,1000' }, rounds: { type: 'string', default: '200' } },
});
const sizes = values.tables.split(',').map(Number);
const rounds = Number(values.rounds);

/** CPU milliseconds (this process) and wall milliseconds per call of `work`, after a warm-up. */
async function measure(
  work: () => Promise<unknown>,
  times: number,
): Promise<{ cpuMs: number; wallMs: number }> {
  for (let i = 0; i < Math.min(20, times); i++) await work();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < times; i++) await work();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / times, wallMs: (performance.now() - started) / times };
}

const perMinute = (intervalMs: number) => 60_000 / intervalMs;
const scratch = await createScratchDatabase('renewal');
const db = await openDatabase({ databaseUrl: scratch.url });
try {
  const renewEvery = defaultLeaseMs / 3;
  console.log(
    `lease renewal, default lease ${defaultLeaseMs} ms (renewed every ${Math.round(renewEvery)} ms, ${perMinute(renewEvery).toFixed(0)} rounds a minute), ${rounds} rounds each:`,
  );
  for (const size of sizes) {
    const leases = new Leases(new LeaseStore(db, `bench/${size}`, defaultLeaseMs), { lost: () => {} });
    for (let i = 0; i < size; i++) {
      const room = await createRoomWithGame(db.prisma);
      const taken = await leases.acquire(room.id);
      if (!taken.ok) throw new Error('lease refused');
    }
    const { cpuMs, wallMs } = await measure(() => leases.renew(), rounds);
    if (leases.size !== size) throw new Error(`renewal lost leases: ${leases.size} of ${size} left`);
    console.log(
      `  ${String(size).padStart(5)} tables: ${cpuMs.toFixed(3)} ms CPU and ${wallMs.toFixed(2)} ms wall a round; ` +
        `${((cpuMs * perMinute(renewEvery)) / 1000).toFixed(4)} CPU-s a minute`,
    );
  }
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    const redis = await connectRedis(redisUrl);
    const every = ALIVE_MS / 3;
    const { cpuMs, wallMs } = await measure(
      () => redis.set('kibitz-bench:alive:bench/1', '1', 'PX', ALIVE_MS),
      rounds * 5,
    );
    await redis.del('kibitz-bench:alive:bench/1');
    await redis.quit();
    console.log(
      `heartbeat (every ${every} ms): ${cpuMs.toFixed(3)} ms CPU and ${wallMs.toFixed(2)} ms wall a write; ` +
        `${((cpuMs * perMinute(every)) / 1000).toFixed(4)} CPU-s a minute`,
    );
  } else console.log('heartbeat: not measured (set TEST_REDIS_URL)');
} finally {
  await db.close();
  await scratch.drop();
}
