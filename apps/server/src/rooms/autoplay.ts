/**
 * Moves nobody at the keyboard makes: bots in their seats, a bot standing in for a
 * dropped player (house option), the default action when a turn timer runs out, and
 * the pace of a hand: a finished trick is gathered for its winner after the table's
 * trick pause, and a scored hand's result panel is continued for every seat that has
 * not pressed Continue when the table's hand-end time runs out (bots continue at once).
 * Each is submitted exactly like a player's action (judged, logged, broadcast), and
 * each timer names the version (or, for the result panel, the hand) it answers, so a
 * late one changes nothing. All of them are worked out from the state alone, so after
 * a restart `reschedule` sets them again.
 */
import { heuristicBot, seededRandom } from '@kibitz/bots';
import { type Action, apply, type GameState, legalActions, view } from '@kibitz/rules';
import { submit } from './game-flow.ts';
import { isAway } from './member.ts';
import type { Outcome } from './outcome.ts';
import type { Table } from './table.ts';

const GATHER: Action = Object.freeze({ type: 'gather' });
const CONTINUE: Action = Object.freeze({ type: 'continue' });

/**
 * bot: a bot's (or stand-in's) move; timer: the turn timer's default move; gather: the
 * trick pause is over; hand-end: the result panel's time is over (every seat left continues).
 */
type Kind = 'bot' | 'timer' | 'gather' | 'hand-end';

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
      const { state } = game;
      const secondMs = table.ctx.timing.secondMs;
      if (state.phase === 'trick-end') {
        // Everyone sees the whole trick for a moment, bots' tricks too; then it is gathered.
        const winner = state.toAct[0]!;
        const delayMs = (table.settings.trickPauseMs * secondMs) / 1000;
        wanted.set(`${winner}:${game.version}:gather`, { seat: winner, kind: 'gather', delayMs });
      } else if (state.phase === 'hand-end') {
        let waiting = false;
        for (const seat of state.toAct) {
          // Bots have read the result at once.
          if (this.#botPlays(seat))
            wanted.set(`${seat}:${game.version}:bot`, { seat, kind: 'bot', delayMs: 0 });
          else waiting = true;
        }
        // One timer for the whole panel, kept while players press Continue one by one:
        // keyed by the hand, not the version, so each press does not start it afresh.
        if (waiting) {
          const delayMs = table.settings.handEndSeconds * secondMs;
          wanted.set(`hand-end:${state.history.length}`, { seat: -1, kind: 'hand-end', delayMs });
        }
      } else {
        const turnSeconds = table.settings.turnTimerSeconds;
        for (const seat of state.toAct) {
          if (this.#botPlays(seat)) {
            wanted.set(`${seat}:${game.version}:bot`, {
              seat,
              kind: 'bot',
              delayMs: table.ctx.timing.botDelayMs,
            });
          } else if (turnSeconds !== null) {
            const delayMs = turnSeconds * secondMs;
            wanted.set(`${seat}:${game.version}:timer`, { seat, kind: 'timer', delayMs });
          }
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
      const hand = game!.state.history.length;
      const timeout = setTimeout(() => {
        this.#timers.delete(key);
        if (kind === 'hand-end') this.#continueEveryone(hand);
        else this.#fire(seat, version, kind);
      }, delayMs);
      this.#timers.set(key, { timeout, kind, version, at: performance.now() + delayMs });
    }
  }

  /**
   * Milliseconds until the turn timer makes the default move at the current version (or,
   * on the result panel, until every seat still there is continued), or null when no
   * such timer runs (no timer set, bots to act, a trick pause, game over). Sent with
   * every view, so a page counts down to the server's moment, also after a reload.
   */
  turnTimeLeft(): number | null {
    const version = this.table.game?.version;
    let soonest: number | null = null;
    for (const timer of this.#timers.values()) {
      const counts = timer.kind === 'hand-end' || (timer.kind === 'timer' && timer.version === version);
      if (!counts) continue;
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
        const action =
          kind === 'bot'
            ? botAction(game.state, seat)
            : kind === 'gather'
              ? GATHER
              : defaultAction(game.state, seat);
        const outcome = await submit(table, seat, version, action);
        if (kind === 'timer' && outcome.ok) {
          table.ctx.logger.info(
            { table: table.code, seat, version, action },
            'turn timer expired: default action',
          );
        }
        this.#retryOnStorageTrouble(outcome);
      })
      .catch((error: unknown) => {
        table.ctx.logger.error({ err: error, table: table.code, seat }, 'automatic move failed');
      });
  }

  /** The result panel's time is up: every seat that has not pressed Continue is continued, one by one. */
  #continueEveryone(hand: number): void {
    const table = this.table;
    table
      .run(async () => {
        const seats: number[] = [];
        for (;;) {
          const game = table.game;
          // Late (the next deal began, or the game was replaced): nothing to do.
          if (game === null || game.state.phase !== 'hand-end' || game.state.history.length !== hand) break;
          const seat = game.state.toAct[0];
          if (seat === undefined) break;
          const outcome = await submit(table, seat, game.version, CONTINUE);
          if (!outcome.ok) {
            this.#retryOnStorageTrouble(outcome);
            break;
          }
          seats.push(seat);
        }
        if (seats.length > 0) {
          table.ctx.logger.info({ table: table.code, hand, seats }, 'hand-end time ran out: continued');
        }
      })
      .catch((error: unknown) => {
        table.ctx.logger.error({ err: error, table: table.code, hand }, 'continuing after the hand failed');
      });
  }

  /** Storage trouble: try again later rather than stall the game for good. */
  #retryOnStorageTrouble(outcome: Outcome): void {
    if (!outcome.ok && outcome.code === 'storage-failed')
      setTimeout(() => this.table.autoplay.reschedule(), 1000).unref();
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
