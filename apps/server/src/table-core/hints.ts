/**
 * Hints for learners (issue 26, point 3): with the host's `hints` setting on, a seated
 * player may ask, on their turn, which action a search from their own view would choose.
 * The core only judges the request and counts it (public: everyone sees each seat's count,
 * and it is stored with the game); the search itself runs in the shell (rooms/table.ts) on
 * the seat's view alone, which the reply carries to it, and its answer goes to the asking
 * socket only. Asking again at the same version gets the same hint and is counted once.
 */
import type { SeatIndex } from '@kibitz/rules';
import { type Refused, refused } from './commands.ts';
import { toActOf, versionOf } from './game.ts';
import type { Out } from './out.ts';
import { type CoreState, type GameRecord, gameRunning, memberAt, seatOf } from './state.ts';

/** No hints yet: a count of 0 and no version hinted, for each seat. */
export function noHints(seats: number): Pick<GameRecord, 'hints' | 'hinted'> {
  return { hints: new Array<number>(seats).fill(0), hinted: new Array<number | null>(seats).fill(null) };
}

/** The seat a hint request comes from, once it is judged fine. */
export function hintSeat(state: CoreState, socketId: string): SeatIndex | null {
  const member = memberAt(state, socketId);
  if (member === undefined) return null;
  const seat = seatOf(state, member.id);
  return seat === null || state.seats[seat]!.left ? null : seat;
}

export function askHint(
  state: CoreState,
  out: Out,
  command: { socketId: string; version: number },
): CoreState | Refused {
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  if (!state.sockets.has(command.socketId)) return refused('not-at-table', 'You are not at this table');
  if (!state.settings.hints) return refused('hints-off', 'The host has not turned hints on at this table');
  const seat = hintSeat(state, command.socketId);
  if (seat === null) return refused('not-seated', 'Only players in a seat can ask for a hint');
  const game = state.game;
  if (game === null || !gameRunning(state)) return refused('no-game', 'No game is running');
  if (command.version !== versionOf(game)) {
    return refused('stale-version', `The game is at version ${versionOf(game)}, not ${command.version}`);
  }
  if (!toActOf(game).includes(seat)) return refused('not-your-turn', 'A hint is for your own turn');
  if (game.hinted[seat] === command.version) return state;
  const hints = game.hints.map((count, at) => (at === seat ? count + 1 : count));
  const hinted = game.hinted.map((version, at) => (at === seat ? command.version : version));
  out.store({ op: 'set-hints', gameId: game.id, hints });
  out.table();
  return { ...state, game: { ...game, hints, hinted } };
}
