/**
 * A game after the fact, rebuilt from its log: the score sheet (public at any time),
 * and, once the game has ended, the full log, a hand-by-hand replay with every card
 * shown, and a JSON export anyone can re-check with the rules' `replay`.
 */
import {
  type AnyGameModule,
  type ReplayStep,
  replayOrThrow,
  type ScoreSheet,
  sha256Hex,
} from '@kibitz/rules';
import type { LoggedAction as LogRow } from '../db/game-log.ts';
import type { GameLog, GamePlayer, StoredGame, TableStore } from '../db/index.ts';
import { formIdOf, type GameAction, gameOf, parseTableConfig, type TableConfig } from '../table-core/game.ts';

export interface GameRecord {
  game: StoredGame & { roomCode: string; createdAt: Date; finishedAt: Date | null };
  /** The game (its module of the registry) the stored config names. */
  module: AnyGameModule;
  config: TableConfig;
  actions: { seq: number; seat: number; action: GameAction; at: string }[];
  /** The game's own state after the last logged action (only `module` looks inside). */
  state: unknown;
}

export type StoredGameWithRoom = StoredGame & { roomCode: string; createdAt: Date; finishedAt: Date | null };

/** Null when there is no such game; a BadLogError (a 500, details in the log) when its log does not replay. */
export async function loadGameRecord(
  store: TableStore,
  log: GameLog,
  gameId: string,
): Promise<GameRecord | null> {
  const game = await store.findGame(gameId);
  if (game === null) return null;
  return gameRecordOf(game, await log.loadActions(gameId));
}

/**
 * The record of a stored game and its log rows, for whichever game its config names. A
 * log the rules refuse is never shown cut short as if it were the whole game: it throws
 * the replay's BadLogError, which names the position of the first action that does not replay.
 */
export function gameRecordOf(game: StoredGameWithRoom, rows: readonly LogRow[]): GameRecord {
  const parsed = parseTableConfig(game.config);
  if (!parsed.ok) throw new Error(`game ${game.id}: its stored config does not validate: ${parsed.message}`);
  const config = parsed.config;
  const module = gameOf(config);
  const logged = rows.map((row) => ({
    seq: row.seq,
    seat: row.seat,
    action: row.action as unknown as GameAction,
    at: row.createdAt.toISOString(),
  }));
  return { game, module, config, ...everyMove(module, config, game.seed, logged) };
}

/** A move as a record lists it: a logged row's other fields, at its version (`seq`). */
type Move<Row> = Omit<Row, 'seat' | 'action'> & { seq: number; seat: number; action: GameAction };

/**
 * Every move of a game from its log rows: the log leaves out the paced moves the replay
 * works out (a trick's gather, the continues made at once), a record holds them all, each
 * at its version (`seq`), so the export reads one action per version as it always has. An
 * implied move carries the time of the logged row after it. Throws the replay's BadLogError.
 */
export function everyMove<Row extends { seat: number; action: GameAction }>(
  module: AnyGameModule,
  config: TableConfig,
  seed: string,
  rows: readonly Row[],
): { actions: Move<Row>[]; state: unknown } {
  const actions: Move<Row>[] = [];
  const state = replayed(module, config, seed, rows, (before, _after, move, index) => {
    actions.push({ ...rows[index]!, seq: module.version(before), seat: move.seat, action: move.action });
  });
  return { actions, state };
}

function replayed(
  module: AnyGameModule,
  config: TableConfig,
  seed: string,
  actions: readonly { seat: number; action: GameAction }[],
  onStep?: ReplayStep<unknown, GameAction>,
): unknown {
  return replayOrThrow(module, config, seed, actions, onStep);
}

export function isOver(record: GameRecord): boolean {
  return record.module.ownResult(record.state) !== null;
}

