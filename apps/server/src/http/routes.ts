/** HTTP: health, readiness, the lobby list, and finished games' records. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GameLog, TableStore } from '../db/index.ts';
import type { Lobby } from '../rooms/lobby.ts';
import {
  exportGame,
  type GameRecord,
  isOver,
  loadGameRecord,
  replayHands,
  scoreSheet,
  summary,
} from './game-records.ts';

export interface RouteDeps {
  /** Null until the database is migrated and unfinished games are recovered. */
  ready(): { lobby: Lobby; store: TableStore; log: GameLog } | null;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/healthz', async () => ({ ok: true }));

  app.get('/readyz', async (_request, reply) => {
    if (deps.ready() === null) return reply.code(503).send({ ok: false, reason: 'starting up' });
    return { ok: true };
  });

  app.get('/api/tables', async (_request, reply) => {
    const ready = deps.ready();
    if (ready === null) return notReady(reply);
    return { tables: ready.lobby.listed() };
  });

  type GameRoute = { Params: { id: string } };
  const withRecord =
    (render: (record: GameRecord) => unknown, options: { onlyWhenOver: boolean }) =>
    async (request: { params: { id: string } }, reply: FastifyReply) => {
      const ready = deps.ready();
      if (ready === null) return notReady(reply);
      const record = await loadGameRecord(ready.store, ready.log, request.params.id.slice(0, 64));
      if (record === null) return reply.code(404).send({ code: 'no-such-game', message: 'No such game' });
      if (options.onlyWhenOver && !isOver(record)) {
        // The log holds hidden cards (discards, passes) and the seed: only after the game.
        return reply.code(409).send({ code: 'game-running', message: 'Available once the game has ended' });
      }
      return render(record);
    };

  app.get<GameRoute>('/api/games/:id', withRecord(summary, { onlyWhenOver: false }));
  app.get<GameRoute>('/api/games/:id/score-sheet', withRecord(scoreSheet, { onlyWhenOver: false }));
  app.get<GameRoute>(
    '/api/games/:id/log',
    withRecord((record) => ({ id: record.game.id, actions: record.actions }), { onlyWhenOver: true }),
  );
  app.get<GameRoute>(
    '/api/games/:id/replay',
    withRecord((record) => ({ id: record.game.id, config: record.config, hands: replayHands(record) }), {
      onlyWhenOver: true,
    }),
  );
  app.get<GameRoute>('/api/games/:id/export', withRecord(exportGame, { onlyWhenOver: true }));
}

function notReady(reply: FastifyReply) {
  return reply.code(503).send({ code: 'starting-up', message: 'The server is starting up' });
}
