/**
 * socket.io, the thin part: every inbound message is rate-limited, parsed by the
 * protocol's schemas and handed to its table; nothing else reaches the rooms. Each
 * socket's messages are handled one after another, in the order they were sent.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  type ClientMessage,
  type ConnectErrorData,
  type ProtocolErrorCode,
  parseClientMessage,
  type ServerToClientEvents,
  tableCodeSchema,
} from '@kibitz/protocol';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { type OriginPolicy, originRefusal } from '../http/page-origin.ts';
import { socketTransportHeaders } from '../http/security-headers.ts';
import { verifyToken } from '../identity/token.ts';
import type { Log, TableOutput } from '../rooms/context.ts';
import { type Lobby, TableElsewhereError } from '../rooms/lobby.ts';
import { SerialQueue } from '../rooms/serial-queue.ts';
import type { Table } from '../rooms/table.ts';
import type { Command, Reply } from '../table-core/commands.ts';
import { type AddressLimits, addressKey, clientAddress, PerAddressLimit } from './address-limits.ts';
import { jsonParser } from './json-parser.ts';
import { writeEvent } from './packet-writer.ts';
import { RateLimit } from './rate-limit.ts';

export interface SocketLimits {
  /** Largest message read, in bytes (socket.io maxHttpBufferSize). */
  maxMessageBytes: number;
  /** Sustained events per second per socket... */
  eventsPerSecond: number;
  /** ...and how many may come at once. */
  eventBurst: number;
}

/**
 * How long a handshake's resume keeps trying by itself while its table moves between
 * processes (a take-over after a crash, a hand-over), before the client is told.
 */
const RESUME_TRYING_MS = 20_000;

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
  /**
   * The table the proxy routed this socket here for (`?table=CODE` in the handshake): a
   * join for it that another process holds asks that process to hand it over.
   */
  routedFor: string | null;
  /** The client asked for a table itself (join, watch, create): the handshake's resume stops trying. */
  asked: boolean;
}

export interface Sockets {
  io: KibitzIo;
  output: TableOutput;
  /** Starts handling connections; before this, connections are turned away. */
  serve(lobby: Lobby): void;
  /** Resolves once every closed socket's leave has been handed to its table. */
  left(): Promise<void>;
}

