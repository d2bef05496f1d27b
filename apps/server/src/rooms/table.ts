/**
 * The shell around one table's core (table-core/): it feeds commands to `step` one at a
 * time and carries out the effects in order — store, then send, then timers — and asks
 * the bots. It holds no table facts of its own, only what a transport needs: the view
 * each socket was sent last (so the next can be sent as changes), and the running timers.
 */
import {
  type AnyGameView,
  type ServerEvent,
  type ServerPayload,
  type TableState,
  toSentView,
  type ViewPayload,
} from '@kibitz/protocol';
import type { AnyGameModule, GameViewer, SeatIndex } from '@kibitz/rules';
import type { Prisma } from '../db/index.ts';
import { issueToken } from '../identity/token.ts';
import {
  type Command,
  type Effect,
  type Reply,
  refused,
  type StoreOp,
  type Timer,
} from '../table-core/commands.ts';
import { formIdOf, isOver, type TableConfig, versionOf, viewOf } from '../table-core/game.ts';
import { snapshot } from '../table-core/snapshot.ts';
import type { BotLevel, CoreState } from '../table-core/state.ts';
import { step } from '../table-core/step.ts';
import { isIdle, turnTimeLeft, wantedTimers } from '../table-core/timers.ts';
import type { TableContext } from './context.ts';
import type { ActionRow } from './log-writer.ts';
import { SerialQueue } from './serial-queue.ts';

type AppendAction = Extract<StoreOp, { op: 'append-action' }>;
/** A store op, or a step's consecutive log rows as one: they are stored together or not at all. */
type StoreBatch = Exclude<StoreOp, AppendAction> | { op: 'append-actions'; rows: ActionRow[] };

/** The step's store ops in order, each run of log rows joined into one batch. */
function storeBatches(effects: readonly Effect[]): StoreBatch[] {
  const batches: StoreBatch[] = [];
  for (const effect of effects) {
    if (effect.kind !== 'store') continue;
    const op = effect.store;
    if (op.op !== 'append-action') {
      batches.push(op);
      continue;
    }
    const row: ActionRow = {
      gameId: op.gameId,
      seq: op.seq,
      seat: op.seat,
      action: op.action as unknown as Prisma.InputJsonValue,
    };
    const last = batches.at(-1);
    if (last?.op === 'append-actions') last.rows.push(row);
    else batches.push({ op: 'append-actions', rows: [row] });
  }
  return batches;
}

/** What tests and the lobby read of the running game. */
export interface GameInfo {
  id: string;
  number: number;
  seed: string;
  /** The game (its module of the registry) and its own state: only the module looks inside. */
  module: AnyGameModule;
  state: unknown;
  version: number;
  config: TableConfig;
  finished: boolean;
}

export class Table {
  #state: CoreState;
  readonly #queue = new SerialQueue();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** Per socket: the view it was sent last (for the parts the next one may leave out). */
  readonly #sentViews = new Map<string, ViewPayload>();
  /**
   * The views of one game state (`#viewsOf`), by viewer. A new Map for each state rather
   * than `clear()`: V8 gives a cleared Map whose table lives in the old generation its new
   * table there too, and the tables cleared before, garbage but not yet swept, still point
   * at their views, which every scavenge then keeps and promotes (bench:server: 2.6 KB
   * promoted per action with clear(), 0.37 KB this way; scavenging time nearly halved).
   */
  #views = new Map<GameViewer, AnyGameView>();
  #viewsOf: unknown = null;
  /** The last step failed to store: past-due timers wait a second before trying again. */
  #backoff = false;
  /** When anything last happened here (ms since epoch). */
  lastActive: number;

  constructor(
    readonly ctx: TableContext,
    state: CoreState,
  ) {
    this.#state = state;
    this.lastActive = ctx.now();
  }

  get state(): CoreState {
    return this.#state;
  }
  get id(): string {
    return this.#state.id;
  }
  get code(): string {
    return this.#state.code;
  }
  get listed(): boolean {
    return this.#state.listed;
  }

  get game(): GameInfo | null {
    const game = this.#state.game;
    if (game === null) return null;
    return {
      id: game.id,
      number: game.number,
      seed: game.seed,
      module: game.module,
      state: game.state,
      version: versionOf(game),
      config: game.config,
      finished: isOver(game),
    };
  }

