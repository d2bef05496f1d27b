/**
 * The baseline: a bare socket.io server that does nothing but what a table must at
 * least do per action: take one message and emit one view-sized payload to the four
 * sockets at the table. Same clients, same machine, same run.
 */
import { createServer } from 'node:http';
import { createGame, defaultConfig, view } from '@kibitz/rules';
import { Server } from 'socket.io';
import { connect } from './bench-client.ts';
import type { DeliveryClock } from './measure.ts';

export interface BareTables {
  url: string;
  start(clock: DeliveryClock, counters: { actions: number }): Promise<void>;
  close(): Promise<void>;
}

export async function bareServer(tables: number): Promise<BareTables> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  // A realistic payload: a seat's view of a fresh cutthroat deal.
  const payload = view(createGame(defaultConfig('cutthroat'), 'bench'), 0);
  io.on('connection', (socket) => {
    socket.on('join', (table: number, ack: () => void) => {
      void socket.join(`t${table}`);
      ack();
    });
    socket.on('act', ({ table, version }: { table: number; version: number }) => {
      io.to(`t${table}`).emit('view', { table, version: version + 1, view: payload });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets = await Promise.all(Array.from({ length: tables * 4 }, () => connect(url)));

  return {
    url,
    async start(clock, counters) {
      for (const [index, socket] of sockets.entries()) {
        const table = Math.floor(index / 4);
        const seat = index % 4; // seat 3 only watches, like a spectator
        await socket.emitWithAck('join', table);
        socket.on('view', ({ version }: { version: number }) => {
          clock.delivered(table, version);
          if (seat === version % 3) {
            clock.sent(table, version);
            counters.actions++;
            socket.emit('act', { table, version });
          }
        });
      }
      // Seat 0 opens every table.
      for (let table = 0; table < tables; table++) {
        clock.sent(table, -1);
        sockets[table * 4]!.emit('act', { table, version: -1 });
      }
    },
    async close() {
      for (const socket of sockets) socket.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
