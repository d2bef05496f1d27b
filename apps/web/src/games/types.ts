/**
 * The contract between the pages and a game's web UI (`GameUi`): the pages draw every game
 * through it and never name one. A game's UI lives in `games/<game>/`; `games/registry.ts`
 * maps the rules registry's game ids to them (the compiler insists every game has one).
 */
import type { Component } from 'svelte';
import type { Locale } from '../lib/i18n.ts';
import type { LoggedAction, Replay, ReplayFrameBase } from './common/replay.ts';

/** What the replay's board and score pane are given. */
export interface ReplayPaneProps<R, F> {
  replay: R;
  frame: F;
  /** Who sat where, by seat. */
  names: string[];
}

/**
 * A finished game move by move (loaded only on the replay page, with the rules engine):
 * how to build its frames from an export with the rules' one replay, the board that shows a
 * frame with every card face up, the score as it stood, and each move in words.
 */
export interface GameReplayUi<
  F extends ReplayFrameBase = ReplayFrameBase,
  R extends Replay<unknown, F> = Replay<unknown, F>,
> {
  build(config: unknown, seed: string, log: readonly LoggedAction[]): R;
  Board: Component<ReplayPaneProps<R, F>>;
  Score: Component<ReplayPaneProps<R, F>>;
  /** The frame's move in words (empty for a fresh deal). */
  describe(replay: R, frame: F, names: readonly string[], locale: Locale): string;
}

/** Any game's replay UI, its frame type forgotten (see `eraseReplayUi`). */
export type AnyGameReplayUi = GameReplayUi;

/**
 * A game's replay UI as the page holds it. The page only ever passes a replay UI the frames
 * it built itself, so forgetting the frame type here loses no safety at run time.
 */
export function eraseReplayUi<F extends ReplayFrameBase, R extends Replay<unknown, F>>(
  ui: GameReplayUi<F, R>,
): AnyGameReplayUi {
  return ui as unknown as AnyGameReplayUi;
}

/** One game's web UI: its parts, each loaded when first needed. */
export interface GameUi {
  id: string;
  replay(): Promise<AnyGameReplayUi>;
}
