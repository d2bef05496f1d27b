/**
 * The baseline's clients: four sockets per table against the bare server
 * (bare-server.ts); seats 0-2 take turns acting, seat 3 only watches, like a spectator.
 * Same clients, same machine, same run as the real server's.
 */
import type { Socket } from 'socket.io-client';
import { connect } from './bench-client.ts';
import type { DeliveryClock } from './measure.ts';

export interface BareTables {
  start(clock: DeliveryClock, counters: { actions: number }): Promise<void>;
  close(): void;
}

export async function bareTables(url: string, tables: number): Promise<BareTables> {
  const sockets: Socket[] = await Promise.all(Array.from({ length: tables * 4 }, () => connect(url)));
  return {
    async start(clock, counters) {
      for (const [index, socket] of sockets.entries()) {
        const table = Math.floor(index / 4);
        const seat = index % 4;
        await socket.emitWithAck('join', table);
        socket.on('view', ({ version }: { version: number }) => {
          clock.delivered(table, seat, version);
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
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}
