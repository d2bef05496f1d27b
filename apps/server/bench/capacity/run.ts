/**
 * `pnpm bench:capacity [-- --start 100 --growth 1.5 --seconds 20 --max-tables 5000 --only one|two]`:
 * how many seated players one server process holds, and two behind the proxy. Cutthroat
 * tables (three seated players each) play at human pace — every player waits 1–3 s before
 * each action, so each table sees an action every 1–3 s — with the players in a process of
 * their own (players.ts). The number of tables grows step by step (×growth) until p99 from
 * an action to its view delivered to every player at the table passes 50 ms, or memory runs
 * short (the machine's available memory under --min-free-mb); the figure is the last step
 * that held.
 *
 * One process: a server started like `pnpm serve` (PostgreSQL when DATABASE_URL is set,
 * else embedded PGlite). Two: `cluster:up`'s two nodes and HAProxy (needs DATABASE_URL,
 * REDIS_URL and haproxy). Ports 7160… (one) and 7170… (two).
 */

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchNode, startCluster, stopCluster } from '../../cluster/cluster.ts';
import { findHaproxy, isAlive, stopProcess } from '../../cluster/processes.ts';
import { startPlayers, type Window } from './protocol.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    start: { type: 'string', default: '100' },
    growth: { type: 'string', default: '1.5' },
    seconds: { type: 'string', default: '20' },
    'max-tables': { type: 'string', default: '5000' },
    'p99-ms': { type: 'string', default: '50' },
    'min-free-mb': { type: 'string', default: '400' },
    only: { type: 'string' },
  },
});
const start = Number(values.start);
const growth = Number(values.growth);
const seconds = Number(values.seconds);
const maxTables = Number(values['max-tables']);
const p99Limit = Number(values['p99-ms']);
const minFreeMb = Number(values['min-free-mb']);
if (![start, seconds, maxTables].every((n) => Number.isInteger(n) && n >= 1) || !(growth > 1)) {
  console.error('--start, --seconds and --max-tables must be whole numbers ≥ 1, --growth a number > 1');
  process.exit(2);
}
const SEATS = 3;
const pace = { minMs: 1000, maxMs: 3000 };
/** Every player comes from this one machine: no per-address limits in the way. */
const nodeEnv = {
  KIBITZ_CONNECTIONS_PER_MINUTE: '0',
  KIBITZ_TABLES_PER_MINUTE: '0',
  LOG_LEVEL: 'warn',
};

