/**
 * "Play again" after game over: the host's `new-game` deals the next game at once (as
 * it always did); anyone else's in a seat is a vote, and once every seated human has
 * voted (bots agree) the next game starts with the same seats.
 */
import { beginGame, startGame } from './game-flow.ts';
import { done, type Outcome, refuse } from './outcome.ts';
import type { Table } from './table.ts';

/**
 * `new-game` after game over. The host's starts the next game at once; anyone else's
 * in a seat is a vote to play again, and once every seated human has voted (bots
 * agree) the next game starts with the same seats.
 */
export async function newGame(table: Table, socketId: string): Promise<Outcome<{ gameId?: string }>> {
  if (table.isHost(socketId)) return startGame(table, socketId, 'new');
  const member = table.memberOf(socketId);
  if (member === undefined) return refuse('not-at-table', 'You are not at this table');
  if (member.seat === null)
    return refuse('not-seated', 'Only the host or a player in a seat can ask to play again');
  if (table.closing) return refuse('shutting-down', 'The server is shutting down');
  if (table.game === null) return refuse('no-game', 'No game has been played here yet');
  if (!table.game.finished) return refuse('game-running', 'A game is already running');
  table.playAgain.add(member.seat);
  table.broadcastTable();
  const gameId = await playAgainIfAgreed(table);
  return gameId === null ? done : { ok: true, gameId };
}

/**
 * Starts the next game if it is over, someone asked to play again, every seat is taken,
 * and every human in a seat has asked; returns its id, or null if not (yet).
 */
export async function playAgainIfAgreed(table: Table): Promise<string | null> {
  const game = table.game;
  if (table.closing || game === null || !game.finished || table.playAgain.size === 0) return null;
  for (let seat = 0; seat < table.seats.length; seat++) {
    const occupant = table.occupant(seat);
    if (occupant === undefined) return null;
    if (!occupant.bot && !table.playAgain.has(seat)) return null;
  }
  return beginGame(table);
}
