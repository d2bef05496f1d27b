/**
 * A game after the fact, rebuilt from its log: the score sheet (public at any time),
 * and, once the game has ended, the full log, a hand-by-hand replay with every card
 * shown, and a JSON export anyone can re-check with the rules' `replay`.
 */
import { formatScoreSheet } from '@kibitz/bots';
import {
  type Action,
  BadLogError,
  type Card,
  createGame,
  type GameConfig,
  type GameState,
  gameConfigSchema,
  type HandResult,
  type LoggedAction,
  type ReplayStep,
  replay,
  sha256Hex,
} from '@kibitz/rules';
import type { LoggedAction as LogRow } from '../db/game-log.ts';
import type { GameLog, GamePlayer, StoredGame, TableStore } from '../db/index.ts';

export interface GameRecord {
  game: StoredGame & { roomCode: string; createdAt: Date; finishedAt: Date | null };
  config: GameConfig;
  actions: { seq: number; seat: number; action: Action; at: string }[];
  /** The state after the last logged action. */
  state: GameState;
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
 * The record of a stored game and its log rows. A log the rules refuse is never shown cut
 * short as if it were the whole game: it throws the replay's BadLogError, which names the
 * position of the first action that does not replay.
 */
export function gameRecordOf(game: StoredGameWithRoom, rows: readonly LogRow[]): GameRecord {
  const config = gameConfigSchema.parse(game.config);
  const actions = rows.map((row) => ({
    seq: row.seq,
    seat: row.seat,
    action: row.action as unknown as Action,
    at: row.createdAt.toISOString(),
  }));
  return { game, config, actions, state: replayed(config, game.seed, actions) };
}

function replayed(
  config: GameConfig,
  seed: string,
  actions: readonly LoggedAction[],
  onStep?: ReplayStep<GameState, Action>,
): GameState {
  const result = replay(config, seed, actions, onStep);
  if (!result.ok) throw new BadLogError(result.error);
  return result.state;
}

export function isOver(record: GameRecord): boolean {
  return record.state.phase === 'game-over';
}

export function summary(record: GameRecord) {
  const { game } = record;
  return {
    id: game.id,
    table: game.roomCode,
    number: game.number,
    status: isOver(record) ? 'finished' : game.status,
    variant: record.config.variant,
    config: record.config,
    actions: record.actions.length,
    scores: record.state.scores,
    result: record.state.result,
    /** Who sat where when the game started; null for games stored before it was kept. */
    players: (game.players ?? null) as GamePlayer[] | null,
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt?.toISOString() ?? null,
  };
}

export function scoreSheet(record: GameRecord) {
  return {
    id: record.game.id,
    variant: record.config.variant,
    scores: record.state.scores,
    target: record.state.target,
    history: record.state.history,
    result: record.state.result,
    text: formatScoreSheet(record.state),
  };
}

export interface ReplayHand {
  deal: number;
  dealer: number;
  seed: string;
  commitment: string;
  /** Every seat's cards as dealt, and the widow: all shown, the game is over. */
  dealt: Card[][];
  widow: Card[];
  actions: { seq: number; seat: number; action: Action }[];
  result: HandResult | null;
}

/** The game hand by hand, every card face up. Only for games that have ended. */
export function replayHands(record: GameRecord): ReplayHand[] {
  const hands: ReplayHand[] = [];
  const open = (state: GameState) =>
    hands.push({
      deal: state.hand.deal,
      dealer: state.hand.dealer,
      seed: state.hand.seed,
      commitment: sha256Hex(state.hand.seed),
      dealt: state.hand.hands.map((cards) => [...cards]),
      widow: [...state.hand.widow],
      actions: [],
      result: null,
    });
  open(createGame(record.config, record.game.seed));
  replayed(record.config, record.game.seed, record.actions, (before, after, _move, index) => {
    const { seq, seat, action } = record.actions[index]!;
    hands.at(-1)!.actions.push({ seq, seat, action });
    if (after.history.length > before.history.length) hands.at(-1)!.result = after.history.at(-1)!;
    if (after.phase !== 'game-over' && after.hand.deal !== before.hand.deal) open(after);
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