export function summary(record: GameRecord) {
  const { game, module, state } = record;
  return {
    id: game.id,
    table: game.roomCode,
    number: game.number,
    status: isOver(record) ? 'finished' : game.status,
    /** The registry's game id. */
    gameType: module.id,
    /** The form's id (unique across games). */
    variant: formIdOf(record.config),
    config: record.config,
    actions: record.actions.length,
    /** Points per score account (a side: a player, or a partnership). */
    scores: module.scoreSheet(state).totals,
    /** The game's own result. */
    result: module.ownResult(state),
    /** Who sat where when the game started; null for games stored before it was kept. */
    players: (game.players ?? null) as GamePlayer[] | null,
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt?.toISOString() ?? null,
  };
}

/** The score sheet as text: the game's own layout, or else its game-neutral rows. */
function sheetText(record: GameRecord, sheet: ScoreSheet): string {
  const own = record.module.scoreSheetText?.(record.state);
  if (own !== undefined) return own;
  const sides = record.module
    .table(record.config)
    .sides.map((seats) => seats.map((s) => `seat ${s}`).join('+'));
  const lines = [`${record.module.id} (${formIdOf(record.config)}): ${sides.join(' | ')}`];
  for (const row of sheet.rows) lines.push(`deal ${row.deal + 1}: ${row.delta.join(' | ')}  ${row.note}`);
  lines.push(`total: ${sheet.totals.join(' | ')}`);
  return `${lines.join('\n')}\n`;
}

export function scoreSheet(record: GameRecord) {
  const { module, state } = record;
  const sheet = module.scoreSheet(state);
  const view = module.view(state, 'spectator') as { target?: number | null; score?: unknown };
  return {
    id: record.game.id,
    gameType: module.id,
    variant: formIdOf(record.config),
    scores: sheet.totals,
    /** The target score; null for a game without one. */
    target: view.target ?? null,
    /** The game's own hand results. */
    history: module.ownHistory(state),
    result: module.ownResult(state),
    /** Game-neutral: totals per side and one row a hand. */
    sheet,
    /** The game's own score in its views (a sheet above and below the line), when it has one. */
    ...(view.score === undefined ? {} : { score: view.score }),
    text: sheetText(record, sheet),
  };
}

export interface ReplayHand {
  deal: number;
  dealer: number;
  seed: string;
  commitment: string;
  /** Every hand's cards as dealt: all shown, the game is over (a game for three may deal a blind hand). */
  dealt: string[][];
  /** The cards dealt aside, for a game whose records show them (`recordsAside`). */
  widow?: string[];
  actions: { seq: number; seat: number; action: GameAction }[];
  /** The game's own hand result. */
  result: unknown;
}

/** The game hand by hand, every card face up. Only for games that have ended. */
export function replayHands(record: GameRecord): ReplayHand[] {
  const { module } = record;
  const hands: ReplayHand[] = [];
  const open = (state: unknown) => {
    const deal = module.deal(state);
    const cards = module.cardsOnDeal(state);
    hands.push({
      deal: deal.number,
      dealer: deal.dealer,
      seed: deal.seed,
      commitment: sha256Hex(deal.seed),
      dealt: cards.hands.map((hand) => [...hand]),
      ...(module.recordsAside === true ? { widow: [...cards.aside] } : {}),
      actions: [],
      result: null,
    });
  };
  open(module.create(record.config, record.game.seed));
  replayed(module, record.config, record.game.seed, record.actions, (before, after, _move, index) => {
    const { seq, seat, action } = record.actions[index]!;
    hands.at(-1)!.actions.push({ seq, seat, action });
    if (module.handsPlayed(after) > module.handsPlayed(before))
      hands.at(-1)!.result = module.ownHistory(after).at(-1)!;
    if (module.ownResult(after) === null && module.deal(after).number !== module.deal(before).number)
      open(after);
  });
  return hands;
}

/** Everything needed to re-check the game: config, seed and log. */
export function exportGame(record: GameRecord) {
  return {
    format: 'kibitz-game/1',
    game: { ...summary(record), seed: record.game.seed },
    actions: record.actions,
  };
}
