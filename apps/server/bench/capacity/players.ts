/**
 * The capacity bench's players, in a process of their own (so that their CPU is not the
 * server's): Cutthroat tables of three seated players at human pace (each waits 1–3 s
 * before acting), opened on request through the URL they are given (a node, or the
 * proxy). Each table's host starts the next game when one ends. Answers the bench's
 * requests for a measured window: p50/p99 from an action sent to the next view delivered
 * to every player at its table.
 */
import { DeliveryClock, percentile } from '../measure.ts';
import type { FromPlayers, ToPlayers } from './protocol.ts';
import { SeatPlayer } from './seat-player.ts';

const SEATS = 3;
const send = (message: FromPlayers) => process.send?.(message);
const clock = new DeliveryClock(SEATS);
const players: SeatPlayer[] = [];
let tables = 0;
let actions = 0;

/**
 * Opens a table and answers its code and the host's token. Behind the proxy it is opened
 * on the node the proxy routes its code to (asked with `/t/CODE`, answered in
 * X-Kibitz-Node), where its players will arrive: a table opened on another node would
 * first be handed over there, which is not what this bench measures.
 */
async function createTable(
  url: string,
  table: number,
  nodes: { id: string; url: string }[] | undefined,
): Promise<{ code: string; token: string }> {
  for (;;) {
    const node = nodes?.[Math.floor(Math.random() * nodes.length)];
    const creator = new SeatPlayer({ url: node?.url ?? url, code: '' });
    try {
      const created = await creator.request('create-table', {
        name: `Capacity ${table}`,
        config: { variant: 'cutthroat' },
        displayName: 'P0',
      });
      if (!created.ok) throw new Error(`create-table refused: ${created.code} ${created.message}`);
      const code = (created as unknown as { table: string }).table;
      if (node !== undefined) {
        const routed = await fetch(`${url}/t/${code}`);
        await routed.arrayBuffer();
        if (routed.headers.get('x-kibitz-node') !== node.id) continue;
      }
      return { code, token: created.token! };
    } finally {
      creator.stop();
    }
  }
}

async function openTable(
  url: string,
  pace: { minMs: number; maxMs: number },
  nodes: { id: string; url: string }[] | undefined,
): Promise<void> {
  const table = tables++;
  const hooksOf = (client: number) => ({
    onView: (gameId: string, version: number) => clock.delivered(gameId, client, version),
    onAct: (gameId: string, version: number) => {
      actions++;
      clock.sent(gameId, version);
    },
  });
  const { code, token } = await createTable(url, table, nodes);
  const host = new SeatPlayer({ url, code, token, pace, restartGames: true, ...hooksOf(0) });
  const guests = [1, 2].map(
    (seat) => new SeatPlayer({ url, code, name: `P${seat}`, seat, pace, ...hooksOf(seat) }),
  );
  await Promise.all([host, ...guests].map((player) => player.seated()));
  players.push(host, ...guests);
  const started = await host.request('start-game');
  if (!started.ok) throw new Error(`start-game refused: ${started.code} ${started.message}`);
}

async function handle(message: ToPlayers): Promise<void> {
  switch (message.type) {
    case 'open': {
      // A few at a time: opening thousands at once would measure a stampede, not play.
      for (let opened = 0; opened < message.tables; opened += 20) {
        const batch = Math.min(20, message.tables - opened);
        await Promise.all(
          Array.from({ length: batch }, () => openTable(message.url, message.pace, message.nodes)),
        );
      }
      send({ type: 'opened', tables, players: players.length });
      return;
    }
    case 'measure': {
      const from = clock.latencies.length;
      const actionsBefore = actions;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, message.seconds * 1000));
      const elapsed = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const latencies = clock.latencies.slice(from);
      const refused = new Map<string, number>();
      for (const player of players)
        for (const [code, count] of player.refused) refused.set(code, (refused.get(code) ?? 0) + count);
      send({
        type: 'measured',
        window: {
          samples: latencies.length,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          actionsPerSecond: (actions - actionsBefore) / elapsed,
          clientCpuCores: (used.user + used.system) / 1e6 / elapsed,
          refused: Object.fromEntries(refused),
          reconnects: players.reduce((sum, player) => sum + player.reconnects, 0),
        },
      });
      return;
    }
    case 'stop':
      for (const player of players) player.stop();
      send({ type: 'stopped' });
      setTimeout(() => process.exit(0), 100).unref();
      return;
  }
}

process.on('message', (message: ToPlayers) => {
  handle(message).catch((error: unknown) => {
    send({ type: 'failed', message: (error as Error).message });
  });
});
send({ type: 'ready' });