function availableMb(): number {
  const line = /^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

function rssMb(pid: number): number {
  try {
    const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Step {
  tables: number;
  window: Window;
  serverRssMb: number;
  /** Each process's share (the nodes, then the proxy). */
  perProcessMb: string[];
  availableMb: number;
}

function row(step: Step): string {
  const w = step.window;
  const refused = Object.entries(w.refused)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  return [
    String(step.tables).padStart(7),
    String(step.tables * SEATS).padStart(8),
    w.actionsPerSecond.toFixed(0).padStart(10),
    w.p50.toFixed(1).padStart(7),
    w.p99.toFixed(1).padStart(7),
    String(w.samples).padStart(8),
    step.serverRssMb.toFixed(0).padStart(11),
    step.availableMb.toFixed(0).padStart(10),
    w.clientCpuCores.toFixed(2).padStart(11),
    `  ${step.perProcessMb.length > 1 ? `(${step.perProcessMb.join('+')} MiB) ` : ''}${refused || '-'}${w.reconnects ? `; ${w.reconnects} reconnects` : ''}`,
  ].join(' ');
}
const header = [
  'tables'.padStart(7),
  'players'.padStart(8),
  'actions/s'.padStart(10),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'samples'.padStart(8),
  'server MiB'.padStart(11),
  'free MiB'.padStart(10),
  'client cpu'.padStart(11),
  '  refusals',
].join(' ');

/** Raises the tables at `url` until p99 or memory gives out; the seated players of the last step that held. */
async function ramp(
  url: string,
  serverPids: () => number[],
  nodes?: { id: string; url: string }[],
): Promise<number> {
  const players = await startPlayers();
  let held = 0;
  let tables = 0;
  let target = start;
  console.log(header);
  try {
    while (target <= maxTables) {
      await players.request(
        { type: 'open', url, tables: target - tables, pace, ...(nodes ? { nodes } : {}) },
        'opened',
      );
      tables = target;
      // Let the new tables' games get going (deals, first bids) before measuring.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const { window } = await players.request({ type: 'measure', seconds }, 'measured');
      const step: Step = {
        tables,
        window,
        serverRssMb: serverPids().reduce((sum, pid) => sum + rssMb(pid), 0),
        perProcessMb: serverPids().map((pid) => rssMb(pid).toFixed(0)),
        availableMb: availableMb(),
      };
      console.log(row(step));
      if (!(window.p99 <= p99Limit)) {
        console.log(`p99 ${window.p99.toFixed(1)} ms passed ${p99Limit} ms at ${tables} tables`);
        break;
      }
      held = tables * SEATS;
      if (step.availableMb < minFreeMb) {
        console.log(`memory short: ${step.availableMb.toFixed(0)} MiB available (< ${minFreeMb})`);
        break;
      }
      target = Math.min(maxTables + 1, Math.ceil(tables * growth));
    }
  } finally {
    await players.request({ type: 'stop' }, 'stopped').catch(() => {});
  }
  return held;
}

/** What to stop if the bench is interrupted (Ctrl-C, a timeout): nothing it started outlives it. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([...cleanups].map((cleanup) => cleanup().catch(() => {}))).then(() => process.exit(130));
  });
}

const results: string[] = [];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

if (values.only !== 'two') {
  console.log(`\none process (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), load ${load()}`);
  const dir = await mkdtemp(join(tmpdir(), 'kibitz-capacity-'));
  // A process on its own, as `pnpm serve` runs it: no Redis, even when REDIS_URL is set for the two.
  const node = await launchNode(
    {
      id: 'capacity',
      port: 7160,
      dir,
      env: { ...nodeEnv, REDIS_URL: '', KIBITZ_SECRET: 'kibitz-capacity-secret-0123456789' },
    },
    120_000,
  );
  const cleanup = () => stopProcess(node.pid, 'SIGTERM', 20_000);
  cleanups.add(cleanup);
  try {
    const held = await ramp(`http://127.0.0.1:7160`, () => [node.pid]);
    results.push(`one process: ${held} seated players held with p99 ≤ ${p99Limit} ms (load ${load()})`);
  } finally {
    cleanups.delete(cleanup);
    if (isAlive(node.pid)) await stopProcess(node.pid, 'SIGTERM', 20_000);
    await rm(dir, { recursive: true, force: true });
  }
}

if (values.only !== 'one') {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const haproxy = findHaproxy();
  if (!databaseUrl || !redisUrl || 'missing' in haproxy) {
    const why = 'missing' in haproxy ? haproxy.missing : 'set DATABASE_URL and REDIS_URL';
    results.push(`two processes behind the proxy: not measured (${why})`);
  } else {
    console.log(`\ntwo processes behind HAProxy (PostgreSQL, Redis), load ${load()}`);
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-capacity-cluster-'));
    const cluster = await startCluster({
      nodes: 2,
      port: 7170,
      dataDir: dir,
      databaseUrl,
      redisUrl,
      env: nodeEnv,
    });
    const cleanup = () => stopCluster(dir).then(() => {});
    cleanups.add(cleanup);
    try {
      const pids = [...cluster.file.nodes.map((node) => node.pid), cluster.file.proxy.pid];
      const nodes = cluster.file.nodes.map((node) => ({ id: node.id, url: `http://127.0.0.1:${node.port}` }));
      const held = await ramp('http://127.0.0.1:7170', () => pids, nodes);
      results.push(
        `two processes behind the proxy: ${held} seated players held with p99 ≤ ${p99Limit} ms (load ${load()})`,
      );
    } finally {
      cleanups.delete(cleanup);
      await stopCluster(dir);
      await rm(dir, { recursive: true, force: true });
    }
  }
}

console.log(`\n${results.join('\n')}`);
console.log(
  'Cutthroat, 3 seated players per table, each acting 1–3 s after its turn comes; latency: from an action ' +
    'sent to its view delivered to all 3 players; server MiB: resident memory of the server process(es) ' +
    '(and the proxy); client cpu: cores the players’ process used.',
);
process.exit(0);
