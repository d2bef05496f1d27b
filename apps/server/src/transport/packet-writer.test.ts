import { createServer } from 'node:http';
import { createGame, defaultConfig, view } from '@kibitz/rules/pinochle';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonParser } from './json-parser.ts';
import { writeEvent } from './packet-writer.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server with the real parser and `count` clients on the given transport, each recording its raw packets. */
async function setUp(count: number, transport: 'websocket' | 'polling') {
  const http = createServer();
  const io = new Server(http, { serveClient: false, parser: jsonParser });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
  const port = (http.address() as { port: number }).port;
  const clients: { socket: ClientSocket; raw: string[]; events: [string, unknown][] }[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: [transport],
      forceNew: true,
      reconnection: false,
    });
    closers.push(() => void socket.close());
    const client = { socket, raw: [] as string[], events: [] as [string, unknown][] };
    socket.onAny((event: string, payload: unknown) => client.events.push([event, payload]));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type === 'message') client.raw.push(String(packet.data));
    });
    clients.push(client);
  }
  const sockets = clients.map((client) => io.sockets.sockets.get(client.socket.id!) as Socket);
  return { clients, sockets };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('writeEvent', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`puts on the wire (${transport}) exactly what socket.emit does, in order with it`, async () => {
      const { clients, sockets } = await setUp(3, transport);
      const payload = { gameId: 'g', version: 3, view: view(createGame(defaultConfig('cutthroat'), 'w'), 0) };
      // One socket, several sockets, and socket.emit in between: each client gets its own in order.
      writeEvent([sockets[0]], 'view', payload);
      sockets[0]!.emit('view', payload);
      writeEvent(sockets, 'deal', { gameId: 'g', hash: 'ab' });
      writeEvent([sockets[1], undefined], 'chat', { text: 'naïve "quotes" \u2028 ♠' });
      await until(() => clients[0]!.raw.length === 3 && clients[1]!.raw.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [first, second, third] = clients;
      expect(first!.raw[0]).toBe(first!.raw[1]);
      expect(first!.events.map(([event]) => event)).toEqual(['view', 'view', 'deal']);
      expect(first!.events[0]![1]).toEqual(payload);
      expect(second!.events).toEqual([
        ['deal', { gameId: 'g', hash: 'ab' }],
        ['chat', { text: 'naïve "quotes" \u2028 ♠' }],
      ]);
      expect(third!.events).toEqual([['deal', { gameId: 'g', hash: 'ab' }]]);
    });
  }

  it('skips a socket that has disconnected', async () => {
    const { clients, sockets } = await setUp(2, 'websocket');
    clients[0]!.socket.close();
    await until(() => !sockets[0]!.connected);
    writeEvent(sockets, 'deal', { gameId: 'g', hash: 'cd' });
    await until(() => clients[1]!.events.length === 1);
    expect(clients[1]!.events).toEqual([['deal', { gameId: 'g', hash: 'cd' }]]);
    expect(clients[0]!.events).toEqual([]);
  });
});
