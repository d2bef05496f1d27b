/**
 * The one socket.io connection: sends intents, parses every server payload with the
 * protocol's schemas, and keeps the table session (a rune) that the screens draw.
 * It rejoins on its own after a reload or a dropped connection, with the seat token
 * the server gave (kept in localStorage).
 */
import {
  type ClientEvent,
  type ClientPayloadInput,
  clientEventSchemas,
  type ServerEvent,
  type ServerPayload,
  serverEventSchemas,
  ViewAssembler,
} from '@kibitz/protocol';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import type { Session } from './session.ts';
import { emptySession, reduce, type ServerMessage, type TableSession } from './table-state.ts';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/**
 * The server's acknowledgement of one message (protocol v2: a refusal comes only here
 * when an ack was asked for). `table` is the table code of a created or joined table.
 */
/** An action of the table's game, any game's (the protocol's schema tells whether some game has it). */
export interface GameAction {
  readonly type: string;
}

export type Reply =
  | { ok: true; table?: string; [key: string]: unknown }
  | { ok: false; code: string; message: string; retryAfterMs?: number };

const replySchema = z.union([
  z.looseObject({ ok: z.literal(true), table: z.string().optional() }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    retryAfterMs: z.number().optional(),
  }),
]);

/**
 * Where we want to be, entered again after every (re)connection: at a table as a
 * member (with the stored token, or as a new member under `name`), or watching.
 */
type Target = { kind: 'join'; code: string; name: string | null } | { kind: 'watch'; code: string } | null;

const ACK_TIMEOUT_MS = 10_000;
/** The refusal of a join or watch while the table moves to another server (retry after retryAfterMs). */
const TABLE_MOVING = 'table-moving';

/** The handshake's query: the table code, by which a proxy routes the connection (none: no table). */
function tableQuery(target: Target): { table?: string } {
  return target === null ? {} : { table: target.code };
}
const OFFLINE: Reply = { ok: false, code: 'offline', message: 'Not connected to the server' };

/** Resolves true once the socket connects, false when it fails or takes over ACK_TIMEOUT_MS. */
function firstConnection(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (up: boolean) => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
      resolve(up);
    };
    const onConnect = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), ACK_TIMEOUT_MS);
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
}

function isServerEvent(name: string): name is ServerEvent {
  return Object.hasOwn(serverEventSchemas, name);
}

export class Connection {
  status = $state<ConnectionStatus>('connecting');
  session = $state.raw<TableSession | null>(null);
  #socket: Socket | null = null;
  #target: Target = null;
  /** A seat to take as soon as the server has welcomed us as a member. */
  #pendingSeat: number | null = null;

  constructor(
    private readonly memory: Session,
    private readonly url: string | undefined = undefined,
  ) {}