export function createSockets(
  httpServer: HttpServer,
  limits: SocketLimits,
  addressLimits: AddressLimits,
  origins: OriginPolicy,
  logger: Log,
  /** Cluster mode: the per-address limits count in Redis, across every process. */
  redis?: { client: Redis; prefix: string },
): Sockets {
  const io: KibitzIo = new Server(httpServer, {
    maxHttpBufferSize: limits.maxMessageBytes,
    serveClient: false,
    // The site's own pages need no CORS; pages of the origins the operator allows do (long-polling).
    ...(origins.allowedOrigins.length > 0 && { cors: { origin: [...origins.allowedOrigins] } }),
    // Every handshake (polling and WebSocket) from a page elsewhere is refused, saying why
    // (engine.io answers 403 with the reason as its message).
    allowRequest: (request, answer) => {
      const refusal = originRefusal(request.headers, origins);
      answer(refusal, refusal === null);
    },
    parser: jsonParser,
  });
  // Every long-polling answer (and the WebSocket upgrade) carries the security headers too.
  io.engine.on('headers', (headers: Record<string, string>) => {
    Object.assign(headers, socketTransportHeaders);
  });
  const sessions = new Map<string, Session>();
  /** Closed sockets whose leave is still on its way to the table (shutdown waits for them). */
  const leaving = new Set<Promise<void>>();
  // Per socket, the token bucket stays in this process (a socket never moves, and every
  // message would otherwise wait for Redis); per address, the count is shared.
  const connections = new PerAddressLimit(
    addressLimits.connectionsPerMinute,
    redis && { redis: redis.client, prefix: redis.prefix, name: 'connections' },
  );
  const tables = new PerAddressLimit(
    addressLimits.tablesPerMinute,
    redis && { redis: redis.client, prefix: redis.prefix, name: 'tables' },
  );
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
    connections.take(address).then(
      (allowed) => {
        if (allowed) return next();
        if (connections.shouldWarn(address)) logger.warn({ address }, 'too many new connections: refusing');
        next(
          refusal(
            'Too many new connections from your address: try again in a minute',
            'too-many-connections',
          ),
        );
      },
      (error: unknown) => {
        // The limiter itself failed (it falls back to memory when Redis is down): let them in.
        logger.error({ err: error }, 'the connection limit could not be checked');
        next();
      },
    );
  });

  const output: TableOutput = {
    emit(socketIds, event, payload) {
      // Encoded and framed once, past socket.io's per-socket emit and its adapter (packet-writer.ts).
      writeEvent(
        socketIds.map((id) => io.sockets.sockets.get(id)),
        event,
        payload,
      );
    },
    release(socketId) {
      const session = sessions.get(socketId);
      if (session) session.table = null;
    },
    reconnect(socketIds) {
      for (const socketId of socketIds) {
        const session = sessions.get(socketId);
        if (session) session.table = null;
        // Closing the transport (not socket.disconnect(), which tells the client to stay
        // away): the client sees "transport close", reconnects and resumes with its token.
        io.sockets.sockets.get(socketId)?.conn.close();
      }
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
        routedFor: routedTable(socket.handshake.query.table),
        asked: false,
      };
      sessions.set(socket.id, session);
      resume(ready, socket, session);
      socket.onAny((event: unknown, ...args: unknown[]) => receive(ready, socket, session, event, args));
      socket.on('disconnect', () => {
        sessions.delete(socket.id);
        const left = session.queue
          .run(() => leaveTable(session, socket.id))
          .catch((error: unknown) => logger.error({ err: error }, 'disconnect handling failed'));
        leaving.add(left);
        void left.finally(() => leaving.delete(left));
      });
    });
  }

  /**
   * After a (re)connection the client resumes by itself: a table code and token in the
   * handshake's \`auth\` join the socket as that member (a code alone: as a watcher),
   * and it is sent welcome, table and a whole view like any join. While the table moves
   * here (its owner died or is handing it over) the server tries again by itself, as
   * `table-moving` says, so the client need not send a join: it is told only if the
   * table is still elsewhere after RESUME_TRYING_MS, or of any other refusal.
   */
  function resume(ready: Lobby, socket: KibitzSocket, session: Session): void {
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    if (auth === undefined || auth.code === undefined) return;
    const parsed =
      auth.token === undefined
        ? parseClientMessage('watch', { code: auth.code })
        : parseClientMessage('join', { code: auth.code, token: auth.token });
    if (!parsed.ok) {
      socket.emit('protocol-error', { event: 'auth', code: parsed.code, message: parsed.message });
      return;
    }
    const deadline = performance.now() + RESUME_TRYING_MS;
    // Stop once the socket is gone, at a table, or its client asked for one itself.
    const moot = () => !socket.connected || session.table !== null || session.asked;
    const attempt = () => {
      session.queue
        .run(() => (moot() ? Promise.resolve(null) : handle(ready, socket.id, session, parsed, tables)))
        .then((outcome) => {
          if (outcome === null || outcome.ok) return;
          if (outcome.code === 'table-moving' && performance.now() < deadline && !moot()) {
            const delay = Math.min(1000, Math.max(20, outcome.retryAfterMs ?? 250));
            setTimeout(attempt, delay).unref();
            return;
          }
          socket.emit('rejection', { event: parsed.event, code: outcome.code, message: outcome.message });
        })
        .catch((error: unknown) => logger.error({ err: error }, 'resuming a session failed'));
    };
    attempt();
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
    // One refusal channel: the ack when the client asked for one, else an event.
    const problem = (code: ProtocolErrorCode, message: string) => {
      if (ack) ack({ ok: false, code, message });
      else socket.emit('protocol-error', { event: name, code, message });
    };
    if (!session.limit.take()) {
      // A request that asked for an answer always gets one, saying when to try again; the
      // unasked-for notice goes out at most once a second.
      const message = 'Too many messages: slow down';
      const retryAfterMs = session.limit.retryAfterMs();
      if (ack) {
        ack({ ok: false, code: 'rate-limited', message, retryAfterMs });
        return;
      }
      const now = Date.now();
      if (now - session.limitNoticeAt >= 1000) {
        session.limitNoticeAt = now;
        socket.emit('protocol-error', { event: name, code: 'rate-limited', message, retryAfterMs });
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
    if (parsed.event === 'join' || parsed.event === 'watch' || parsed.event === 'create-table')
      session.asked = true;
    session.queue
      .run(() => handle(ready, socket.id, session, parsed, tables))
      .then((outcome) => {
        if (ack) ack(outcome);
        else if (!outcome.ok) {
          socket.emit('rejection', { event: parsed.event, code: outcome.code, message: outcome.message });
        }
      })
      .catch((error: unknown) => {
        logger.error({ err: error, event: parsed.event }, 'handling a message failed');
        problem('internal', 'Something went wrong on the server; nothing changed');
      });
  }

  const left = async () => {
    await Promise.all(leaving);
  };
  return { io, output, serve, left };
}

async function leaveTable(session: Session, socketId: string): Promise<void> {
  const table = session.table;
  session.table = null;
  if (table) await table.run({ type: 'leave', socketId });
}

/** The table code a handshake's `?table=` names, as the protocol reads codes; else null. */
function routedTable(query: unknown): string | null {
  const parsed = tableCodeSchema.safeParse(Array.isArray(query) ? query[0] : query);
  return parsed.success ? parsed.data : null;
}

/** A connection refused, with a code the client can read (`connectErrorDataSchema`). */
function refusal(message: string, code: ConnectErrorData['code']): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * One request. A socket belongs to a table only once a join, watch or create has
 * succeeded; a refused one leaves it where it was.
 */
async function handle(
  lobby: Lobby,
  socketId: string,
  session: Session,
  message: ClientMessage,
  tables: PerAddressLimit,
): Promise<Reply> {
  switch (message.event) {
    case 'create-table': {
      if (!(await tables.take(session.address))) {
        return {
          ok: false,
          code: 'too-many-tables',
          message: 'Too many tables opened from your address: try again in a minute',
        };
      }
      const { table, reply } = await lobby.create(socketId, message.payload);
      if (table === null || !reply.ok) return reply;
      await moveTo(session, socketId, table);
      return withToken(table, reply);
    }
    case 'join':
    case 'watch': {
      const { code } = message.payload;
      let table: Table | null;
      try {
        table = await lobby.find(code);
      } catch (error) {
        if (!(error instanceof TableElsewhereError)) throw error;
        // Routed here by its code (so the proxy will keep sending its players here): ask
        // the owner to hand it over, and say to try again soon.
        if (session.routedFor === code) return lobby.askHandover(code, error).refusal;
        return error.refusal;
      }
      if (table === null) return { ok: false, code: 'no-such-table', message: `No table ${code}` };
      let command: Command;
      if (message.event === 'watch') command = { type: 'watch', socketId };
      else {
        const { displayName, token } = message.payload;
        const claim =
          token === undefined ? null : (verifyToken(lobby.ctx.secret, token, table.id) ?? 'bad-token');
        command = { type: 'join', socketId, displayName: displayName ?? null, claim, newId: randomUUID() };
      }
      const reply = await table.run(command);
      if (!reply.ok) return reply;
      await moveTo(session, socketId, table);
      return withToken(table, reply);
    }
  }
  const table = session.table;
  if (table === null) return { ok: false, code: 'not-at-table', message: 'Join a table first' };
  if (message.event === 'chat-history') return chatHistory(lobby, table, message.payload.before);
  if (message.event === 'hint') return table.hint(socketId, message.payload.version);
  return table.run(tableCommand(socketId, message));
}

/** A page of earlier chat, read from the database (nothing at the table changes). */
async function chatHistory(lobby: Lobby, table: Table, before: string | undefined): Promise<Reply> {
  const page = 50;
  const rows = await lobby.ctx.store.recentChat(
    table.id,
    page + 1,
    before === undefined ? undefined : new Date(before),
  );
  const more = rows.length > page;
  const messages = rows.slice(more ? 1 : 0).map((row) => ({
    from: { playerId: row.playerId, name: row.name },
    text: row.text,
    at: row.at.toISOString(),
  }));
  return { ok: true, messages, more };
}

/** The socket now belongs to `table` (and no longer to the one it was at). */
async function moveTo(session: Session, socketId: string, table: Table): Promise<void> {
  if (session.table !== null && session.table !== table) await leaveTable(session, socketId);
  session.table = table;
}

/** A join's reply as the client gets it: the table code and the member's token. */
function withToken(table: Table, reply: Reply): Reply {
  const playerId = reply.ok ? reply.playerId : null;
  const welcome = table.welcomeFor(typeof playerId === 'string' ? playerId : null);
  return { ok: true, ...welcome };
}

function tableCommand(socketId: string, message: ClientMessage): Command {
  switch (message.event) {
    case 'take-seat':
      return { type: 'take-seat', socketId, seat: message.payload.seat };
    case 'leave-seat':
      return { type: 'leave-seat', socketId };
    case 'set-rules':
      return { type: 'set-rules', socketId, patch: message.payload };
    case 'add-bot':
      return {
        type: 'add-bot',
        socketId,
        seat: message.payload.seat,
        level: message.payload.level,
        newId: randomUUID(),
        gameId: randomUUID(),
        seed: randomBytes(32).toString('hex'),
      };
    case 'move-player':
      return { type: 'move-player', socketId, ...message.payload };
    case 'remove-player':
      return { type: 'remove-player', socketId, playerId: message.payload.playerId };
    case 'start-game':
    case 'new-game':
      return {
        type: 'start-game',
        socketId,
        kind: message.event === 'start-game' ? 'start' : 'new',
        gameId: randomUUID(),
        seed: randomBytes(32).toString('hex'),
      };
    case 'act':
      return { type: 'act', socketId, version: message.payload.version, action: message.payload.action };
    case 'chat':
      return { type: 'chat', socketId, text: message.payload.text };
    case 'create-table':
    case 'join':
    case 'watch':
    case 'chat-history':
    case 'hint':
      throw new Error(`${message.event} is handled before a table is needed`);
  }
}
