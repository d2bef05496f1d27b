/**
 * The table core's one door to the rules: a table plays whichever game its config names
 * (`gameIdOf(config)`), through that game's module of the registry. Nothing in the core
 * looks inside a game's state; it asks the module (phase, turn, version, result, views).
 */
import type { AnyGameView, ServerPayload } from '@kibitz/protocol';
import { type AnyGameModule, gameById, gameIdOf, parseGameConfig } from '@kibitz/rules';

/**
 * A config one game of the registry has validated (`parseGameConfig`), exactly as the
 * `table` event carries it (the protocol's union of every game's config).
 */
export type TableConfig = ServerPayload<'table'>['rules'];

/** Any game's action. The game's own zod schema and `apply` have judged it before it is stored. */
export interface GameAction {
  readonly type: string;
}

/** The module of the game a validated config names. Throws on a config no game knows (a bug: configs are validated when set). */
export function gameOf(config: TableConfig): AnyGameModule {
  const game = gameById(gameIdOf(config) ?? '');
  if (game === null) throw new Error(`no game plays the config ${JSON.stringify(config).slice(0, 80)}`);
  return game;
}

/** A game being played: its module and its own state (the core's GameRecord is one). */
export interface PlayedGame {
  readonly id: string;
  readonly module: AnyGameModule;
  readonly state: unknown;
}

export type ParsedTableConfig = { ok: true; config: TableConfig } | { ok: false; message: string };

/** A host's config for any game, validated by that game's own schema; a refusal names the options. */
export function parseTableConfig(input: unknown): ParsedTableConfig {
  const parsed = parseGameConfig(input);
  if (!parsed.ok) {
    return {
      ok: false,
      message: parsed.errors.map((error) => `${error.option}: ${error.message}`).join('; '),
    };
  }
  // The game's own schema made it: it is that game's config (the protocol's schemas mirror them).
  return { ok: true, config: parsed.config as TableConfig };
}

/** The lobby's name for a config: its form's id (the game's `formOf`), unique across games. */
export function formIdOf(config: TableConfig): string {
  return gameOf(config).formOf(config).id;
}

export function seatCountOf(config: TableConfig): number {
  return gameOf(config).table(config).seatCount;
}

export function phaseOf(game: PlayedGame): string {
  return game.module.phase(game.state);
}

export function versionOf(game: PlayedGame): number {
  return game.module.version(game.state);
}

export function toActOf(game: PlayedGame): readonly number[] {
  return game.module.toAct(game.state);
}

/** The game has ended (its own result is set). */
export function isOver(game: PlayedGame): boolean {
  return game.module.ownResult(game.state) !== null;
}

/** `viewer`'s view: the game's own `view(state, viewer)`, as the protocol's view union types it. */
export function viewOf(module: AnyGameModule, state: unknown, viewer: number | 'spectator'): AnyGameView {
  return module.view(state, viewer) as AnyGameView;
}

/** The `game-over` event: the game's own result and history, as its views show them. */
export function gameOverPayload(game: PlayedGame): ServerPayload<'game-over'> {
  const { module, state } = game;
  return {
    gameId: game.id,
    result: module.ownResult(state) as ServerPayload<'game-over'>['result'],
    history: module.ownHistory(state) as ServerPayload<'game-over'>['history'],
  };
}
