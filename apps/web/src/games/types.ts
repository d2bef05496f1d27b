/**
 * The contract between the pages and a game's web UI (`GameUi`): the pages draw every game
 * through it and never name one. A game's UI lives in `games/<game>/`; `games/registry.ts`
 * maps the rules registry's game ids to them (the conformance suite checks every game has one).
 */
import type { TableState } from '@kibitz/protocol';
import type { Component } from 'svelte';
import type { z } from 'zod';
import type { AnyCard } from '../lib/cards.ts';
import type { GameAction } from '../lib/connection.svelte.ts';
import type { FocusTarget } from '../lib/focus.ts';
import type { Locale } from '../lib/i18n.ts';
import type { PaceSettings } from '../lib/paced.ts';
import type { LoggedAction, Replay, ReplayFrameBase } from './common/replay.ts';

/** What the replay's board and score pane are given. */
export interface ReplayPaneProps<R, F> {
  replay: R;
  frame: F;
  /** Who sat where, by seat. */
  names: string[];
  /** With the hand review on, at a judged card's position: the best cards of the seat to play (the board marks them). */
  best?: ReplayBest | null;
}

/** The best cards of the seat to play, as the hand review found them. */
export interface ReplayBest {
  seat: number;
  cards: readonly AnyCard[];
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
  /** How the game shows a number of trick points in the review (some tables divide every value by ten); by default as it is. */
  shownPoints?(replay: R, points: number): number;
  /** The review's contract (`par.contract.name`, the game's own short form) in words; by default as sent. */
  contractName?(name: string, locale: Locale): string;
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

export type { GameAction } from '../lib/connection.svelte.ts';

/** What every game's view holds that the page itself reads. */
export interface TableView {
  config: unknown;
  version: number;
  deal: number;
  toAct: readonly number[];
}

/** The table around a game's view, the same for every game: each slot is given it. */
export interface TableContext {
  table: TableState;
  /** Who sits where, by seat (a seat's number when empty). */
  names: string[];
  /** The viewer's seat; null for a spectator. */
  me: number | null;
  /** This page's clock (ms), ticking once a second. */
  now: number;
  /** When the turn timer runs out (ms, this page's clock), or null: no timer runs. */
  endsAt: number | null;
  /** Seconds left on a paced table's result panel, while it is open. */
  secondsLeft: number | null;
  settings: PaceSettings;
  /** Seats held by people (not bots). */
  humans: number[];
  /** Seats that agreed to play again after the game. */
  agreed: number[];
  /** Sends an action of the game (a refusal is shown by the page). */
  onAct(action: GameAction): void;
  /** Agrees to play again; null for a spectator. */
  onPlayAgain: (() => void) | null;
  /** Takes an empty seat (a spectator when no game runs); null otherwise. */
  onSit: ((seat: number) => void) | null;
}

export interface SlotProps<V> {
  view: V;
  ctx: TableContext;
}

export interface PromptProps<V, C> extends SlotProps<V> {
  /** The cards chosen in the hand while the prompt asks for a choice (mode 'select'). */
  chosen: C[];
}

export type HandMode = 'play' | 'select' | 'view';

/** The viewer's hand as the shared `Hand` draws it. */
export interface HandShown<C> {
  /** Sorted as the game sorts a hand. */
  cards: C[];
  mode: HandMode;
  /** The cards the prompt allows (raised); any card can still be tried, the server decides. */
  legal: readonly C[];
  /** The prompt's kind: a new one (or a new deal) starts a fresh choice. */
  prompt: string | null;
}

/**
 * A game's table: its components for the page's slots (the line above the felt, the felt,
 * the prompt beside the hand, the score pane and, if the game has one, the viewer's own
 * cards aside) and what the page must know of a view to put the hand, the turn and the
 * focus right. Every component takes the view and the same `TableContext`.
 */
export interface GameTableUi<V extends TableView, C extends AnyCard> {
  Status: Component<SlotProps<V>>;
  Felt: Component<SlotProps<V>>;
  Prompt: Component<PromptProps<V, C>>;
  Score: Component<SlotProps<V>>;
  Mine: Component<SlotProps<V>> | null;
  /** The phase as the table shows it (a paced pause included). */
  phase(view: V): string;
  hand(view: V): HandShown<C>;
  /** The action of playing a card of the hand. */
  play(card: C): GameAction;
  /** Is the viewer (seat `me`) to act now (not only to press Continue)? */
  myTurn(view: V, me: number): boolean;
  /** Does the prompt ask the viewer something now (its frame lights up)? */
  promptActive(view: V): boolean;
  /** Where keyboard focus goes for the view's prompt; null: it stays. */
  focus(view: V, mode: HandMode): FocusTarget | null;
  /**
   * A hint's action in words, as the game says a move ("Ann bids 250"); `name` is the
   * viewer's. The action is one of the game's (the server's search chose it from the view).
   */
  hintText(view: V, action: GameAction, name: string, locale: Locale): string;
}

/** Any game's table UI, its view and card types forgotten (see `eraseTableUi`). */
export type AnyGameTableUi = GameTableUi<TableView, AnyCard>;

/**
 * A game's table UI as the page holds it. The page gives a table UI only views whose config
 * names its game (`games/registry.ts`), and cards from its own `hand`, so forgetting the
 * types here loses no safety at run time.
 */
export function eraseTableUi<V extends TableView, C extends AnyCard>(ui: GameTableUi<V, C>): AnyGameTableUi {
  return ui as unknown as AnyGameTableUi;
}

/** One game's web UI: its parts, each loaded when first needed. */
export interface GameUi {
  id: string;
  table(): Promise<AnyGameTableUi>;
  replay(): Promise<AnyGameReplayUi>;
}

/**
 * A game's sets of house rules, as the lobby, the host's form and the rules dialog show
 * them: each set's id (a form's, or one shared by several forms) and zod schema (the form is
 * generated from it), the least config that names it, and which set a form of the game shows.
 */
export interface GameRuleSets<Id extends string> {
  sets: readonly Id[];
  schemas: Readonly<Record<Id, z.ZodType>>;
  input(set: string): Record<string, unknown>;
  /** The set a form of this game shows (null: none, a form this client does not know). */
  ofForm(formId: string): Id | null;
}
