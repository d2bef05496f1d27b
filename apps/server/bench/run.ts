/**
 * `pnpm bench:server [--tables 32] [--seconds 8] [--warmup 5] [--rounds 3] [--profile DIR]
 * [--think MS] [--strong-bots N] [--idle-load] [--only kibitz|bare|bot-tables]`: N tables
 * of Cutthroat played by bot clients over real sockets on loopback against the real
 * server (PGlite in a temporary directory, or PostgreSQL when DATABASE_URL is set), and
 * the same number of tables on a bare socket.io server as a baseline, in alternating
 * rounds (kibitz, bare, kibitz, bare, ...) so that both see the machine in the same
 * moods; the summary takes the median round of each. Each server runs in a child process
 * of its own (server-process.ts), so its CPU time, its memory and its profile are the
 * server's alone; the clients run here. Prints actions/s, p50/p99 from an action to its
 * view delivered to all four clients at the table, how busy the server's main thread
 * was, its CPU use in all and per action, its heap per table and its resident memory.
 * On a busy machine actions/s says more about the neighbours than about the server:
 * compare CPU per action and RSS there. With --profile, both servers' CPU profiles of
 * the first round are written to DIR (open them in Chrome's DevTools) and summarised.
 *
 * What was measured, tried and taken along the way, with the figures: FINDINGS.md here.
 *
 * Why 32 tables: the figure wanted is what a server can carry. With few tables the bots'
 * round trips set the pace and the server idles between actions (at 12 tables its main
 * thread was measured busy about 70% of the time); from about 20 on it is busy nearly
 * all the time, and actions/s stops rising.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { defaultTiming } from '../src/settings.ts';
import { bareTables } from './baseline.ts';
import { connect, follow } from './bench-client.ts';
import { botTables } from './bot-tables.ts';
import { idleLoadAvailable, startIdleLoad } from './idle-load.ts';
import { startServerProcess, type WindowFigures } from './ipc.ts';
import { DeliveryClock, percentile } from './measure.ts';
import { formatSummary, summariseProfile } from './profile-summary.ts';

const { values } = parseArgs({
  // `pnpm bench:server -- --tables 20` passes the '--' along.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    tables: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'string' },
    only: { type: 'string' },
    'strong-bots': { type: 'string', default: '0' },
    think: { type: 'string', default: '0' },
    'idle-load': { type: 'boolean', default: false },
  },
});
const tables = Number(values.tables);
// Extra tables of strong bots, and as their control as many of easy bots (bot-tables.ts).
const strongBots = Number(values['strong-bots']);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
// A human's think time before each action (ms, on average); 0 = as fast as the bots can.
const thinkMs = Number(values.think);
const rounds = Number(values.rounds);
for (const [name, value] of Object.entries({ tables, seconds, rounds })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(
      `--${name} must be a whole number of at least 1 (got ${JSON.stringify(values[name as keyof typeof values])})`,
    );
    process.exit(2);
  }
}
if (!Number.isFinite(warmup) || warmup < 0) {
  console.error(`--warmup must be a number of seconds, 0 or more (got ${JSON.stringify(values.warmup)})`);
  process.exit(2);
}
if (!Number.isFinite(thinkMs) || thinkMs < 0) {
  console.error(`--think must be a number of milliseconds, 0 or more (got ${JSON.stringify(values.think)})`);
  process.exit(2);
}
if (values['idle-load'] && !idleLoadAvailable()) {
  console.error('--idle-load needs Linux with chrt (util-linux): SCHED_IDLE is set through it');
  process.exit(2);
}
if (!Number.isInteger(strongBots) || strongBots < 0) {
  console.error(`--strong-bots must be a whole number (got ${JSON.stringify(values['strong-bots'])})`);
  process.exit(2);
}
const profileDir = values.profile === undefined ? null : resolve(values.profile);
if (profileDir !== null) await mkdir(profileDir, { recursive: true });

/** What runs beside the measured tables: more tables of bots, or an idle-priority busy loop. */
type Beside = { count: number; level: 'easy' | 'strong' } | 'idle-load';

