/**
 * The bench's server process (see ipc.ts): the real server (the embedded SQLite store in a
 * temporary directory, or PostgreSQL when DATABASE_URL is set) or the bare socket.io baseline,
 * answering the bench's requests for its CPU time, memory and CPU profile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventLoopUtilization, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startServer } from '../src/app.ts';
import type { JournalStats } from '../src/db/sqlite-journal.ts';
import type { LogWriterStats } from '../src/rooms/log-writer.ts';
import { startBareServer } from './bare-server.ts';
import type { FromServer, ServerKind, ToServer } from './ipc.ts';
import { settledHeap } from './measure.ts';

const kind = process.argv[2] as ServerKind;
const send = (message: FromServer) => process.send?.(message);

interface Running {
  url: string;
  /** The game log's group commit (the real server only). */
  writer?: LogWriterStats;
  /** The embedded store's journal folds (the real server on SQLite only). */
  journal?: JournalStats | null;
  close(): Promise<void>;
}

async function start(): Promise<Running> {
  if (kind === 'bare') return startBareServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-bench-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    secret: 'kibitz-bench-secret-0123456789',
    logging: false,
    webDist: null,
    // Bots move at once, but in a human-paced run (run.ts --think) at the server's own pace.
    timing: { botDelayMs: Number(process.env.KIBITZ_BENCH_BOT_DELAY_MS ?? 0) },
    sockets: { eventsPerSecond: 1e9, eventBurst: 1e9 },
    limits: { connectionsPerMinute: 1e9, tablesPerMinute: 1e9 },
  });
  return {
    url: server.url,
    writer: server.lobby.ctx.writer.stats,
    journal: server.db.journal,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const server = await start();
const session = new Session();
session.connect();
let marked = 0;
// How late the main thread ran what was due (ms at 10 ms resolution): a long stall shows here.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** CPU seconds a thread of this process has used (its utime + stime in /proc), or null off Linux. */
function threadCpu(task: string): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks: 100 per second on Linux
  } catch {
    return null;
  }
}

function mainThreadCpu(): number | null {
  return threadCpu(String(process.pid));
}

/** The name a database thread of its own would give itself (PGlite's did; SQLite runs on the main thread). */
const DATABASE_THREAD_NAME = 'kibitz-db';

/**
 * The main thread's read and write system calls so far (syscr, syscw of its /proc io), or
 * null off Linux. Nearly all of them are the sockets' (one writev per frame sent).
 */
function mainThreadSyscalls(): { reads: number; writes: number } | null {
  try {
    const io = readFileSync(`/proc/self/task/${process.pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1]);
    const reads = field('syscr');
    const writes = field('syscw');
    return Number.isFinite(reads) && Number.isFinite(writes) ? { reads, writes } : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds a database thread has used: the thread that names itself DATABASE_THREAD_NAME.
 * Null without one (the SQLite store, PostgreSQL, the bare server) or off Linux.
 */
function databaseThreadCpu(): number | null {
  try {
    for (const task of readdirSync('/proc/self/task')) {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === DATABASE_THREAD_NAME)
        return threadCpu(task);
    }
  } catch {
    // No /proc.
  }
  return null;
}

let window: {
  cpu: NodeJS.CpuUsage;
  mainCpu: number | null;
  syscalls: { reads: number; writes: number } | null;
  databaseCpu: number | null;
  at: number;
  loop: EventLoopUtilization;
  profile: string | null;
  writer: LogWriterStats | null;
  journal: JournalStats | null;
} | null = null;

async function handle(message: ToServer): Promise<void> {
  switch (message.type) {
    case 'mark':
      marked = settledHeap();
      send({ type: 'marked', heapUsed: marked });
      return;
    case 'window-start':
      if (message.profile !== null) {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      loopDelay.reset();
      window = {
        cpu: process.cpuUsage(),
        mainCpu: mainThreadCpu(),
        syscalls: mainThreadSyscalls(),
        databaseCpu: databaseThreadCpu(),
        loop: performance.eventLoopUtilization(),
        at: performance.now(),
        profile: message.profile,
        writer: server.writer ? { ...server.writer } : null,
        journal: server.journal ? { ...server.journal } : null,
      };
      send({ type: 'window-started' });
      return;
    case 'window-end': {
      if (window === null) throw new Error('window-end without window-start');
      const cpu = process.cpuUsage(window.cpu);
      const mainCpuNow = mainThreadCpu();
      const syscallsNow = mainThreadSyscalls();
      const databaseCpuNow = databaseThreadCpu();
      const loop = performance.eventLoopUtilization(window.loop);
      const seconds = (performance.now() - window.at) / 1000;
      if (window.profile !== null) {
        const { profile } = await session.post('Profiler.stop');
        await writeFile(window.profile, JSON.stringify(profile));
      }
      const heapUsed = settledHeap();
      send({
        type: 'window',
        figures: {
          cpuCores: (cpu.user + cpu.system) / 1e6 / seconds,
          mainThreadCores:
            mainCpuNow === null || window.mainCpu === null ? null : (mainCpuNow - window.mainCpu) / seconds,
          mainThreadSyscalls:
            syscallsNow === null || window.syscalls === null
              ? null
              : {
                  reads: (syscallsNow.reads - window.syscalls.reads) / seconds,
                  writes: (syscallsNow.writes - window.syscalls.writes) / seconds,
                },
          databaseThreadCores:
            databaseCpuNow === null || window.databaseCpu === null
              ? null
              : (databaseCpuNow - window.databaseCpu) / seconds,
          loopBusy: loop.utilization,
          loopDelayMaxMs: loopDelay.max / 1e6,
          heapGrowth: heapUsed - marked,
          heapUsed,
          rss: process.memoryUsage().rss,
          profile: window.profile,
          logRowsPerStatement:
            server.writer && window.writer
              ? (server.writer.rows - window.writer.rows) /
                Math.max(1, server.writer.statements - window.writer.statements)
              : null,
          logRowsPerFold:
            server.journal && window.journal
              ? (server.journal.rows - window.journal.rows) /
                Math.max(1, server.journal.folds - window.journal.folds)
              : null,
          logRowsPerSecond:
            server.writer && window.writer ? (server.writer.rows - window.writer.rows) / seconds : null,
        },
      });
      window = null;
      return;
    }
    case 'stop':
      session.disconnect();
      await server.close();
      send({ type: 'stopped' });
      process.disconnect?.();
      setTimeout(() => process.exit(0), 100).unref();
      return;
  }
}

process.on('message', (message: ToServer) => {
  handle(message).catch((error: unknown) => {
    console.error('bench server:', error);
    process.exit(1);
  });
});
send({ type: 'ready', url: server.url });
