/**
 * The game seam: what every game of the card room provides, so the server, the bots and
 * the web client can run a table without knowing which game it is. A game is a pure
 * reducer (create, apply, legalActions) plus what leaves it (view, result, score sheet)
 * plus the facts about the table a client must know before it renders anything (seats,
 * partnerships, phases, labels). The registry (./registry.ts) maps a game id to its module.
 */
import type { z } from 'zod';

export type SeatIndex = number;

/** Who looks at the table: a seat, or anyone else (spectators see only what is public). */
export type GameViewer = SeatIndex | 'spectator';

/** A typed refusal: `apply` never throws on bad input, it says what is wrong and changes nothing. */
export interface Refusal<Code extends string = string> {
  code: Code;
  message: string;
}

export type Applied<State, R extends Refusal> = { ok: true; state: State } | { ok: false; rejection: R };

/** One option a host got wrong, by its dotted path ("cardPassing.count"). */
export interface ConfigProblem {
  option: string;
  message: string;
}

export type ParsedConfig<Config> = { ok: true; config: Config } | { ok: false; errors: ConfigProblem[] };

/**
 * A game the host can choose in the lobby: one rule sheet or one form of it (a variant of
 * the rules, or the game for another number of players). `input` is what to send to parseConfig to get it
 * with every default of its sheet.
 */
export interface GameForm {
  /** Unique across all games: the lobby's choice and the label key's suffix. */
  id: string;
  input: Readonly<Record<string, unknown>>;
  seatCount: number;
  /** Label key for the form's name (the web's i18n tables translate it). */
  label: string;
}

/**
 * The table a config sets: how many seats, and who scores together. `sides[i]` lists the
 * seats that share score account i (a partnership, or one player alone).
 */
export interface TableShape {
  seatCount: number;
  sides: readonly (readonly SeatIndex[])[];
  /** True when some side holds more than one seat (partners sit opposite). */
  partnerships: boolean;
}

/** One line of a score sheet, game-neutral: a client can show it without knowing the game. */
export interface ScoreSheetRow {
  /** The deal it belongs to (0-based). */
  deal: number;
  /** Score change per side. */
  delta: number[];
  /** Free text in the game's words ("350 made", "2♠ doubled, down 1"). */
  note: string;
}

export interface ScoreSheet {
  /** Points per side now. */
  totals: number[];
  rows: ScoreSheetRow[];
}

/** The end of a game, game-neutral. */
export interface GameOutcome {
  /** Winning sides (indexes into TableShape.sides); several only on a tie the game cannot break. */
  winners: number[];
  /** Final points per side. */
  totals: number[];
  /** The game's own reason ("target", "rubber", ...). */
  reason: string;
}

/**
 * What a lobby knows of a game: its name, forms and config, without its engine (the
 * catalogue, catalogue.ts). Every GameModule is one of these and more.
 */
export interface GameEntry<Config = unknown> {
  /** The registry key; stored with every game so its log replays under the right rules. */
  id: string;
  /** Label key of the game's name. */
  label: string;
  /** The whole config: house rules plus table options, as zod validates it. */
  configSchema: z.ZodType<Config>;
  /** Validates a host's choice; unknown options are refused by name. */
  parseConfig(input: unknown): ParsedConfig<Config>;
  /** The forms a host can choose; the first is the default. */
  forms: readonly GameForm[];
  /** The config of one form with every default of its sheet. */
  defaultConfig(formId?: string): Config;
  /** Which form a (valid) config is. */
  formOf(config: Config): GameForm;
}

export type AnyGameEntry = GameEntry<unknown>;

export interface GameModule<
  Config = unknown,
  State = unknown,
  Action extends { type: string } = { type: string },
  View = unknown,
  R extends Refusal = Refusal,
> extends GameEntry<Config> {
  /** Seats and sides of a table with this config. */
  table(config: Config): TableShape;
  /** Every phase a state of this game can be in, in the order a hand goes through them. */
  phases: readonly string[];

  create(config: Config, seed: string): State;
  apply(state: State, seat: SeatIndex, action: Action): Applied<State, R>;
  /**
   * The move the table made by itself here and did not log, given the next logged action;
   * null for none. The one replay makes it (replay.ts `pacedImplied`).
   */
  implied(state: State, next: Action): { seat: SeatIndex; action: Action } | null;
  /** Every action `apply` accepts from `seat` now ([] when it is not the seat's turn). */
  legalActions(state: State, seat: SeatIndex): Action[];
  /** The only way state leaves the game: what `viewer` may see, and its prompt. */
  view(state: State, viewer: GameViewer): View;

  /** The state's own fields every caller needs, without knowing its shape. */
  phase(state: State): string;
  toAct(state: State): readonly SeatIndex[];
  version(state: State): number;
  /** Hands completed so far (the replay page splits a log by it). */
  handsPlayed(state: State): number;
  /** null while the game runs. */
  result(state: State): GameOutcome | null;
  scoreSheet(state: State): ScoreSheet;
  /** The score sheet as text in the game's own layout; without one, records print `scoreSheet`'s rows. */
  scoreSheetText?(state: State): string;

  // What a server needs to run a table of any game (added for the server's table core).
  /**
   * The deal in progress: its number, dealer and seed. SECRET: the seed never leaves the
   * server while its hand runs (fair deals publish its SHA-256 first, the seed after the hand).
   */
  deal(state: State): { number: number; dealer: SeatIndex; seed: string };
  /**
   * The cards of the deal in progress, per hand, and any cards dealt aside (a
   * widow); as dealt when called at the deal's start. SECRET: for records of finished games.
   */
  cardsOnDeal(state: State): { hands: readonly (readonly string[])[]; aside: readonly string[] };
  /** Do a finished game's records show each hand's cards dealt aside (as its `widow`)? */
  recordsAside?: boolean;
  /** The game's own result (its views' `result`), null while the game runs. */
  ownResult(state: State): unknown;
  /** The game's own hand-by-hand history (its views' `history`). */
  ownHistory(state: State): readonly unknown[];
  /**
   * Does an action of this type in this phase answer its own prompt rather than the
   * table's version (several seats answer at once: a card pass, Continue on a result
   * panel)? The server then takes it from a view of an earlier version of the same phase.
   */
  answersOwnPrompt(phase: string, actionType: string): boolean;
}

/**
 * A module whose types are forgotten: what the registry hands out for a game id. (Methods
 * are compared bivariantly, so every game's module is one of these; a caller that needs the
 * game's own types takes the module itself, from its game's folder.)
 */
export type AnyGameModule = GameModule<unknown, unknown, { type: string }, unknown, Refusal>;