  #connect(): Socket {
    if (this.#socket) return this.#socket;
    // WebSocket first (no sticky sessions needed for the handshake), long-polling if it fails.
    // The handshake carries where we are (table code and token): after every reconnection
    // the server puts the socket back at its table by itself and sends a whole view.
    const auth = (send: (data: object) => void) => send(this.#resumeAuth() ?? {});
    const options = {
      autoConnect: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth,
      query: tableQuery(this.#target),
    };
    const socket = this.url === undefined ? io(options) : io(this.url, options);
    socket.on('connect', () => {
      // A new connection: the server starts it with whole views.
      this.#views.reset();
      this.status = 'connected';
      this.#retries = 0;
      // The handshake already asked the server to resume us; otherwise, enter now.
      if (this.#resumedBy === null) this.#enter();
    });
    socket.on('disconnect', (reason) => {
      // "io client disconnect" is us leaving on purpose.
      if (reason === 'io client disconnect') return;
      this.status = 'reconnecting';
      this.#retryIfGivenUp(socket);
    });
    socket.on('connect_error', () => {
      this.status =
        typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'reconnecting';
      this.#retryIfGivenUp(socket);
    });
    socket.onAny((event: unknown, payload: unknown) => this.#receive(event, payload));
    this.#watchNetwork();
    this.#socket = socket;
    socket.connect();
    return socket;
  }

  #retries = 0;
  /** Puts each view together with the one before it on this connection (view-delta.ts). */
  readonly #views = new ViewAssembler();

  #resync(): void {
    const socket = this.#socket;
    if (socket === null) return;
    socket.disconnect();
    this.status = 'reconnecting';
    socket.connect();
  }

  /**
   * socket.io retries a lost connection by itself, but not after the server closed the
   * socket (a restart) or turned it away (still starting up): then we try again, slower
   * each time, up to every 5 s.
   */
  #retryIfGivenUp(socket: Socket): void {
    if (socket.active) return;
    const delay = Math.min(5000, 500 * 2 ** this.#retries++);
    setTimeout(() => {
      if (this.#socket === socket && !socket.connected && !socket.active) socket.connect();
    }, delay);
  }

  #watchingNetwork = false;

  /** The browser knows first when the network is gone, and when it is back. */
  #watchNetwork(): void {
    if (this.#watchingNetwork || typeof window === 'undefined') return;
    this.#watchingNetwork = true;
    window.addEventListener('offline', () => {
      if (this.#socket) this.status = 'offline';
    });
    window.addEventListener('online', () => {
      const socket = this.#socket;
      if (socket && !socket.connected) {
        this.status = 'reconnecting';
        socket.connect();
      }
    });
  }

  #receive(event: unknown, payload: unknown): void {
    if (typeof event !== 'string' || !isServerEvent(event)) return;
    const parsed = serverEventSchemas[event].safeParse(payload);
    if (!parsed.success) {
      console.warn(`kibitz: ignored a malformed "${event}" from the server`, parsed.error.issues[0]);
      return;
    }
    let message: ServerMessage;
    if (event === 'view') {
      try {
        message = { event, payload: this.#views.assemble(parsed.data as ServerPayload<'view'>) };
      } catch (error) {
        // Should never happen (the server tracks what this connection got); if it does,
        // a fresh connection starts again from a whole view.
        console.warn('kibitz: a view could not be put together; reconnecting', error);
        this.#resync();
        return;
      }
    } else {
      message = { event, payload: parsed.data } as ServerMessage;
    }
    this.#remember(message);
    if (this.session === null) return;
    this.session = reduce(this.session, message, Date.now());
  }

  /**
   * Behind several servers the proxy sends each connection to the one that runs its table,
   * by the code in the handshake's query: every new connection (and each reconnection)
   * names the table we are going to. `now`: a connection open elsewhere moves at once.
   */
  #routeTo(target: Target, now: boolean): boolean {
    const socket = this.#socket;
    if (socket === null) return false;
    const query = tableQuery(target);
    const opts = socket.io.opts as { query?: Record<string, string> };
    if ((opts.query?.table ?? null) === (query.table ?? null)) return false;
    opts.query = query;
    if (!now || !socket.connected) return false;
    // The resuming handshake (auth) takes us to the target on the new connection.
    this.#resync();
    return true;
  }

  #movingTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * The table is moving to another server (a take-over after a restart or a failure):
   * enter again once the server says it can be ready, while that is still where we go.
   */
  #retryWhileMoving(retryAfterMs: number | undefined): void {
    const code = this.#target?.code;
    if (code === undefined || this.#movingTimer !== null) return;
    const delay = Math.min(5000, Math.max(100, retryAfterMs ?? 500));
    this.#movingTimer = setTimeout(() => {
      this.#movingTimer = null;
      if (this.#target?.code === code) this.#enter();
    }, delay);
  }

  /** Tokens to keep across reloads, and what follows from a welcome or a refusal. */
  #remember(message: ServerMessage): void {
    if (message.event === 'welcome') {
      const { table: code, token, playerId } = message.payload;
      // A table just opened: later connections name it (this one stays where it is).
      this.#routeTo({ kind: 'watch', code }, false);
      if (token !== null && playerId !== null) {
        this.memory.saveToken(code, token, playerId);
        this.#target = { kind: 'join', code, name: null };
        const seat = this.#pendingSeat;
        this.#pendingSeat = null;
        if (seat !== null) void this.send('take-seat', { seat });
      } else {
        this.#target = { kind: 'watch', code };
      }
    } else if (message.event === 'removed') {
      this.memory.forget(message.payload.table);
      this.#target = null;
    } else if (
      message.event === 'rejection' &&
      (message.payload.event === 'join' || message.payload.event === 'watch') &&
      (message.payload.code as string) === TABLE_MOVING
    ) {
      this.#retryWhileMoving(undefined);
    } else if (message.event === 'rejection' && message.payload.event === 'join') {
      this.#pendingSeat = null;
      const code = this.#target?.code;
      if (code && message.payload.code === 'bad-token') {
        // The token is no good any more (the player was removed): watch instead.
        this.memory.forget(code);
        this.#target = { kind: 'watch', code };
        this.#enter();
      }
    }
  }

  /** What the handshake asked the server to resume (null: nothing; `#enter` goes there). */
  #resumedBy: Target = null;

  #resumeAuth(): { code: string; token?: string } | null {
    const target = this.#target;
    this.#resumedBy = null;
    if (target === null) return null;
    if (target.kind === 'watch') {
      this.#resumedBy = target;
      return { code: target.code };
    }
    const token = this.memory.token(target.code);
    if (token === null) return null;
    this.#resumedBy = target;
    return { code: target.code, token };
  }

  /** Goes to the target: the only place that sends join and watch. */
  #enter(): void {
    const target = this.#target;
    const socket = this.#socket;
    if (target === null || socket === null || !socket.connected) return;
    if (target.kind === 'watch') {
      void this.send('watch', { code: target.code });
      return;
    }
    const token = this.memory.token(target.code);
    if (token !== null) {
      // v2: coming back with a token needs no name.
      void this.send('join', { code: target.code, token });
    } else if (target.name !== null) {
      void this.send('join', { code: target.code, displayName: target.name });
    } else {
      void this.send('watch', { code: target.code });
    }
  }

