/**
 * Moves nobody at the keyboard makes: bots in their seats, a bot standing in for a
 * dropped player (house option), and the default action when a turn timer runs out.
 * Each is submitted exactly like a player's action (judged, logged, broadcast), and
 * each timer names the version it answers, so a late one changes nothing.
 */
import { heuristicBot, seededRandom } from '@kibitz/bots';
import { type Action, apply, type GameState, legalActions, view } from '@kibitz/rules';
import { submit } from './game-flow.ts';
import { isAway } from './member.ts';
import type { Table } from './table.ts';

type Kind = 'bot' | 'timer';

/** The heuristic bot's answer; should it ever be refused, the first legal action. */
export function botAction(state: GameState, seat: number): Action {
  try {
    const action = heuristicBot.decide(
      view(state, seat),
      seededRandom(`${state.seed}:${state.version}:${seat}`),
    );
    if (apply(state, seat, action).ok) return action;
  } catch {
    // fall through to a move the rules accept
  }
  return defaultAction(state, seat);
}

/** What the turn timer plays: the first legal action, so it is the same on every replay. */
export function defaultAction(state: GameState, seat: number): Action {
  const first = legalActions(state, seat)[0];
  if (first === undefined) throw new Error(`seat ${seat} has nothing to do at version ${state.version}`);
  return first;
}

export class Autoplay {
  readonly #timers = new Map<string, { timeout: NodeJS.Timeout; kind: Kind; version: number; at: number }>();

  constructor(private readonly table: Table) {}

  /** A bot plays this human's seat while they are away (or the seat is empty mid-game). */
  isStandIn(seat: number): boolean {
    const table = this.table;
    if (!table.settings.botStandIn || table.game === null || table.game.finished) return false;
    const occupant = table.occupant(seat);
    return occupant === undefined || (!occupant.bot && isAway(occupant));
  }

  #botPlays(seat: number): boolean {
    return this.table.occupant(seat)?.bot === true || this.isStandIn(seat);
  }

  /** Sets the timers the current state calls for; keeps those still valid, drops the rest. */
  reschedule(): void {
    const table = this.table;
    const game = table.game;
    const wanted = new Map<string, { seat: number; kind: Kind; delayMs: number }>();
    if (game !== null && !game.finished && !table.closing) {
      const turnSeconds = table.settings.turnTimerSeconds;
      for (const seat of game.state.toAct) {
        if (this.#botPlays(seat)) {
          wanted.set(`${seat}:${game.version}:bot`, {
            seat,
            kind: 'bot',
            delayMs: table.ctx.timing.botDelayMs,
          });
        } else if (turnSeconds !== null) {
          const delayMs = turnSeconds * table.ctx.timing.secondMs;
          wanted.set(`${seat}:${game.version}:timer`, { seat, kind: 'timer', delayMs });
        }
      }
    }
    for (const [key, timer] of this.#timers) {
      if (!wanted.has(key)) {
        clearTimeout(timer.timeout);
        this.#timers.delete(key);
      }
    }
    for (const [key, { seat, kind, delayMs }] of wanted) {
      if (this.#timers.has(key)) continue;
      const version = game!.version;
      const timeout = setTimeout(() => {
        this.#timers.delete(key);
        this.#fire(seat, version, kind);
      }, delayMs);
      this.#timers.set(key, { timeout, kind, version, at: performance.now() + delayMs });
    }
  }

  /**
   * Milliseconds until the turn timer makes the default move at the current version, or
   * null when no turn timer runs (no timer set, bots to act, game over). Sent with every
   * view, so a page counts down to the server's moment, also after a reload.
   */
  turnTimeLeft(): number | null {
    const version = this.table.game?.version;
    let soonest: number | null = null;
    for (const timer of this.#timers.values()) {
      if (timer.kind !== 'timer' || timer.version !== version) continue;
      if (soonest === null || timer.at < soonest) soonest = timer.at;
    }
    return soonest === null ? null : Math.max(0, Math.round(soonest - performance.now()));
  }

  #fire(seat: number, version: number, kind: Kind): void {
    const table = this.table;
    table
      .run(async () => {
        const game = table.game;
        if (game === null || game.version !== version || !game.state.toAct.includes(seat)) return;
        // The seat may have been taken back since the timer was set.
        if (kind === 'bot' && !this.#botPlays(seat)) return;
        const action = kind === 'bot' ? botAction(game.state, seat) : defaultAction(game.state, seat);
        const outcome = await submit(table, seat, version, action);
        if (kind === 'timer' && outcome.ok) {
          table.ctx.logger.info(
            { table: table.code, seat, version, action },
            'turn timer expired: default action',
          );
        }
        // Storage trouble: try again later rather than stall the game for good.
        if (!outcome.ok && outcome.code === 'storage-failed')
          setTimeout(() => table.autoplay.reschedule(), 1000).unref();
      })
      .catch((error: unknown) => {
        table.ctx.logger.error({ err: error, table: table.code, seat }, 'automatic move failed');
      });
  }

  stop(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer.timeout);
    this.#timers.clear();
  }

  /** Timers pending (for tests). */
  get pending(): number {
    return this.#timers.size;
  }
}