  snapshot(): TableState {
    return snapshot(this.#state, this.ctx.now());
  }

  /**
   * A hint for the socket's seat at `version` (table-core/hints.ts): the core judges and
   * counts it, then a search from the seat's own view answers, to this socket alone.
   */
  async hint(socketId: string, version: number): Promise<Reply> {
    const granted = await this.run({ type: 'hint', socketId, version });
    if (!granted.ok) return granted;
    const { game, view } = granted as unknown as { game: string; view: unknown };
    const answer = await this.ctx.bots.hint(game, view);
    return { ok: true, version, action: answer.action };
  }

  /** Runs one command after every command queued before it; answers its reply. */
  run(command: Command): Promise<Reply> {
    this.lastActive = this.ctx.now();
    return this.#queue.run(() => this.#apply(command));
  }

  /** Starts the timers a freshly made or loaded table calls for. */
  start(): void {
    this.#syncTimers();
  }

  /** Nobody here, nothing moving by itself, nothing queued: the table may leave memory. */
  isIdleSince(cutoff: number): boolean {
    return isIdle(this.#state) && this.#queue.pending === 0 && this.lastActive < cutoff;
  }

  idle(): Promise<void> {
    return this.#queue.idle();
  }

  async #apply(command: Command): Promise<Reply> {
    const now = this.ctx.now();
    const result = step(this.#state, command, now);
    if (!result.reply.ok) return result.reply;
    for (const batch of storeBatches(result.effects)) {
      try {
        await this.#store(batch);
      } catch (error) {
        if (batch.op === 'finish-game') {
          // The log holds the last action: recovery finishes the record.
          this.ctx.logger.error({ err: error, table: this.code }, 'storing the result failed');
          continue;
        }
        if (batch.op === 'set-hold') {
          // The hold runs in memory all the same; only a restart would miss it (and give the
          // seat a fresh grace period). A socket's leave must never be refused for it.
          this.ctx.logger.error({ err: error, table: this.code }, 'storing a held seat failed');
          continue;
        }
        this.ctx.logger.error({ err: error, table: this.code, op: batch.op }, 'storing failed');
        this.#backoff = true;
        this.#syncTimers();
        return refused('storage-failed', 'That could not be stored; nothing changed');
      }
    }
    this.#backoff = false;
    this.#state = result.state;
    if (command.type === 'leave') this.#sentViews.delete(command.socketId);
    for (const effect of result.effects) this.#carryOut(effect, now);
    // Counted from the step's own moment, so a pause starts when its views went out and
    // the time spent storing them does not shorten it.
    this.#syncTimers(now);
    for (const effect of result.effects) {
      if (effect.kind === 'ask-bot') this.#askBot(effect.seat, effect.version, effect.level);
    }
    return result.reply;
  }

  #store(op: StoreBatch): Promise<void> {
    const { store, writer } = this.ctx;
    const roomId = this.#state.id;
    switch (op.op) {
      case 'add-player':
        return store.addPlayer(roomId, op.player);
      case 'set-seats':
        return store.setSeats(op.changes);
      case 'remove-player':
        return store.removePlayer(op.playerId);
      case 'set-hold':
        return store.setHold(op.playerId, op.heldUntil === null ? null : new Date(op.heldUntil), op.left);
      case 'update-room':
        return store.updateRoom(roomId, { ...op.changes, variant: formIdOf(op.changes.config) });
      case 'create-game':
        return store.createGame({ ...op.game, roomId });
      case 'append-actions':
        return writer.appendAll(op.rows);
      case 'finish-game':
        return store.finishGame(op.gameId, op.result as Prisma.InputJsonValue);
      case 'set-hints':
        return store.setGameHints(op.gameId, op.hints);
      case 'add-chat':
        return store.addChat(roomId, op.playerId, op.text, new Date(op.at));
    }
  }

  #carryOut(effect: Effect, now: number): void {
    switch (effect.kind) {
      case 'send':
        this.#emit(effect.to, effect.message.event, effect.message.payload);
        return;
      case 'views':
        this.#sendViews(effect.to, effect.fresh, now);
        return;
      case 'welcome': {
        const { socketId, memberId, seat, host } = effect;
        const token = memberId === null ? null : issueToken(this.ctx.secret, memberId, this.id);
        this.#emit([socketId], 'welcome', {
          table: this.code,
          playerId: memberId,
          token,
          seat,
          host,
        });
        return;
      }
      case 'release':
        for (const socketId of effect.socketIds) {
          this.#sentViews.delete(socketId);
          this.ctx.output.release(socketId);
        }
        return;
      case 'log':
        this.ctx.logger[effect.level](effect.details, effect.message);
        return;
      case 'store':
      case 'ask-bot':
        return;
    }
  }

  /** Who the socket is here, with a token to come back with. */
  welcomeFor(memberId: string | null): ServerPayload<'welcome'> {
    const member = memberId === null ? undefined : this.#state.members.get(memberId);
    const seat = member === undefined ? null : this.#state.seats.findIndex((h) => h?.memberId === member.id);
    return {
      table: this.code,
      playerId: member?.id ?? null,
      token: member === undefined ? null : issueToken(this.ctx.secret, member.id, this.id),
      seat: seat === undefined || seat === -1 ? null : seat,
      host: member !== undefined && member.id === this.#state.hostId,
    };
  }

  #emit<E extends ServerEvent>(socketIds: readonly string[], event: E, payload: ServerPayload<E>): void {
    if (socketIds.length > 0) this.ctx.output.emit(socketIds, event, payload);
  }

  #viewFor(module: AnyGameModule, state: unknown, viewer: GameViewer): AnyGameView {
    if (this.#viewsOf !== state) {
      this.#views = new Map();
      this.#viewsOf = state;
    }
    let cached = this.#views.get(viewer);
    if (cached === undefined) {
      cached = viewOf(module, state, viewer);
      this.#views.set(viewer, cached);
    }
    return cached;
  }

  /**
   * Each socket its viewer's view of the current version, as changes to the view it got
   * just before (view-delta.ts); sockets that got the same view before share one packet.
   */
  #sendViews(to: readonly string[] | 'all', fresh: boolean, now: number): void {
    const state = this.#state;
    const game = state.game;
    if (game === null) return;
    const sockets = to === 'all' ? [...state.sockets.keys()] : to.filter((id) => state.sockets.has(id));
    const left = turnTimeLeft(state, now);
    const byViewer = new Map<GameViewer, string[]>();
    for (const socketId of sockets) {
      if (fresh) this.#sentViews.delete(socketId);
      const memberId = state.sockets.get(socketId);
      let viewer: GameViewer = 'spectator';
      if (memberId != null) {
        const seat = state.seats.findIndex((holder) => holder?.memberId === memberId);
        if (seat !== -1 && !state.seats[seat]!.left) viewer = seat;
      }
      const group = byViewer.get(viewer);
      if (group === undefined) byViewer.set(viewer, [socketId]);
      else group.push(socketId);
    }
    for (const [viewer, group] of byViewer) {
      const current = {
        gameId: game.id,
        version: versionOf(game),
        view: this.#viewFor(game.module, game.state, viewer),
      };
      const packets = new Map<ViewPayload | undefined, string[]>();
      for (const socketId of group) {
        const before = this.#sentViews.get(socketId);
        const same = packets.get(before);
        if (same === undefined) packets.set(before, [socketId]);
        else same.push(socketId);
        this.#sentViews.set(socketId, current);
      }
      for (const [before, targets] of packets) {
        const sent = toSentView(before, current);
        this.#emit(targets, 'view', left === null ? sent : { ...sent, turnTimeLeft: left });
      }
    }
  }

  /** Keeps exactly the timers the state calls for running (`since`: the moment their times count from). */
  #syncTimers(since: number = this.ctx.now()): void {
    const wanted = new Map<string, Timer>();
    for (const timer of wantedTimers(this.#state)) wanted.set(timer.key, timer);
    for (const [key, timeout] of this.#timers) {
      if (wanted.has(key)) continue;
      clearTimeout(timeout);
      this.#timers.delete(key);
    }
    for (const [key, timer] of wanted) {
      if (this.#timers.has(key)) continue;
      const delay = Math.max(0, timer.at - since, this.#backoff ? 1000 : 0);
      const timeout = setTimeout(() => {
        this.#timers.delete(key);
        this.run({ type: 'timer', timer: timer.command }).catch((error: unknown) => {
          this.ctx.logger.error({ err: error, table: this.code, timer: key }, 'a timer failed');
        });
      }, delay);
      timeout.unref();
      this.#timers.set(key, timeout);
    }
  }

  /** The bot thinks off this thread (bots/bot-players.ts); its answer comes back as a command. */
  #askBot(seat: SeatIndex, version: number, level: BotLevel): void {
    const game = this.#state.game;
    if (game === null || versionOf(game) !== version) return;
    this.#holdBotTimer(seat, version);
    const stillDue = () => {
      const now = this.#state.game;
      return now !== null && now.id === game.id && versionOf(now) === version;
    };
    this.ctx.bots
      .ask(this, { game: game.module.id, table: this.code, seat, level, state: game.state, stillDue })
      .then((action) => (action === null ? undefined : this.run({ type: 'bot-move', seat, version, action })))
      .catch((error: unknown) => {
        this.ctx.logger.error({ err: error, table: this.code, seat }, 'a bot move failed');
      });
  }

  /**
   * While a bot thinks, its turn's timer (due already) must not fire again and ask again:
   * a watchdog holds its key, and asks once more only if no answer ever came.
   */
  #holdBotTimer(seat: SeatIndex, version: number): void {
    const timer = wantedTimers(this.#state).find(
      ({ command }) => command.kind === 'bot-turn' && command.seat === seat && command.version === version,
    );
    if (timer === undefined) return;
    clearTimeout(this.#timers.get(timer.key));
    const watchdog = setTimeout(() => {
      this.#timers.delete(timer.key);
      this.run({ type: 'timer', timer: timer.command }).catch((error: unknown) => {
        this.ctx.logger.error({ err: error, table: this.code, timer: timer.key }, 'a timer failed');
      });
    }, this.ctx.bots.patienceMs + 1_000);
    watchdog.unref();
    this.#timers.set(timer.key, watchdog);
  }

  /** Stops every timer: the table is being shut down or unloaded. */
  stopTimers(): void {
    for (const timeout of this.#timers.values()) clearTimeout(timeout);
    this.#timers.clear();
  }
}
