/**
 * A game after the fact, rebuilt from its log: the score sheet (public at any time),
 * and, once the game has ended, the full log, a hand-by-hand replay with every card
 * shown, and a JSON export anyone can re-check with the rules' `replay`.
 */
import { formatScoreSheet } from '@kibitz/bots';
import {
  type Action,
  apply,
  type Card,
  createGame,
  type GameConfig,
  type GameState,
  gameConfigSchema,
  type HandResult,
  sha256Hex,
} from '@kibitz/rules';
import type { GameLog, GamePlayer, StoredGame, TableStore } from '../db/index.ts';

export interface GameRecord {
  game: StoredGame & { roomCode: string; createdAt: Date; finishedAt: Date | null };
  config: GameConfig;
  actions: { seq: number; seat: number; action: Action; at: string }[];
  /** The state after the last logged action. */
  state: GameState;
}

export async function loadGameRecord(
  store: TableStore,
  log: GameLog,
  gameId: string,
): Promise<GameRecord | null> {
  const game = await store.findGame(gameId);
  if (game === null) return null;
  const config = gameConfigSchema.parse(game.config);
  const actions = (await log.loadActions(gameId)).map((row) => ({
    seq: row.seq,
    seat: row.seat,
    action: row.action as unknown as Action,
    at: row.createdAt.toISOString(),
  }));
  let state = createGame(config, game.seed);
  for (const { seat, action } of actions) {
    const result = apply(state, seat, action);
    if (!result.ok) break;
    state = result.state;
  }
  return { game, config, actions, state };
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
  let state = createGame(record.config, record.game.seed);
  open(state);
  for (const { seq, seat, action } of record.actions) {
    const result = apply(state, seat, action);
    if (!result.ok) break;
    hands.at(-1)!.actions.push({ seq, seat, action });
    const next = result.state;
    if (next.history.length > state.history.length) hands.at(-1)!.result = next.history.at(-1)!;
    if (next.phase !== 'game-over' && next.hand.deal !== state.hand.deal) open(next);
    state = next;
  }
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
