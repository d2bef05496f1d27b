/**
 * A player in a cluster: one seat, played by the heuristic bot from the views it gets,
 * through the proxy, the way the web client does it. Its handshake names its table
 * (`?table=CODE`, the proxy's routing key) and carries its token (`auth`), so after any
 * lost connection (a node died, handed its tables over, was paused and cut off) it
 * reconnects by itself and the server resumes it at its seat; a join refused with
 * `table-moving` is tried again after `retryAfterMs`. It keeps every action the server
 * acknowledged, so a test can find each one in the game log.
 */
import { heuristicBot } from '@kibitz/bots/pinochle';
import { type SentViewPayload, ViewAssembler } from '@kibitz/protocol';
import type { GameView } from '@kibitz/rules/pinochle';
import { io, type Socket } from 'socket.io-client';
import type { Acknowledged } from '../../testing/acknowledged.ts';

export type { Acknowledged };

export interface SeatPlayerOptions {
  /** The proxy's (or a node's) base URL. */
  url: string;
  code: string;
  /**
   * A member's token (resuming); without one, joins as `name` and takes `seat`; with
   * neither (and code ''), only connects (to open a table).
   */
  token?: string;
  name?: string;
  seat?: number;
  /** Waits this long (uniformly between) before each action, like a person; none: at once. */
  pace?: { minMs: number; maxMs: number };
  /** Every view as it arrives (the bench's latency clock). */
  onView?: (gameId: string, version: number) => void;
  /** Every action as it is sent, with the version it answers (not Continue). */
  onAct?: (gameId: string, version: number) => void;
  /** Starts the next game when one ends (the host of a bench table keeps it busy). */
  restartGames?: boolean;
  /** Never acts by itself: only `actNow()` sends (the fencing test's player). */
  hold?: boolean;
}

const TABLE_MOVING = 'table-moving';

interface Reply {
  ok: boolean;
  code?: string;
  message?: string;
  retryAfterMs?: number;
  token?: string;
  playerId?: string;
}

export class SeatPlayer {
  readonly acknowledged: Acknowledged[] = [];
  /** Refused actions, by refusal code. */
  readonly refused = new Map<string, number>();
  /** Connections after the first. */
  reconnects = 0;
  /** Joins refused with table-moving (then tried again). */
  moving = 0;
  /** What happened to its connection, latest last (said when a test times out). */
  readonly events: string[] = [];
  token: string | null;
  playerId: string | null = null;
  gamesOver = new Set<string>();
  /** Every game this player has seen a view of. */
  readonly games = new Set<string>();
  /** Starts the next game when one ends (may be switched off). */
  restartGames: boolean;
  /** The node that answered the last handshake, when the proxy names it. */
  readonly socket: Socket;
  #views = new ViewAssembler<GameView>(); // its tables play Pinochle
  #latest: { gameId: string; version: number; view: GameView } | null = null;
  #sentFor = -1;
  #continuedAfter = -1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  #seated: Promise<void>;
  #connections = 0;

