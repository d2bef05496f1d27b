/**
 * `pnpm bench:server [--tables 12] [--seconds 10]`: N tables of Cutthroat played by
 * bot clients over real sockets on loopback against the real server (PGlite in a
 * temporary directory, or PostgreSQL when DATABASE_URL is set), then the same number
 * of tables on a bare socket.io server as a baseline. Prints actions/s, p50/p99 from
 * an action to its view delivered to all four clients at the table, and heap per table.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { startServer } from '../app.ts';
import { copyPGliteTemplate } from '../db/test-support.ts';
import { bareServer } from './baseline.ts';
import { connect, follow } from './bench-client.ts';
import { DeliveryClock, percentile, settledHeap } from './measure.ts';

const { values } = parseArgs({
  // `pnpm bench:server -- --tables 20` passes the '--' along.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { tables: { type: 'string', default: '12' }, seconds: { type: 'string', default: '10' } },
});
const tables = Number(values.tables);
const seconds = Number(values.seconds);

interface Figures {
  actionsPerSecond: number;
  p50: number;
  p99: number;
  heapPerTableKiB: number;
  samples: number;
}

async function measure(clock: DeliveryClock, heapBefore: number): Promise<Figures> {
  await new Promise((resolve) => setTimeout(resolve, 1000)); // warm-up
  const from = clock.latencies.length;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  const latencies = clock.latencies.slice(from);
  return {
    actionsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    heapPerTableKiB: (settledHeap() - heapBefore) / tables / 1024,
    samples: latencies.length,
  };
}

async function kibitz(): Promise<Figures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-bench-'));
  if (!process.env.DATABASE_URL) await copyPGliteTemplate(join(dataDir, 'pglite'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    secret: 'kibitz-bench-secret-0123456789',
    logging: false,
    timing: { botDelayMs: 0 },
    sockets: { eventsPerSecond: 1e9, eventBurst: 1e9 },
  });
  const sockets: Socket[] = await Promise.all(Array.from({ length: tables * 4 }, () => connect(server.url)));
  const heapBefore = settledHeap();
  const clock = new DeliveryClock(4);
  const counters = { actions: 0 };
  for (let table = 0; table < tables; table++) {
    const [host, ...players] = sockets.slice(table * 4, table * 4 + 4) as [Socket, ...Socket[]];
    const created = await host.emitWithAck('create-table', {
      name: `Bench ${table}`,
      config: { variant: 'cutthroat' },
      displayName: 'Host',
    });
    for (const [seat, player] of players.entries()) {
      await player.emitWithAck('join', { code: created.code, displayName: `P${seat}` });
      await player.emitWithAck('take-seat', { seat });
      follow(player, table, clock, counters, true);
    }
    follow(host, table, clock, counters, false);
    // Keep every table busy: a finished game is followed by the next.
    host.on('game-over', () => host.emit('new-game'));
  }
  await Promise.all(sockets.filter((_, i) => i % 4 === 0).map((host) => host.emitWithAck('start-game')));
  const figures = await measure(clock, heapBefore);
  for (const socket of sockets) socket.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  return figures;
}

async function baseline(): Promise<Figures> {
  const bare = await bareServer(tables);
  const heapBefore = settledHeap();
  const clock = new DeliveryClock(4);
  await bare.start(clock, { actions: 0 });
  const figures = await measure(clock, heapBefore);
  await bare.close();
  return figures;
}

function row(name: string, f: Figures): string {
  return [
    name.padEnd(26),
    f.actionsPerSecond.toFixed(0).padStart(10),
    f.p50.toFixed(2).padStart(9),
    f.p99.toFixed(2).padStart(9),
    f.heapPerTableKiB.toFixed(0).padStart(12),
    String(f.samples).padStart(9),
  ].join(' ');
}

console.log(
  `kibitz server bench: ${tables} Cutthroat tables (3 bot players + 1 spectator each), ${seconds} s`,
);
const ours = await kibitz();
const bare = await baseline();
console.log(
  [
    ''.padEnd(26),
    'actions/s'.padStart(10),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'heap/table KiB'.padStart(12),
    'samples'.padStart(9),
  ].join(' '),
);
console.log(row(`kibitz (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, ours));
console.log(row('bare socket.io emit', bare));
console.log(
  'latency: from an action sent to its view delivered to all 4 clients; heap: growth per table after GC (server and its clients, one process)',
);
process.exit(0);
