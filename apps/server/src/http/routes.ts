/**
 * HTTP: health, readiness, the lobby list, and finished games' records. Every id in a
 * path is checked against its schema before anything looks it up: a malformed one is a
 * 400, a well-formed one that names nothing is a 404 (errors.ts says how they are sent).
 */
import { gameReviewResponseSchema } from '@kibitz/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GameLog, TableStore } from '../db/index.ts';
import type { Lobby, TableSummary } from '../rooms/lobby.ts';
import { HttpError, parseRequest } from './errors.ts';
import {
  exportGame,
  type GameRecord,
  isOver,
  loadGameRecord,
  replayHands,
  scoreSheet,
  summary,
} from './game-records.ts';
import type { Reviews } from './reviews.ts';

export interface RouteDeps {
  /** Null until the database is migrated and unfinished games are recovered. */
  ready(): { lobby: Lobby; store: TableStore; log: GameLog } | null;
  /**
   * The lobby list as every process sees it, and how many are connected (cluster mode:
   * from Redis). Default: this process's listed tables.
   */
  /** Shutting down: not ready any more (a proxy should send nobody new here). */
  draining?(): boolean;
  /** Finished games' hand reviews; without it the review route answers 503. */
  reviews?: Reviews;
  lobbyList?(
    lobby: Lobby,
  ): Promise<{ tables: TableSummary[]; online?: { sockets: number; servers: number } }>;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/healthz', async () => ({ ok: true }));

  app.get('/readyz', async (_request, reply) => {
    if (deps.ready() === null) return reply.code(503).send({ ok: false, reason: 'starting up' });
    if (deps.draining?.()) return reply.code(503).send({ ok: false, reason: 'shutting down' });
    return { ok: true };
  });

  app.get('/api/tables', async () => {
    const ready = deps.ready();
    if (ready === null) throw notReady();
    return deps.lobbyList ? deps.lobbyList(ready.lobby) : { tables: ready.lobby.listed() };
  });

  const withRecord =
    (render: (record: GameRecord) => unknown, options: { onlyWhenOver: boolean }) =>
    async (request: { params: unknown }) => {
      const { id } = parseRequest(gameParamsSchema, request.params, 'bad-game-id', 'game id');
      const ready = deps.ready();
      if (ready === null) throw notReady();
      const record = await loadGameRecord(ready.store, ready.log, id);
      if (record === null) throw new HttpError(404, 'no-such-game', 'No such game');
      if (options.onlyWhenOver && !isOver(record)) {
        // The log holds hidden cards (discards, passes) and the seed: only after the game.
        throw new HttpError(409, 'game-running', 'Available once the game has ended');
      }
      return render(record);
    };

  app.get('/api/games/:id', withRecord(summary, { onlyWhenOver: false }));
  app.get('/api/games/:id/score-sheet', withRecord(scoreSheet, { onlyWhenOver: false }));
  app.get(
    '/api/games/:id/log',
    withRecord((record) => ({ id: record.game.id, actions: record.actions }), { onlyWhenOver: true }),
  );
  app.get(
    '/api/games/:id/replay',
    withRecord((record) => ({ id: record.game.id, config: record.config, hands: replayHands(record) }), {
      onlyWhenOver: true,
    }),
  );
  app.get('/api/games/:id/export', withRecord(exportGame, { onlyWhenOver: true }));
  // The double-dummy review shows every hand: like the log, only once the game is over.
  app.get(
    '/api/games/:id/review',
    withRecord(
      async (record) => {
        const review = deps.reviews?.of(record.game.id, () => exportGame(record)) ?? null;
        if (review === null)
          throw new HttpError(503, 'review-unavailable', 'Hand reviews need the bot pool, which is off here');
        // Shaped by the one schema the client parses it with (@kibitz/protocol).
        return gameReviewResponseSchema.parse({ id: record.game.id, ...(await review) });
      },
      { onlyWhenOver: true },
    ),
  );
}

/**
 * A game's id as the server makes them (Prisma's cuid today): letters, digits, `_` and
 * `-`, at most 64 characters. Anything else (a NUL byte, a slash, a space) cannot name a
 * game and never reaches the database.
 */
export const gameIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const gameParamsSchema = z.object({ id: gameIdSchema });

function notReady(): HttpError {
  return new HttpError(503, 'starting-up', 'The server is starting up');
}
