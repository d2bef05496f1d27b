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
 * Measured and not taken (Dec 2026, so nobody need measure them again for the same
 * reason): socket.io-msgpack-parser — one run's view packets (whole and as changes) took
 * 12.5 us to encode against 6.2 us for transport/json-parser.ts, 22 us to decode against
 * 6.7 us, for 30% fewer bytes; the server writes one frame per packet whatever its size.
 * And a cheaper hand-off of log rows to the PGlite thread: a postMessage to it costs
 * 5-12 us (measured alone), and rows already go one INSERT (6-8 rows) per message. The
 * 17% a CPU profile gives postMessage on a loaded machine (~1.7 ms a call) is wall time
 * the main thread spent off the CPU inside that call, not work the hand-off does.
 *
 * Session 5 (issue 12's last point, kibitz/baseline >= 0.5; a 2-core machine shared with
 * four other jobs, load average 15-27, so steered by CPU per action, not actions/s):
 * - Where a PGlite server's CPU goes (per thread, from /proc; the `main ms/act` column):
 *   main thread ~0.5-0.6 ms/action, the PGlite thread ~0.27, V8's helper threads 0.3-0.4
 *   with the old 1 s warm-up (TurboFan and PGlite's wasm tier-up of a fresh process) but
 *   0.11 after 12 s: hence --warmup, default 5 s. The bare baseline: ~0.2 in all.
 * - Taken: no lease-fencing trigger on PGlite (db/database.ts `fencing`; one process per
 *   directory, nobody to fence): 15-row INSERTs ~180-220 us of CPU per row with it,
 *   ~125-145 without. The INSERT as one raw simple-Query message (db/pglite-worker.mjs):
 *   540-670 us per 15-row statement against 830-1,320 through PGlite's exec.
 *   Together (f8216a5 against this, alternately, 2 x --rounds 3 each, load 21-27):
 *   server CPU per action 1.16-1.50 (median 1.31) -> 0.91-1.28 (median 1.05) ms; the
 *   main thread 0.66 -> 0.61, the other threads 0.65 -> 0.44; bare 0.18-0.35. RSS the
 *   same, ~530-600 MiB (PGlite's). actions/s ratios at that load meant nothing (38%
 *   and 64% before, 34% and 33% after).
 * - PGlite's fixed cost per statement is ~300-450 us of CPU (`SELECT 1`: 446 us), mostly
 *   Emscripten's invoke_* trampolines around PostgreSQL's setjmp; a row adds ~20 us plus
 *   its foreign-key check. More rows per INSERT is what amortises it (15 here).
 * - The main thread on the CPU (perf, not the V8 profile): writing packets 34% (four per
 *   action, as many as the baseline writes), reading 10%, the table core's step 6.5%,
 *   zod 3.3%, timers 3.3%, the log writer 3%; view deltas average 311 B, only 2.3% of it
 *   equal to what the client had (no gain from comparing deeper than by identity). A
 *   larger young generation (--max-semi-space-size=32) changed nothing: few GCs happen.
 * - What caps the ratio on a CPU-bound machine is the clients too: a Kibitz bench client
 *   spends ~0.5 ms/action (bot decisions, assembling views) against ~0.27 for a bare one;
 *   even at the baseline's server CPU the ratio would be about 0.7.
 *
 * Session 6 (a quiet 2-core machine whose speed still drifts: the same code's actions/s
 * varies by up to 2x between runs minutes apart, the bare baseline 6,000-11,600; compare
 * only runs interleaved in one sitting, several of each):
 * - Pacing had cost a step per trick: with trickPauseMs 0 a 0 ms timer gathered the trick
 *   in a step of its own (a log round trip, a view to every socket). Now gathered in the
 *   card's step (table-core/play.ts): ~+18% actions/s against 3e25014.
 * - The PGlite thread at nice 5 (db/pglite-worker.mjs): +16% (medians of three).
 * - Tried and not taken: two log statements in flight on PGlite (writeConcurrency 2):
 *   slower in three of three pairs (smaller groups, the same single-threaded database).
 * - With the log write skipped (an experiment, not a setting) the ratio was 0.60-0.72:
 *   what remains between this server and the baseline is mostly the database round trip
 *   every action waits for, then the four encodes (the baseline encodes one payload).
 *
 * Session 7 (same machine; helper jobs stopped during each run; every figure a median of
 * the per-round figures of series run back to back, the default three rounds each):
 * - A zero result panel (handEndSeconds 0) still cost a timer step per hand, and each seat's
 *   continue sent its own set of views: 4.42 view packets per client action against 4.01
 *   before the core (counted at the clients). Now the continues go in the step that ends
 *   the hand (table-core/play.ts), like the zero trick pause: 4.01.
 * - Which "before": 98f234e (the oldest, no pacing: 1.0 log row per client action) and
 *   3e80184 (main just before the table core landed, the same paced game: a gather row per
 *   trick and a continue per seat per hand, ~1.4 rows per client action now).
 *   kibitz/bare per round: 98f234e 58% vs this 53% (9 rounds each); 3e80184 43% vs this 61%
 *   (9 rounds each). Server CPU per action: 98f234e 0.364, 3e80184 0.582, this 0.434-0.462
 *   ms; RSS 495-592 / 532-598 / 557-644 MiB. The paced game's extra rows are what the
 *   oldest code did not store; the core carries them for less than the code it replaced.
 * - The machine's mood swings the ratio by +-10 points between rounds (bare 3,600-6,600
 *   actions/s): one series of the database thread at nice 0 against nice 5 showed
 *   nothing either way (49%, 55% against 53%, 52%).
 * - Where the CPU goes (per thread, /proc, 5 s of a window): main thread ~0.22 ms/action,
 *   the PGlite thread ~0.075, V8's helper threads ~0.06 (twice 98f234e's: parallel
 *   scavenges; ~39 KB allocated per action against ~36 KB, the old generation promoted
 *   ~1.5x as fast: the immutable steps held across the log write).
 *
 * Session 8 (the same 2-core machine, slower today: bare 1,800-5,400 actions/s; helper
 *   jobs stopped during each run; default runs back to back, old and new alternating):
 * - 4437bc2 (the zero result panel in one step) landed again: the e2e stall blamed on it
 *   was the screen test's own walk (a conceded first hand; 327f7b4).
 * - Series s8a (3 runs each, 9 rounds per code): 3e80184 40%, this code 45%, 98f234e 43%
 *   kibitz/bare (median of rounds); server CPU per action 0.649 / 0.605 / 0.523 ms; RSS
 *   518-592 / 570-641 / 477-586 MiB. Series s8b (2 runs each): this code 35%, 98f234e 53%;
 *   CPU 0.695 / 0.584. Pooled, 15 rounds each: this code 40%, 98f234e 46%; CPU per action
 *   0.613 against 0.525 ms (1.17x: the paced game's extra rows and the immutable steps).
 *   Still short of "at or above" the oldest code's ratio; ahead of the code the core
 *   replaced.
 *
 * Session 9 (issue 10's "no rise in other tables' p99", human-paced: --think 1000 --tables
 * 64 --seconds 30 --strong-bots 8; ~64 actions/s on the measured tables, the server's
 * main thread ~11% busy; the bots' tables wait the default 700 ms bot delay):
 * - The control matters: the strong bots' tables add their own actions (~14/s) to the
 *   socket thread, so they are compared with as many tables of easy bots (~15/s, no search).
 * - Pool threads at nice 19: the measured tables' p99 beside easy / strong bots per round
 *   13.3/15.3, 11.5/12.3, 12.0/14.8, 11.8/16.0 ms (medians 11.9 / 15.1).
 * - At SCHED_IDLE (pool-worker.mjs): 12.4/11.8, 11.4/11.7, 12.3/18.4, 12.0/16.0, 14.9/14.0
 *   (medians 12.3 / 14.0). Main-thread CPU per action and event-loop lateness alike either
 *   way; p50 lower beside strong bots (2.3 against 2.5-2.9 ms: a busy core wakes faster).
 * - Longer: 10 rounds at SCHED_IDLE, easy / strong: 13.5/11.3, 14.6/12.5, 15.8/10.5,
 *   10.8/13.4, 10.5/24.2, 11.2/15.1, 10.0/16.1, 13.7/13.7, 12.9/17.9, 12.9/15.4 (medians
 *   12.9 / 14.4; strong higher in 6 of 10).
 * - Is that the bots or the machine? --idle-load runs a busy loop in another process at
 *   SCHED_IDLE (idle-load.ts) beside the tables alone: it asks for nothing but a spare
 *   core. One run of all four, 6 rounds (--think 1000 --tables 64 --seconds 30
 *   --strong-bots 8 --idle-load --only kibitz), p99 medians: alone 10.3, beside easy bots
 *   11.8, beside strong bots 16.2, beside the idle load 14.4 ms; the rise over each one's
 *   control, strong over easy +4.4, idle load over alone +4.1. So on this 2-vCPU machine
 *   any busy core, at the lowest priority and in another process, costs the tables' p99
 *   as much as the strong bots do; the socket thread's CPU per action and its lateness
 *   are the same with and without them.
 * - Bots moving with no delay (the old --strong-bots run, 4 tables, ~50 bot actions/s on
 *   the socket thread) is another matter: p99 17.0/18.8, 13.9/16.0, 10.2/26.2, 13.4/251 ms
 *   against the same tables alone; that load is the bots' own moves, not their thinking.
 *
 * - Issue 12's series today (default runs, 3 each, this code and 98f234e alternating;
 *   bare 2,100-7,200 actions/s): kibitz/bare per round, median of 9: this 47%, 98f234e
 *   59%; server CPU per action 0.372 against 0.331 ms (1.12x); RSS 615-657 against
 *   538-592 MiB. One profiled round each: main thread ~0.21 against ~0.23 ms per action,
 *   so the extra CPU is off the main thread (the database thread's extra rows, GC).
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
import { defaultTiming } from '../settings.ts';
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
    f.clientCpuCores.toFixed(2).padStart(10),
    (f.server.heapGrowth / tables / 1024).toFixed(0).padStart(14),
    (f.server.rss / 1024 / 1024).toFixed(0).padStart(8),
    String(f.samples).padStart(8),
  ].join(' ');
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
  'client cpu'.padStart(10),
  'heap/table KiB'.padStart(14),
  'rss MiB'.padStart(8),
  'samples'.padStart(8),
].join(' ');

/** The round with the median actions/s (the lower middle one for an even count). */
function median(figures: Figures[]): Figures {
  const sorted = [...figures].sort((a, b) => a.actionsPerSecond - b.actionsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
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
    const sorted = [...p99s].sort((a, b) => a - b);
    const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(`  ${name}: ${p99s.map((p) => p.toFixed(1)).join(', ')} (${middle.toFixed(1)})`);
  }
}
if (ours.length > 0) {
  const rows = ours.map((f) => f.server.logRowsPerStatement ?? 0);
  console.log(`game log: ${(rows.reduce((a, b) => a + b, 0) / rows.length).toFixed(1)} rows per INSERT`);
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
    "thread's part; the rest is the database thread and V8's helpers); heap: the server process, " +
    'settled heap growth per table (the real server: after a warm-up table has played)',
);
for (const figures of [ours[0], bare[0]]) {
  if (figures?.server.profile) {
    console.log(`\n${figures.server.profile}`);
    console.log(formatSummary(summariseProfile(figures.server.profile)));
  }
}
process.exit(0);
