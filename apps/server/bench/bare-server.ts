/**
 * The baseline's server: a bare socket.io server that does nothing but what a table must
 * at least do per action: take one message and emit one view-sized payload to the four
 * sockets at the table. Runs in the bench's server process, like the real server.
 */
import { createServer } from 'node:http';
import { createGame, defaultConfig, view } from '@kibitz/rules/pinochle';
import { Server } from 'socket.io';

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
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
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
