/**
 * Views on the wire without their unchanged bulk. A view is sent after every action,
 * to every seat and spectator, but its three largest parts change seldom: the house
 * rules (once a game), the score history (once a hand) and the melds (once a hand).
 * Together they are about two thirds of a mid-game view. So a view whose part is the
 * very same as in the view sent just before on that connection, for the same game,
 * leaves it out and names it in `unchanged`; the client takes it from the view it got
 * last. Socket.io delivers a connection's packets in order and a new connection starts
 * with a whole view, so "the view just before" is the same on both ends.
 */
import type { GameView } from '@kibitz/rules';

export const LASTING_VIEW_PARTS = ['config', 'history', 'melds'] as const;
export type LastingViewPart = (typeof LASTING_VIEW_PARTS)[number];

/** A view as sent: any of the lasting parts may be left out (then `unchanged` names it). */
export type SentView = Omit<GameView, LastingViewPart> & Partial<Pick<GameView, LastingViewPart>>;

/** The `view` event as it travels. */
export interface SentViewPayload {
  gameId: string;
  version: number;
  view: SentView;
  /** Parts left out of `view`: take them from the previous view of the same game. */
  unchanged?: LastingViewPart[];
}

/** The `view` event once put together: a whole view, exactly the rules' `view(state, viewer)`. */
export interface ViewPayload {
  gameId: string;
  version: number;
  view: GameView;
}

/**
 * The payload to send for `current`, given the view this connection got just before
 * (`previous`, with its game id; undefined for none). Parts are compared by identity:
 * the rules never change a part once made, and a view shares them with the game state,
 * so the same object means the same content. A part that is equal but not the same
 * object is simply sent again.
 */
export function toSentView(
  previous: { gameId: string; view: GameView } | undefined,
  current: ViewPayload,
): SentViewPayload {
  if (previous === undefined || previous.gameId !== current.gameId) return current;
  const before = previous.view;
  const now = current.view;
  const sameConfig = before.config === now.config;
  const sameHistory = before.history === now.history;
  const sameMelds = before.melds === now.melds;
  if (!sameConfig && !sameHistory && !sameMelds) return current;
  const unchanged: LastingViewPart[] = [];
  // Spelled out rather than a loop over keys: this runs for every socket on every action.
  const { config, history, melds, ...rest } = now;
  const view: SentView = rest;
  if (sameConfig) unchanged.push('config');
  else view.config = config;
  if (sameHistory) unchanged.push('history');
  else view.history = history;
  if (sameMelds) unchanged.push('melds');
  else view.melds = melds;
  return { gameId: current.gameId, version: current.version, view, unchanged };
}

export class ViewAssemblyError extends Error {
  override readonly name = 'ViewAssemblyError';
}

/**
 * The client's side: puts each received view together with the one received before it.
 * Keep one per connection and feed it every `view` event in the order they arrive
 * (including views it then ignores as late), and start a new one on a new connection.
 */
export class ViewAssembler {
  #last: { gameId: string; view: GameView } | undefined;

  /** Throws ViewAssemblyError if the payload names parts there is nothing to take from. */
  assemble(payload: SentViewPayload): ViewPayload {
    const unchanged = payload.unchanged ?? [];
    const previous = this.#last;
    let view: GameView;
    if (unchanged.length === 0) {
      const missing = LASTING_VIEW_PARTS.find((part) => payload.view[part] === undefined);
      if (missing !== undefined) throw new ViewAssemblyError(`view v${payload.version} lacks its ${missing}`);
      view = payload.view as GameView;
    } else {
      if (previous === undefined || previous.gameId !== payload.gameId) {
        throw new ViewAssemblyError(
          `view v${payload.version} of game ${payload.gameId} refers to a previous view of that game, and none came`,
        );
      }
      const whole: Record<string, unknown> = { ...payload.view };
      for (const part of unchanged) whole[part] = previous.view[part];
      view = whole as unknown as GameView;
      const missing = LASTING_VIEW_PARTS.find((part) => view[part] === undefined);
      if (missing !== undefined) throw new ViewAssemblyError(`view v${payload.version} lacks its ${missing}`);
    }
    this.#last = { gameId: payload.gameId, view };
    return { gameId: payload.gameId, version: payload.version, view };
  }

  /** Forget the last view (a new connection starts with a whole one). */
  reset(): void {
    this.#last = undefined;
  }
}
