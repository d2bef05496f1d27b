/**
 * socket.io, the thin part: every inbound message is rate-limited, parsed by the
 * protocol's schemas and handed to its table; nothing else reaches the rooms. Each
 * socket's messages are handled one after another, in the order they were sent.
 */
import type { Server as HttpServer } from 'node:http';
import {
  type ClientMessage,
  type ConnectErrorData,
  type ProtocolErrorCode,
  parseClientMessage,
  type ServerToClientEvents,
} from '@kibitz/protocol';
import { Server, type Socket } from 'socket.io';
import { chat } from '../rooms/chat.ts';
import type { Log, TableOutput } from '../rooms/context.ts';
import { act, startGame } from '../rooms/game-flow.ts';
import { addBot, movePlayer, removePlayer, setRules } from '../rooms/host-powers.ts';
import type { Lobby } from '../rooms/lobby.ts';
import type { Outcome } from '../rooms/outcome.ts';
import { newGame } from '../rooms/play-again.ts';
import { leaveSeat, takeSeat } from '../rooms/seating.ts';
import { SerialQueue } from '../rooms/serial-queue.ts';
import type { Table } from '../rooms/table.ts';
import { type AddressLimits, addressKey, clientAddress, PerAddressLimit } from './address-limits.ts';
import { jsonParser } from './json-parser.ts';
import { RateLimit } from './rate-limit.ts';

export interface SocketLimits {
  /** Largest message read, in bytes (socket.io maxHttpBufferSize). */
  maxMessageBytes: number;
  /** Sustained events per second per socket... */
  eventsPerSecond: number;
  /** ...and how many may come at once. */
  eventBurst: number;
}

type KibitzSocket = Socket<Record<string, never>, ServerToClientEvents>;
export type KibitzIo = Server<Record<string, never>, ServerToClientEvents>;
type Ack = (reply: unknown) => void;

interface Session {
  /** The client's address as the per-address limits count it. */
  address: string;
  table: Table | null;
  queue: SerialQueue;
  limit: RateLimit;
  /** When the socket was last told it is too fast (told at most once a second). */
  limitNoticeAt: number;
}

export interface Sockets {
  io: KibitzIo;
  output: TableOutput;
  /** Starts handling connections; before this, connections are turned away. */
  serve(lobby: Lobby): void;
}

export function createSockets(
  httpServer: HttpServer,
  limits: SocketLimits,
  addressLimits: AddressLimits,
  logger: Log,
): Sockets {
  const io: KibitzIo = new Server(httpServer, {
    maxHttpBufferSize: limits.maxMessageBytes,
    serveClient: false,
    cors: { origin: true },
    parser: jsonParser,
  });
  const sessions = new Map<string, Session>();
  const connections = new PerAddressLimit(addressLimits.connectionsPerMinute);
  const tables = new PerAddressLimit(addressLimits.tablesPerMinute);
  const addressOf = (socket: KibitzSocket) =>
    addressKey(
      clientAddress(
        socket.handshake.address,
        socket.handshake.headers['x-forwarded-for'],
        addressLimits.trustProxy,
      ),
    );
  let lobby: Lobby | null = null;
  io.use((socket, next) => {
    if (lobby === null)
      return next(refusal('The server is starting up: try again in a moment', 'starting-up'));
    const address = addressOf(socket);
    if (connections.take(address)) return next();
    if (connections.shouldWarn(address)) logger.warn({ address }, 'too many new connections: refusing');
    next(
      refusal('Too many new connections from your address: try again in a minute', 'too-many-connections'),
    );
  });

  const output: TableOutput = {
    emit(socketIds, event, payload) {
      if (socketIds.length === 1) {
        // Most packets go to one socket (each seat its own view): straight to it, past the
        // broadcast machinery (an operator, the adapter, room lookups) that `to()` sets up.
        const socket = io.sockets.sockets.get(socketIds[0]!) as unknown as
          | { emit: (e: string, p: unknown) => void }
          | undefined;
        socket?.emit(event, payload);
        return;
      }
      // Socket ids are socket.io rooms of one socket each: one packet encoded for all.
      const emitter = io.to(socketIds as string[]) as unknown as { emit: (e: string, p: unknown) => void };
      emitter.emit(event, payload);
    },
    release(socketId) {
      const session = sessions.get(socketId);
      if (session) session.table = null;
    },
  };

  function serve(ready: Lobby): void {
    lobby = ready;
    io.on('connection', (socket: KibitzSocket) => {
      const session: Session = {
        address: addressOf(socket),
        table: null,
        queue: new SerialQueue(),
        limit: new RateLimit(limits.eventsPerSecond, limits.eventBurst),
        limitNoticeAt: 0,
      };
      sessions.set(socket.id, session);
      socket.onAny((event: unknown, ...args: unknown[]) => receive(ready, socket, session, event, args));
      socket.on('disconnect', () => {
        sessions.delete(socket.id);
        session.queue
          .run(() => leaveTable(session, socket.id))
          .catch((error: unknown) => logger.error({ err: error }, 'disconnect handling failed'));
      });
    });
  }

  function receive(
    ready: Lobby,
    socket: KibitzSocket,
    session: Session,
    event: unknown,
    args: unknown[],
  ): void {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    const name = typeof event === 'string' ? event.slice(0, 40) : null;
    const problem = (code: ProtocolErrorCode, message: string) => {
      socket.emit('protocol-error', { event: name, code, message });
      ack?.({ ok: false, code, message });
    };
    if (!session.limit.take()) {
      // A request that asked for an answer always gets one (so a client knows to send it
      // again); the unasked-for notice goes out at most once a second.
      const message = 'Too many messages: slow down';
      ack?.({ ok: false, code: 'rate-limited', message });
      const now = Date.now();
      if (now - session.limitNoticeAt >= 1000) {
        session.limitNoticeAt = now;
        socket.emit('protocol-error', { event: name, code: 'rate-limited', message });
      }
      return;
    }
    if (args.length > 1) {
      problem('malformed', 'Send one payload per event');
      return;
    }
    const parsed = parseClientMessage(event, args[0]);
    if (!parsed.ok) {
      problem(parsed.code, parsed.message);
      return;
    }
    session.queue
      .run(() => handle(ready, socket.id, session, parsed, tables))
      .then((outcome) => {
        if (!outcome.ok) {
          socket.emit('rejection', { event: parsed.event, code: outcome.code, message: outcome.message });
        }
        ack?.(outcome);
      })
      .catch((error: unknown) => {
        logger.error({ err: error, event: parsed.event }, 'handling a message failed');
        problem('internal', 'Something went wrong on the server; nothing changed');
      });
  }

  return { io, output, serve };
}

