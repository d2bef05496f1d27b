/**
 * Test and bench clients: real socket.io clients on loopback that record every event
 * the server sends them, in order, and bot clients that play their seat from the
 * views they receive (exactly what a browser would see).
 */

import { ruleBridgeBot } from '@kibitz/bots/bridge';
import { heuristicBot } from '@kibitz/bots/pinochle';
import {
  type AnyGameView,
  type ClientEvent,
  type ClientPayloadInput,
  type ReplyTo,
  type SentViewPayload,
  type ServerEvent,
  type ServerPayload,
  ViewAssembler,
  type ViewPayload,
} from '@kibitz/protocol';
import type { BridgeView } from '@kibitz/rules/bridge';
import type { GameView } from '@kibitz/rules/pinochle';
import { io, type Socket } from 'socket.io-client';

/**
 * A payload as the client has it: views put together, the rest as sent. `V`: the game's
 * view a test expects at its table (Pinochle's unless it says otherwise).
 */
export type Got<E extends ServerEvent, V extends AnyGameView = GameView> = E extends 'view'
  ? ViewPayload<V>
  : ServerPayload<E>;

export interface Received {
  event: string;
  /** As received; a view put together with the one before it (ViewAssembler). */
  payload: unknown;
  /** What came over the wire, where that differs from `payload` (views leaving parts out). */
  wire?: unknown;
  /** performance.now() when it arrived. */
  at: number;
}

export class TestClient<V extends AnyGameView = GameView> {
  readonly socket: Socket;
  readonly received: Received[] = [];
  #waiters: { event: string; test: (payload: unknown) => boolean; resolve: (payload: unknown) => void }[] =
    [];
  #listeners: ((event: string, payload: unknown) => void)[] = [];