  /**
   * Sends one intent; resolves with the server's reply, which is also shown as the
   * session's notice when refused. While not connected it resolves at once with
   * \`offline\`: nothing is dropped silently or sent later behind the user's back.
   */
  send<E extends ClientEvent>(event: E, payload: ClientPayloadInput<E>): Promise<Reply> {
    const socket = this.#connect();
    if (!socket.connected) {
      // The page's first connection may still be on its way (opening a table straight
      // from the lobby): wait for it, briefly. A connection that was lost refuses at once.
      if (this.status !== 'connecting') return Promise.resolve(OFFLINE);
      return firstConnection(socket).then((up) => (up ? this.send(event, payload) : OFFLINE));
    }
    return new Promise<Reply>((resolve) => {
      socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (error: Error | null, reply: unknown) => {
        if (error) {
          resolve({ ok: false, code: 'timeout', message: 'The server did not answer in time' });
          return;
        }
        const parsed = replySchema.safeParse(reply);
        resolve(parsed.success ? parsed.data : { ok: false, code: 'malformed', message: 'Unexpected reply' });
      });
    }).then((reply) => {
      if (!reply.ok) this.#refused(event, reply);
      return reply;
    });
  }

  /** A refusal (v2 sends it in the reply only): shown as the notice, and a bad token dropped. */
  #refused(event: string, reply: { code: string; message: string; retryAfterMs?: number }): void {
    if ((event === 'join' || event === 'watch') && reply.code === TABLE_MOVING) {
      // Not the player's concern: the table is back in a moment.
      this.#retryWhileMoving(reply.retryAfterMs);
      return;
    }
    const notice = { event, code: reply.code, message: reply.message };
    this.#receive('rejection', notice);
  }

  /**
   * Opens a table page: back to our seat with a stored token; else as a new member
   * when `joinAs` names us; else as an anonymous watcher.
   */
  open(code: string, joinAs: string | null = null): void {
    if (this.session?.code === code && this.#target?.code === code) return;
    this.session = emptySession(code);
    this.#target =
      this.memory.token(code) !== null || joinAs
        ? { kind: 'join', code, name: joinAs }
        : { kind: 'watch', code };
    this.#connect();
    if (this.#routeTo(this.#target, true)) return;
    this.#enter();
  }

  /** From watching to a named member (who can chat and sit). */
  join(code: string, name: string): void {
    this.memory.name = name;
    this.#target = { kind: 'join', code, name };
    this.#enter();
  }

  /** From watching to playing: join with a name if needed, then take the seat. */
  sit(code: string, name: string, seat: number): void {
    if ((this.session?.welcome?.playerId ?? null) !== null) {
      void this.send('take-seat', { seat });
      return;
    }
    this.#pendingSeat = seat;
    this.join(code, name);
  }

  async create(payload: ClientPayloadInput<'create-table'>): Promise<Reply> {
    this.memory.name = payload.displayName;
    this.session = emptySession('');
    this.#target = null;
    const reply = await this.send('create-table', payload);
    if (!reply.ok) this.session = null;
    return reply;
  }

  /**
   * A game action (the table's game's own), answering the version of the view on screen.
   * The protocol's schema checks it here first: what no game accepts is never sent.
   */
  act(action: GameAction): Promise<Reply> {
    const version = this.session?.game?.version ?? 0;
    const payload = clientEventSchemas.act.safeParse({ version, action });
    if (!payload.success) {
      const refused: Reply = {
        ok: false,
        code: 'malformed',
        message: `Not an action of this game: ${action.type}`,
      };
      this.#refused('act', refused);
      return Promise.resolve(refused);
    }
    return this.send('act', payload.data);
  }

  dismissNotice(): void {
    if (this.session) this.session = { ...this.session, notice: null };
  }

  /** Leaves the table page: the server keeps a seated player's seat for its grace period. */
  leave(): void {
    this.#target = null;
    this.session = null;
    this.#socket?.disconnect();
    this.#socket = null;
    this.status = 'connecting';
  }
}