async function leaveTable(session: Session, socketId: string): Promise<void> {
  const table = session.table;
  session.table = null;
  if (table) await table.run(() => table.detach(socketId));
}

/** A connection refused, with a code the client can read (`connectErrorDataSchema`). */
function refusal(message: string, code: ConnectErrorData['code']): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(message), { data: { code } });
}

async function handle(
  lobby: Lobby,
  socketId: string,
  session: Session,
  message: ClientMessage,
  tables: PerAddressLimit,
): Promise<Outcome> {
  switch (message.event) {
    case 'create-table': {
      if (!tables.take(session.address)) {
        return {
          ok: false,
          code: 'too-many-tables',
          message: 'Too many tables opened from your address: try again in a minute',
        };
      }
      await leaveTable(session, socketId);
      const outcome = await lobby.create(socketId, message.payload);
      if (outcome.ok) session.table = await lobby.find(outcome.code);
      return outcome;
    }
    case 'join':
    case 'watch': {
      const { code } = message.payload;
      const table = await lobby.find(code);
      if (table === null) return { ok: false, code: 'no-such-table', message: `No table ${code}` };
      if (session.table !== table) await leaveTable(session, socketId);
      session.table = table;
      if (message.event === 'watch') return table.run(() => table.watch(socketId));
      const { displayName, token } = message.payload;
      const outcome = await table.run(() => table.join(socketId, displayName, token));
      if (!outcome.ok) session.table = null;
      return outcome;
    }
  }
  const table = session.table;
  if (table === null) return { ok: false, code: 'not-at-table', message: 'Join a table first' };
  return table.run(() => tableEvent(table, socketId, message));
}

function tableEvent(table: Table, socketId: string, message: ClientMessage): Promise<Outcome> {
  switch (message.event) {
    case 'take-seat':
      return takeSeat(table, socketId, message.payload.seat);
    case 'leave-seat':
      return leaveSeat(table, socketId);
    case 'set-rules':
      return setRules(table, socketId, message.payload);
    case 'add-bot':
      return addBot(table, socketId, message.payload.seat);
    case 'move-player':
      return movePlayer(table, socketId, message.payload.playerId, message.payload.seat);
    case 'remove-player':
      return removePlayer(table, socketId, message.payload.playerId);
    case 'start-game':
      return startGame(table, socketId, 'start');
    case 'new-game':
      return newGame(table, socketId);
    case 'act':
      return act(table, socketId, message.payload.version, message.payload.action);
    case 'chat':
      return chat(table, socketId, message.payload.text);
    default:
      // create-table, join and watch were handled before a table was needed.
      return Promise.resolve({ ok: false, code: 'not-at-table', message: `Unexpected "${message.event}"` });
  }
}
