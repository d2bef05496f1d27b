/**
 * `tsx apps/server/bench/sqlite-append.ts [--statements 2000] [--rows 15]`: what one
 * game-log statement costs the thread that runs it on the embedded SQLite store, through
 * Database.appendLog (the server's hot path): CPU per row (the journal's folds included) and wall time per statement,
 * for synchronous=NORMAL (the store's setting) and FULL (a sync to the disk per commit),
 * with the table leased (the fencing trigger checks every row) and without a lease.
 * Numbers for FINDINGS.md; run it on an otherwise quiet machine if you can.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database.ts';
import { LeaseStore } from '../src/db/lease.ts';
import { createRoomWithGame } from '../src/db/test-support.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { statements: { type: 'string', default: '2000' }, rows: { type: 'string', default: '15' } },
});
const statements = Number(values.statements);
const rowsPer = Number(values.rows);

async function run(sync: 'NORMAL' | 'FULL', leased: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'kibitz-append-bench-'));
  const db = await openDatabase({ dataDir: join(dir, 'sqlite') });
  try {
    await db.prisma.$executeRawUnsafe(`PRAGMA synchronous = ${sync}`);
    const games: string[] = [];
    let epoch = 0;
    for (let table = 0; table < rowsPer; table++) {
      const room = await createRoomWithGame(db.prisma);
      games.push(room.games[0]!.id);
      if (leased) {
        const lease = await new LeaseStore(db, 'bench', 60_000, true).acquire(room.id);
        if (lease.ok) epoch = lease.epoch;
      }
    }
    const action = { type: 'play', card: 'QS', trick: [1, 2, 3], note: 'a typical action of ~60 bytes' };
    const warm = 200;
    let seq = 0;
    let wall = 0;
    let cpu = 0;
    for (let i = 0; i < statements + warm; i++) {
      const rows = games.map((gameId) => ({ gameId, seq, seat: 0, action, epoch }));
      seq++;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await db.appendLog(rows);
      const dt = performance.now() - t0;
      const dc = process.cpuUsage(c0);
      if (i >= warm) {
        wall += dt;
        cpu += dc.user + dc.system;
      }
    }
    // The journal's rows still pending are folded into the table by the next statement:
    // their cost belongs to the appends.
    const c0 = process.cpuUsage();
    await db.prisma.$queryRawUnsafe('SELECT 1');
    const dc = process.cpuUsage(c0);
    cpu += dc.user + dc.system;
    const n = statements * rowsPer;
    console.log(
      `synchronous=${sync.padEnd(6)} ${leased ? 'leased  ' : 'unleased'}  CPU ${(cpu / n).toFixed(1).padStart(6)} us/row` +
        `  wall ${((wall * 1000) / statements).toFixed(0).padStart(6)} us/statement of ${rowsPer} rows`,
    );
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

for (const sync of ['NORMAL', 'FULL'] as const) {
  for (const leased of [true, false]) await run(sync, leased);
}
