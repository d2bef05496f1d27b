/**
 * What a bot remembers of the hand in play: the tricks it has seen complete. A view shows
 * only the trick on the table and the last one, but counting cards needs every trick, so
 * a bot keeps them here. The memory is built only from the bot's own views: it is plain
 * JSON (the server may keep one per bot seat and send it to a worker with each decision)
 * and `rememberAll` rebuilds it from any sequence of the seat's views.
 *
 * Everything else a bot knows (bids, the widow once turned, meld laid down, cards it
 * passed or received, its own buried cards) stays in every view until the hand ends.
 */
import type { CompletedTrick, GameView } from '@kibitz/rules/pinochle';
import { seatOf } from '../bot.ts';

export interface BotMemory {
  seat: number;
  /** Which hand the tricks belong to: the deal number and the scored hands before it. */
  deal: number;
  handsScored: number;
  /** The view's version when last seen; a smaller one means a new game. */
  version: number;
  /** Completed tricks by their number in the hand; null where no view showed one. */
  tricks: (CompletedTrick | null)[];
}

/** A memory that knows nothing yet (the first `remember` fills it in). */
export function emptyMemory(): BotMemory {
  return { seat: -1, deal: -1, handsScored: -1, version: -1, tricks: [] };
}

function sameHand(memory: BotMemory, view: GameView, seat: number): boolean {
  return (
    memory.seat === seat &&
    memory.deal === view.deal &&
    memory.handsScored === view.history.length &&
    memory.version <= view.version
  );
}

/**
 * The memory after seeing `view` (pure: the old memory is not changed). Call it with
 * every view the seat is handed; seeing each of the seat's turns is enough, since the
 * seat plays to every trick and the next turn's view shows that trick as the last one.
 */
export function remember(memory: BotMemory | null | undefined, view: GameView): BotMemory {
  const seat = seatOf(view);
  const base =
    memory && sameHand(memory, view, seat)
      ? memory
      : { seat, deal: view.deal, handsScored: view.history.length, version: view.version, tricks: [] };
  const completed = view.tricksWon.reduce((sum, n) => sum + n, 0);
  const tricks = base.tricks.slice(0, completed);
  while (tricks.length < completed) tricks.push(null);
  if (view.lastTrick !== null && completed > 0) tricks[completed - 1] = view.lastTrick;
  return { seat, deal: base.deal, handsScored: base.handsScored, version: view.version, tricks };
}

/** The memory a seat's sequence of views builds, in order. */
export function rememberAll(views: readonly GameView[]): BotMemory {
  let memory: BotMemory | null = null;
  for (const view of views) memory = remember(memory, view);
  return memory ?? emptyMemory();
}
