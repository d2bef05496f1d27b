/**
 * Playing: starting a game, and taking an action. An action is judged by the rules,
 * appended to the game log, and only then applied and shown: what nobody stored
 * never happened, and what was stored is never applied twice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Action, createGame, type GameConfig, type GameState } from '@kibitz/rules';
import type { Prisma } from '../db/index.ts';
import { commitmentOf, dealChanges } from './fair-deal.ts';
import { type Outcome, refuse } from './outcome.ts';
import { RunningGame } from './running-game.ts';
import { releaseLeftSeats } from './seat-holds.ts';
import type { Table } from './table.ts';

export async function startGame(
  table: Table,
  socketId: string,
  kind: 'start' | 'new',
): Promise<Outcome<{ gameId: string }>> {
  if (!table.isHost(socketId)) return refuse('not-host', 'Only the host can start a game');
  if (table.closing) return refuse('shutting-down', 'The server is shutting down');
  if (table.game !== null && !table.game.finished) return refuse('game-running', 'A game is already running');
  if (kind === 'new' && table.game === null)
    return refuse('no-game', 'No game has been played here yet: use start-game');
  const empty = table.seats.flatMap((id, seat) => (id === null ? [seat] : []));
  if (empty.length > 0)
    return refuse('seats-empty', `Every seat needs a player or a bot (empty: ${empty.join(', ')})`);
  return { ok: true, gameId: await beginGame(table) };
}

/** Deals a new game to whoever sits at the table now (every seat is taken). */
export async function beginGame(table: Table): Promise<string> {
  const id = randomUUID();
  const seed = randomBytes(32).toString('hex');
  const number = table.gamesPlayed + 1;
  // Every game dealt here is paced (a finished trick stays a moment, a scored hand waits
  // for Continue): not a house rule, so it is set here and stored with the game, and a
  // game stored before pacing existed replays as it was played.
  const config: GameConfig = { ...table.config, paced: true };
  const state = createGame(config, seed);
  const players = table.seats.map((memberId, seat) => {
    const member = memberId === null ? undefined : table.members.get(memberId);
    return { seat, name: member?.name ?? '', bot: member?.bot ?? false };
  });
  await table.ctx.store.createGame({ id, roomId: table.id, number, config, seed, players });
  const game = new RunningGame(id, number, config, seed, state);
  table.game = game;
  table.gamesPlayed = number;
  table.playAgain.clear();
  table.seats.forEach((memberId, seat) => {
    if (memberId !== null) game.seatHolders.set(memberId, seat);
  });
  table.ctx.logger.info(
    { table: table.code, game: id, number, variant: table.config.variant },
    'game started',
  );
  const commitment = commitmentOf(state);
  if (commitment !== null) table.emit(table.allSockets(), 'deal', { gameId: id, ...commitment });
  table.broadcastTable();
  // Timers first: each view tells how long the turn timer gives.
  table.autoplay.reschedule();
  table.sendViews();
  return id;
}

/** A player's action, from their own seat. */
export function act(
  table: Table,
  socketId: string,
  version: number,
  action: Action,
): Promise<Outcome<{ version: number }>> {
  const member = table.memberOf(socketId);
  if (member === undefined) return Promise.resolve(refuse('not-at-table', 'You are not at this table'));
  if (member.seat === null) return Promise.resolve(refuse('not-seated', 'Only players in a seat can act'));
  if (action.type === 'gather') {
    return Promise.resolve(
      refuse('server-action', 'The trick is gathered for its winner when the table’s pause is over'),
    );
  }
  return submit(table, member.seat, version, action);
}

/** Judges, stores, applies and broadcasts one action from a seat (player, bot or timer). */
export async function submit(
  table: Table,
  seat: number,
  version: number,
  action: Action,
): Promise<Outcome<{ version: number }>> {
  if (table.closing) return refuse('shutting-down', 'The server is shutting down: try again in a moment');
  const game = table.game;
  if (game === null || game.finished) return refuse('no-game', 'No game is running');
  const judged = game.judge(seat, version, action);
  if (!judged.ok) return judged;
  // Judged against the current state (a Continue may answer an earlier version of the panel).
  const seq = game.version;
  try {
    // seq = the version the action was taken at: (gameId, seq) is unique in the log.
    await table.ctx.writer.append(game.id, seq, seat, action as Prisma.InputJsonValue);
  } catch (error) {
    table.ctx.logger.error(
      { err: error, table: table.code, game: game.id, version: seq },
      'storing an action failed',
    );
    return refuse('storage-failed', 'The action could not be stored; nothing changed');
  }
  const previous = game.advance(judged.next);
  await publish(table, previous, judged.next);
  return { ok: true, version: judged.next.version };
}

/** Tells everyone what one accepted action changed, in an order that never gives anything away early. */
async function publish(table: Table, previous: GameState, next: GameState): Promise<void> {
  const game = table.game!;
  const { commit, reveal } = dealChanges(previous, next);
  const everyone = table.allSockets();
  // The new deal's commitment goes out before anyone sees a card of it...
  if (commit !== null) table.emit(everyone, 'deal', { gameId: game.id, ...commit });
  // Timers first: each view tells how long the turn timer gives.
  table.autoplay.reschedule();
  table.sendViews();
  // ...and a seed only after the views in which its hand is over.
  if (reveal !== null) table.emit(everyone, 'seed-reveal', { gameId: game.id, ...reveal });
  if (next.result !== null) {
    // Seats left during the game open now: the next one may seat anyone.
    releaseLeftSeats(table);
    await finishGame(table);
    table.emit(everyone, 'game-over', { gameId: game.id, result: next.result, history: next.history });
    table.broadcastTable();
  }
}

/** Records the result. The log already holds the last action, so a failure here is repaired at recovery. */
export async function finishGame(table: Table): Promise<void> {
  const game = table.game!;
  try {
    await table.ctx.store.finishGame(game.id, game.state.result as unknown as Prisma.InputJsonValue);
    table.ctx.logger.info({ table: table.code, game: game.id, result: game.state.result }, 'game over');
  } catch (error) {
    table.ctx.logger.error({ err: error, table: table.code, game: game.id }, 'storing the result failed');
  }
}