  constructor(private readonly options: SeatPlayerOptions) {
    this.token = options.token ?? null;
    this.restartGames = options.restartGames ?? false;
    this.socket = io(options.url, {
      transports: ['websocket'],
      forceNew: true,
      // A connection that is to open a table names none: the proxy routes it by address.
      query: options.code === '' ? {} : { table: options.code },
      auth: (send) => send(this.token === null ? {} : { code: options.code, token: this.token }),
      reconnectionDelay: 100,
      reconnectionDelayMax: 1000,
      randomizationFactor: 0.5,
    });
    let seated: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.#seated = new Promise((resolve, reject) => {
      seated = resolve;
      failed = reject;
    });
    this.#seated.catch(() => {}); // also reported to whoever awaits seated()
    this.socket.on('connect', () => {
      this.#note('connect');
      this.#views = new ViewAssembler<GameView>();
      this.#sentFor = -1;
      if (this.#connections++ > 0) this.reconnects++;
      if (this.token === null && options.name !== undefined) this.#joinFirst().then(seated, failed);
      else if (this.token === null) seated(); // only connected, to open a table
    });
    this.socket.on('disconnect', (reason) => {
      this.#note(`disconnect: ${reason}`);
      // The server closed the socket itself (not its transport): socket.io leaves it closed.
      if (reason === 'io server disconnect' && !this.#stopped) setTimeout(() => this.socket.connect(), 100);
    });
    this.socket.on('connect_error', (error: Error) => {
      this.#note(`connect_error: ${error.message}`);
      // Turned away by the server itself (still starting up, say): socket.io does not try
      // again by itself then; the web client does, and so do we.
      if (!this.socket.active && !this.#stopped) setTimeout(() => this.socket.connect(), 250);
    });
    this.socket.on('welcome', (payload: { playerId: string | null }) => {
      // A resume by token is done once the server has put us back in our seat.
      if (payload.playerId !== null && this.token !== null && options.name === undefined) seated();
    });
    this.socket.on('rejection', (payload: { event: string; code: string }) => {
      this.#note(`rejection of ${payload.event}: ${payload.code}`);
      // The handshake's resume was refused while the table moves: ask again shortly.
      if (payload.code === TABLE_MOVING && (payload.event === 'join' || payload.event === 'watch')) {
        this.moving++;
        setTimeout(() => void this.#rejoin(), 250);
      }
    });
    this.socket.on('view', (sent: SentViewPayload) => this.#onView(sent));
    this.socket.on('game-over', (payload: { gameId: string }) => {
      this.gamesOver.add(payload.gameId);
      if (this.restartGames) setTimeout(() => this.socket.emit('new-game', () => {}), 500);
    });
  }

  #note(event: string): void {
    this.events.push(`${Math.round(performance.now())} ${event}`);
    if (this.events.length > 20) this.events.shift();
  }

  /** Resolves once the player is a member in its seat. */
  seated(): Promise<void> {
    return this.#seated;
  }

  /** The latest view's game and version. */
  get latest(): { gameId: string; version: number; view: GameView } | null {
    return this.#latest;
  }

  request(event: string, payload?: unknown, timeoutMs = 20_000): Promise<Reply> {
    const socket = this.socket.timeout(timeoutMs);
    return (
      payload === undefined ? socket.emitWithAck(event) : socket.emitWithAck(event, payload)
    ) as Promise<Reply>;
  }

  async #joinFirst(): Promise<void> {
    for (;;) {
      const reply = await this.request('join', {
        code: this.options.code,
        displayName: this.options.name ?? 'Player',
      });
      if (reply.ok) {
        this.token = reply.token ?? null;
        this.playerId = reply.playerId ?? null;
        break;
      }
      if (reply.code !== TABLE_MOVING) throw new Error(`join refused: ${reply.code} ${reply.message}`);
      this.moving++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(100, reply.retryAfterMs ?? 250)));
    }
    if (this.options.seat !== undefined) {
      const sat = await this.request('take-seat', { seat: this.options.seat });
      if (!sat.ok) throw new Error(`take-seat refused: ${sat.code} ${sat.message}`);
    }
  }

  async #rejoin(): Promise<void> {
    if (this.#stopped || !this.socket.connected || this.token === null) return;
    const reply = await this.request('join', { code: this.options.code, token: this.token }).catch(
      () => null,
    );
    this.#note(`rejoin: ${reply === null ? 'no answer' : reply.ok ? 'ok' : reply.code}`);
    if (reply === null || reply.ok) return;
    if (reply.code === TABLE_MOVING) {
      this.moving++;
      setTimeout(() => void this.#rejoin(), Math.max(100, reply.retryAfterMs ?? 250));
    }
  }

  #onView(sent: SentViewPayload): void {
    let payload: { gameId: string; version: number; view: GameView };
    try {
      payload = this.#views.assemble(sent);
    } catch {
      return; // a delta without its base: the next whole view (on reconnection) sets it right
    }
    if (
      this.#latest !== null &&
      this.#latest.gameId === payload.gameId &&
      payload.version < this.#latest.version
    )
      return;
    this.#latest = payload;
    this.games.add(payload.gameId);
    // A game that ended while this player was away is over all the same (its game-over
    // event went to the connection that was lost).
    if (payload.view.phase === 'game-over') this.gamesOver.add(payload.gameId);
    this.options.onView?.(payload.gameId, payload.version);
    this.#schedule();
  }

  #schedule(): void {
    const latest = this.#latest;
    if (this.#stopped || this.options.hold || latest === null || this.#timer !== null) return;
    const { view, version } = latest;
    if (view.viewer === 'spectator' || view.prompt === null || !view.toAct.includes(view.viewer)) return;
    if (this.#sentFor === version) return;
    if (view.prompt.kind === 'continue' && this.#continuedAfter === view.history.length) return;
    const pace = this.options.pace;
    const delay = pace ? pace.minMs + Math.random() * (pace.maxMs - pace.minMs) : 0;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#act();
    }, delay);
  }

  /** Whether the latest view asks this player to act. */
  get toAct(): boolean {
    const view = this.#latest?.view;
    return (
      view !== undefined &&
      view.viewer !== 'spectator' &&
      view.prompt !== null &&
      view.toAct.includes(view.viewer)
    );
  }

  /** Sends the bot's choice for the latest view now; resolves with the server's answer (null: none came). */
  actNow(timeoutMs = 20_000): Promise<Reply | null> {
    return this.#act(timeoutMs) ?? Promise.resolve(null);
  }

  #act(timeoutMs = 20_000): Promise<Reply | null> | undefined {
    const latest = this.#latest;
    if (this.#stopped || latest === null || !this.socket.connected) return;
    const { view, version, gameId } = latest;
    if (view.viewer === 'spectator' || view.prompt === null || !view.toAct.includes(view.viewer)) return;
    if (this.#sentFor === version) return;
    const seat = view.viewer;
    const continuing = view.prompt.kind === 'continue';
    if (continuing) this.#continuedAfter = view.history.length;
    this.#sentFor = version;
    const action = heuristicBot.decide(view, Math.random);
    if (!continuing) this.options.onAct?.(gameId, version);
    return this.socket
      .timeout(timeoutMs)
      .emitWithAck('act', { version, action })
      .then(
        (reply: Reply) => {
          if (reply.ok) this.acknowledged.push({ gameId, version, seat, action, at: performance.now() });
          else {
            this.refused.set(reply.code ?? '?', (this.refused.get(reply.code ?? '?') ?? 0) + 1);
            // Not taken: may try again on this version (after a pause, a rate limit, a move).
            if (this.#sentFor === version) this.#sentFor = -1;
            if (reply.code !== 'stale-version') setTimeout(() => this.#schedule(), 250);
          }
          return reply;
        },
        () => {
          // No answer (the connection went): the resumed view says whether it was taken.
          return null;
        },
      );
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.socket.close();
  }
}