interface Figures {
  actionsPerSecond: number;
  p50: number;
  p99: number;
  samples: number;
  server: WindowFigures;
  clientCpuCores: number;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Warm up, then measure one window: deliveries here, CPU, memory and profile in the server. */
async function measure(
  clock: DeliveryClock,
  server: Awaited<ReturnType<typeof startServerProcess>>,
  name: string,
  round: number,
): Promise<Figures> {
  await pause(warmup * 1000); // warm-up
  const from = clock.latencies.length;
  const profile = profileDir === null || round > 0 ? null : join(profileDir, `${name}.cpuprofile`);
  await server.request({ type: 'window-start', profile }, 'window-started');
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  await pause(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const clientUsed = process.cpuUsage(clientCpu);
  const latencies = clock.latencies.slice(from);
  const { figures } = await server.request({ type: 'window-end' }, 'window');
  return {
    actionsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples: latencies.length,
    server: figures,
    clientCpuCores: (clientUsed.user + clientUsed.system) / 1e6 / elapsed,
  };
}

/** Opens a table for four sockets: the first hosts and watches, the others play their seats. */
async function openBenchTable(
  four: Socket[],
  table: number,
  clock: DeliveryClock,
  counters: { actions: number },
  think = thinkMs,
): Promise<Socket> {
  const [host, ...players] = four as [Socket, ...Socket[]];
  // No pause after a trick or a hand: the bench measures the server, not the table's pace.
  const created = await host.emitWithAck('create-table', {
    name: `Bench ${table}`,
    config: { variant: 'cutthroat' },
    settings: { trickPauseMs: 0, handEndSeconds: 0 },
    displayName: 'Host',
  });
  // The creator sits in seat 0 on arrival: the bench host looks on instead.
  await host.emitWithAck('leave-seat');
  for (const [seat, player] of players.entries()) {
    await player.emitWithAck('join', { code: created.table, displayName: `P${seat}` });
    await player.emitWithAck('take-seat', { seat });
    follow(player, table, clock, counters, true, think);
  }
  follow(host, table, clock, counters, false);
  // Keep the table busy: a finished game is followed by the next.
  host.on('game-over', () => host.emit('new-game'));
  return host;
}

async function kibitz(round: number, beside: Beside | null = null): Promise<Figures> {
  // Human-paced, the tables' bots wait the server's default bot delay before each move,
  // as they do at a real table; otherwise they, like the bench's players, move at once.
  const botDelayMs = thinkMs > 0 ? defaultTiming.botDelayMs : 0;
  const server = await startServerProcess('kibitz', {
    ...process.env,
    KIBITZ_BENCH_BOT_DELAY_MS: String(botDelayMs),
  });
  const sockets: Socket[] = await Promise.all(
    Array.from({ length: (tables + 1) * 4 }, () => connect(server.url)),
  );
  // A warm-up table plays first (every path compiled, every cache filled), then its players
  // leave (the table stays, its game paused); only then is the heap noted, so what grows
  // after is the measured tables' own.
  const warm = sockets.splice(tables * 4, 4);
  const warmHost = await openBenchTable(warm, -1, new DeliveryClock(4), { actions: 0 }, 0);
  await warmHost.emitWithAck('start-game');
  await pause(2000);
  for (const socket of warm) socket.close();
  await pause(200);
  await server.request({ type: 'mark' }, 'marked');
  const clock = new DeliveryClock(4);
  const counters = { actions: 0 };
  const hosts: Socket[] = [];
  for (let table = 0; table < tables; table++) {
    hosts.push(await openBenchTable(sockets.slice(table * 4, table * 4 + 4), table, clock, counters));
  }
  await Promise.all(hosts.map((host) => host.emitWithAck('start-game')));
  const bots = beside === null || beside === 'idle-load' ? null : beside;
  const others = bots === null ? null : await botTables(server.url, bots.count, bots.level);
  const load = beside === 'idle-load' ? startIdleLoad() : null;
  const figures = await measure(clock, server, 'kibitz', round);
  load?.stop();
  if (bots !== null && others !== null) {
    console.log(`  (${bots.count} ${bots.level}-bot tables played ${others.actions} actions)`);
  }
  others?.close();
  for (const socket of sockets) socket.close();
  await server.stop();
  return figures;
}

async function baseline(round: number): Promise<Figures> {
  const server = await startServerProcess('bare');
  const bare = await bareTables(server.url, tables);
  await server.request({ type: 'mark' }, 'marked');
  const clock = new DeliveryClock(4);
  await bare.start(clock, { actions: 0 });
  const figures = await measure(clock, server, 'bare', round);
  bare.close();
  await server.stop();
  return figures;
}

function row(name: string, f: Figures): string {
  return [
    name.padEnd(24),
    f.actionsPerSecond.toFixed(0).padStart(9),
    f.p50.toFixed(2).padStart(8),
    f.p99.toFixed(2).padStart(8),
    `${(f.server.loopBusy * 100).toFixed(0)}%`.padStart(9),
    f.server.loopDelayMaxMs.toFixed(0).padStart(8),
    f.server.cpuCores.toFixed(2).padStart(10),
    ((f.server.cpuCores * 1000) / f.actionsPerSecond).toFixed(3).padStart(12),
    (f.server.mainThreadCores === null
      ? '-'
      : ((f.server.mainThreadCores * 1000) / f.actionsPerSecond).toFixed(3)
    ).padStart(11),
    (f.server.databaseThreadCores === null
      ? '-'
      : ((f.server.databaseThreadCores * 1000) / f.actionsPerSecond).toFixed(3)
    ).padStart(9),
    perAction(f, f.server.mainThreadSyscalls?.writes).padStart(10),
    perAction(f, f.server.mainThreadSyscalls?.reads).padStart(9),
    f.clientCpuCores.toFixed(2).padStart(10),
    (f.server.heapGrowth / tables / 1024).toFixed(0).padStart(14),
    (f.server.rss / 1024 / 1024).toFixed(0).padStart(8),
    String(f.samples).padStart(8),
  ].join(' ');
}

/** A per-second figure per action, or '-' when it was not measured. */
function perAction(f: Figures, perSecond: number | undefined): string {
  return perSecond === undefined ? '-' : (perSecond / f.actionsPerSecond).toFixed(2);
}

const header = [
  ''.padEnd(24),
  'actions/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'loop busy'.padStart(9),
  'late ms'.padStart(8),
  'server cpu'.padStart(10),
  'cpu ms/action'.padStart(12),
  'main ms/act'.padStart(11),
  'db ms/act'.padStart(9),
  'writes/act'.padStart(10),
  'reads/act'.padStart(9),
  'client cpu'.padStart(10),
  'heap/table KiB'.padStart(14),
  'rss MiB'.padStart(8),
  'samples'.padStart(8),
].join(' ');

/** The round with the median actions/s (the lower middle one for an even count). */
function median(figures: Figures[]): Figures {
  return lowerMiddle(figures, (f) => f.actionsPerSecond);
}

/** The middle item by `key` (the lower middle one for an even count). */
function lowerMiddle<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const database = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
console.log(
  `kibitz server bench: ${tables} Cutthroat tables (3 bot players + 1 spectator each), ` +
    `${rounds} round(s) of ${seconds} s each, alternating with the baseline` +
    (thinkMs > 0 ? `; human-paced: ${thinkMs} ms think time a move on average` : ''),
);
console.log(header);
const ours: Figures[] = [];
const bare: Figures[] = [];
const withEasy: Figures[] = [];
const withStrong: Figures[] = [];
const withIdleLoad: Figures[] = [];
for (let round = 0; round < rounds; round++) {
  if (values.only !== 'bare' && values.only !== 'bot-tables') {
    ours.push(await kibitz(round));
    console.log(row(`kibitz (${database}) #${round + 1}`, ours.at(-1)!));
  }
  if (strongBots > 0) {
    withEasy.push(await kibitz(round, { count: strongBots, level: 'easy' }));
    console.log(row(`+${strongBots} easy-bot tables #${round + 1}`, withEasy.at(-1)!));
    withStrong.push(await kibitz(round, { count: strongBots, level: 'strong' }));
    console.log(row(`+${strongBots} strong-bot tables #${round + 1}`, withStrong.at(-1)!));
  }
  if (values['idle-load']) {
    withIdleLoad.push(await kibitz(round, 'idle-load'));
    console.log(row(`+idle-priority load #${round + 1}`, withIdleLoad.at(-1)!));
  }
  if (values.only !== 'kibitz' && values.only !== 'bot-tables') {
    bare.push(await baseline(round));
    console.log(row(`bare socket.io #${round + 1}`, bare.at(-1)!));
  }
}
console.log('\nmedian round:');
console.log(header);
if (ours.length > 0) console.log(row(`kibitz (${database})`, median(ours)));
if (bare.length > 0) console.log(row('bare socket.io emit', median(bare)));
if (withEasy.length > 0) console.log(row(`+${strongBots} easy-bot tables`, median(withEasy)));
if (withStrong.length > 0) console.log(row(`+${strongBots} strong-bot tables`, median(withStrong)));
if (withIdleLoad.length > 0) console.log(row('+idle-priority load', median(withIdleLoad)));
// The measured tables' p99 round by round, alone and beside each: the easy bots' tables
// (the control: the same tables moving without a search), the strong bots' tables, and
// the idle-priority busy loop (what any background work costs here).
const p99Rows: [string, Figures[]][] = [
  ['alone', ours],
  ['beside easy-bot tables', withEasy],
  ['beside strong-bot tables', withStrong],
  ['beside the idle-priority load', withIdleLoad],
];
if (withStrong.length + withIdleLoad.length > 0) {
  console.log('\np99 ms round by round (median):');
  for (const [name, figures] of p99Rows) {
    if (figures.length === 0) continue;
    const p99s = figures.map((f) => f.p99);
    const middle = lowerMiddle(p99s, (p) => p);
    console.log(`  ${name}: ${p99s.map((p) => p.toFixed(1)).join(', ')} (${middle.toFixed(1)})`);
  }
}
if (ours.length > 0) {
  const rows = ours.map((f) => f.server.logRowsPerStatement ?? 0);
  // Rows per action delivered: the paced moves made at once are not logged (table-core/play.ts).
  const perAction = ours.map((f) => (f.server.logRowsPerSecond ?? 0) / f.actionsPerSecond);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const folds = ours.map((f) => f.server.logRowsPerFold).filter((value) => value !== null);
  console.log(
    `game log: ${mean(rows).toFixed(1)} rows per append, ${mean(perAction).toFixed(2)} rows per action` +
      (folds.length > 0 ? `, ${mean(folds).toFixed(0)} rows per fold of the journal into SQLite` : ''),
  );
}
if (ours.length > 0 && bare.length > 0) {
  const ratio = median(ours).actionsPerSecond / median(bare).actionsPerSecond;
  const perRound = ours.map(
    (f, i) => `${((f.actionsPerSecond / bare[i]!.actionsPerSecond) * 100).toFixed(0)}%`,
  );
  console.log(
    `kibitz / baseline: ${(ratio * 100).toFixed(0)}% (medians; round by round: ${perRound.join(', ')})`,
  );
}
console.log(
  'latency: from an action sent to its view delivered to all 4 clients; loop busy: the server main ' +
    "thread's event-loop utilisation; late: the longest its event loop ran late; cpu: cores busy in the window (server process, all its threads / " +
    'client process); cpu ms/action: server CPU time per action delivered (main ms/act: its main ' +
    "thread's part; db ms/act: a database thread's part (none on SQLite or PostgreSQL); the rest is V8's helpers); writes/act, reads/act: " +
    "the main thread's write and read system calls per action (a writev per frame sent); heap: the server process, " +
    'settled heap growth per table (the real server: after a warm-up table has played)',
);
for (const figures of [ours[0], bare[0]]) {
  if (figures?.server.profile) {
    console.log(`\n${figures.server.profile}`);
    console.log(formatSummary(summariseProfile(figures.server.profile)));
  }
}
process.exit(0);