  /** `headers`: sent with the handshake (e.g. X-Forwarded-For, as a proxy would). */
  /** `auth`: sent with the handshake (a table code and token resume a session). */
  constructor(
    url: string,
    options: { headers?: Record<string, string>; auth?: Record<string, string> } = {},
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(options.headers ? { extraHeaders: options.headers } : {}),
      ...(options.auth ? { auth: options.auth } : {}),
    });
    const views = new ViewAssembler();
    this.socket.onAny((event: string, wire: unknown) => {
      let payload = wire;
      if (event === 'view') {
        try {
          payload = views.assemble(wire as SentViewPayload);
        } catch {
          // Left as it came: the view lacks parts, which any check of it will report.
        }
      }
      this.received.push({ event, payload, wire, at: performance.now() });
      for (const listener of this.#listeners) listener(event, payload);
      this.#waiters = this.#waiters.filter((waiter) => {
        if (waiter.event !== event || !waiter.test(payload)) return true;
        waiter.resolve(payload);
        return false;
      });
    });
  }

  static async connect<V extends AnyGameView = GameView>(
    url: string,
    options: { headers?: Record<string, string> } = {},
  ): Promise<TestClient<V>> {
    const client = new TestClient<V>(url, options);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', () => resolve());
      client.socket.once('connect_error', reject);
    });
    return client;
  }

  onEvent(listener: (event: string, payload: unknown) => void): void {
    this.#listeners.push(listener);
  }

  /** Sends an event and waits for the server's reply. */
  request<E extends ClientEvent>(
    event: E,
    payload?: ClientPayloadInput<E>,
    timeoutMs = 20_000,
  ): Promise<ReplyTo<E>> {
    const socket = this.socket.timeout(timeoutMs);
    return (
      payload === undefined ? socket.emitWithAck(event) : socket.emitWithAck(event, payload)
    ) as Promise<ReplyTo<E>>;
  }

  /** Sends anything at all (fuzzing): no typing, no reply expected. */
  sendRaw(event: string, ...args: unknown[]): void {
    this.socket.emit(event, ...args);
  }

  /** The next event of this kind (from now on) that passes `test`. */
  next<E extends ServerEvent>(
    event: E,
    test: (payload: Got<E, V>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<Got<E, V>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for "${event}"`)), timeoutMs);
      this.#waiters.push({
        event,
        test: test as (payload: unknown) => boolean,
        resolve: (payload) => {
          clearTimeout(timer);
          resolve(payload as Got<E, V>);
        },
      });
    });
  }

  /** Resolves when the latest event of this kind passes `test` (at once, if it already does). */
  waitFor<E extends ServerEvent>(
    event: E,
    test: (payload: Got<E, V>) => boolean,
    timeoutMs = 30_000,
  ): Promise<Got<E, V>> {
    const latest = this.latest(event);
    if (latest !== undefined && test(latest)) return Promise.resolve(latest);
    return this.next(event, test, timeoutMs);
  }

  /** Every payload of one event kind received so far. */
  all<E extends ServerEvent>(event: E): Got<E, V>[] {
    return this.received.filter((entry) => entry.event === event).map((entry) => entry.payload as Got<E, V>);
  }

  latest<E extends ServerEvent>(event: E): Got<E, V> | undefined {
    return this.all(event).at(-1);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * A player who lets a bot choose, from nothing but the views it is sent: the heuristic at
 * a Pinochle table, the rule-based bidder and player at a Bridge table (the view's config
 * says which). It answers the newest view only, so it never knowingly sends a stale version.
 */
export class BotClient {
  /** Actions this client sent, with when they were sent. */
  readonly sent: { version: number; at: number }[] = [];
  /** Actions the server refused (rate limits apart): a well-behaved client gets none. */
  rejections = 0;
  /** The refusals, for a test's message. */
  readonly refusals: string[] = [];
  #latest: { version: number; view: AnyGameView } | null = null;
  /** The result panel (hands scored so far) this client last pressed Continue on. */
  #continuedAfter = -1;
  #stopped = false;
  /** Moves the server turned away as too fast (then sent again). */
  rateLimited = 0;

  /**
   * `continues: false`: never presses Continue on a hand's result panel (one who walked away).
   * `moveDelayMs`: waits that long after each view before it moves, so a game lasts at least
   * its moves times the delay however fast the machine is (a test that acts during games).
   */
  constructor(
    readonly client: TestClient<AnyGameView>,
    private readonly options: { continues?: boolean; moveDelayMs?: number } = {},
  ) {
    // A view may have arrived before the bot was attached: start from it.
    const latest = client.latest('view');
    if (latest) {
      this.#latest = { version: latest.version, view: latest.view };
      queueMicrotask(() => this.#maybeAct());
    }
    client.onEvent((event, payload) => {
      if (event === 'view') {
        const { version, view } = payload as ViewPayload;
        if (this.#latest !== null && version < this.#latest.version) return;
        this.#latest = { version, view };
        const delay = this.options.moveDelayMs ?? 0;
        if (delay > 0) setTimeout(() => this.#maybeAct(), delay);
        else queueMicrotask(() => this.#maybeAct());
      }
    });
  }

  stop(): void {
    this.#stopped = true;
  }

  #maybeAct(): void {
    const latest = this.#latest;
    if (this.#stopped || latest === null) return;
    const { view, version } = latest;
    if (view.viewer === 'spectator' || view.prompt === null || !view.toAct.includes(view.viewer)) return;
    if (view.prompt.kind === 'continue') {
      // Once per panel, like a person: while others press, the panel's version moves on
      // and this seat may still be listed before its own press has been applied.
      if (this.options.continues === false || this.#continuedAfter === view.history.length) return;
      this.#continuedAfter = view.history.length;
    }
    if (this.sent.at(-1)?.version === version) return;
    const action = isBridge(view)
      ? ruleBridgeBot.decide(view, Math.random)
      : heuristicBot.decide(view, Math.random);
    const sent = { version, at: performance.now() };
    this.sent.push(sent);
    this.client.socket.emit('act', { version, action }, (reply: { ok: boolean; code?: string }) => {
      if (reply.ok) return;
      if (reply.code !== 'rate-limited') {
        this.rejections++;
        this.refusals.push(`v${version} ${action.type}: ${reply.code}`);
        return;
      }
      // Too fast for the server's limits (its production settings): the move was not
      // looked at; choose again shortly.
      this.rateLimited++;
      setTimeout(() => {
        if (this.sent.at(-1) === sent) this.sent.pop();
        this.#maybeAct();
      }, 250);
    });
  }
}

function isBridge(view: AnyGameView): view is BridgeView {
  return 'game' in view.config && view.config.game === 'auction-bridge';
}

/** Resolves once a client has seen the game end. */
export function gameOver(
  client: TestClient<AnyGameView>,
  gameId: string,
  timeoutMs = 120_000,
): Promise<ServerPayload<'game-over'>> {
  const seen = client.all('game-over').find((payload) => payload.gameId === gameId);
  if (seen) return Promise.resolve(seen);
  return client.next('game-over', (payload) => payload.gameId === gameId, timeoutMs);
}
