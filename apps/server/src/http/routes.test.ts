/**
 * The HTTP routes' answers to ids that are malformed, unknown, or that break something
 * inside: 400, 404 and a bare 500, never the text of what failed (issue 12, point 4).
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';
import type { GameLog, TableStore } from '../db/index.ts';
import type { Lobby } from '../rooms/lobby.ts';
import { registerErrorHandler } from './errors.ts';
import { RequestLog } from './request-log.ts';
import { gameIdSchema, registerRoutes } from './routes.ts';

const GAME_ROUTES = ['', '/score-sheet', '/log', '/replay', '/export', '/review'];

/** Ids that cannot name a game, as they appear in the path. */
const MALFORMED = ['%00', 'abc%00def', 'has%20space', 'semi%3Bcolon', 'x'.repeat(65), '%E2%99%A0'];

/** Whatever a driver, a stack or a source file would add to an answer. */
function expectNoInternals(body: string): void {
  expect(body).not.toMatch(
    /\.ts\b|\.js\b|node_modules|at \w+ \(|prisma|pglite|postgres|invalid byte|\\u0000/i,
  );
}

describe('game records over HTTP, on the real server', () => {
  let handle: TestServer;
  let url: string;

  beforeAll(async () => {
    handle = await startTestServer();
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });

  it("answers a URL fastify cannot decode with a 400 in our words, not fastify's (which quote it back)", async () => {
    for (const path of ['/api/games/%E0%A4%A', '/api/games/%', '/api/games/%C0%AF/log', '/api/tables%']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ code: 'bad-request', message: 'Bad Request' });
    }
  });

  describe.each(GAME_ROUTES)('GET /api/games/:id%s', (suffix) => {
    it.each(MALFORMED)('answers 400 for the malformed id %s, and says only that', async (id) => {
      const response = await fetch(`${url}/api/games/${id}${suffix}`);
      const body = await response.text();
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(body)).toEqual({ code: 'bad-game-id', message: 'Malformed game id' });
      expectNoInternals(body);
    });

    it('answers 404 for a well-formed id that names no game', async () => {
      for (const id of ['nope', 'cmabc0def1ghi2jkl3mno4pqr', 'x'.repeat(64)]) {
        const response = await fetch(`${url}/api/games/${id}${suffix}`);
        expect(response.status, id).toBe(404);
        expect(await response.json(), id).toEqual({ code: 'no-such-game', message: 'No such game' });
      }
    });
  });
});

describe('a failure inside a route', () => {
  it('is a 500 with a request id and nothing else; the detail goes to the log under that id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLog() });
    registerErrorHandler(app);
    const driverText = 'invalid byte sequence for encoding "UTF8": 0x00 at /srv/kibitz/db/table-store.ts:189';
    // The database failing underneath the route: the one thing a test cannot get from a healthy server.
    const store = {
      findGame: async () => {
        throw new Error(driverText);
      },
    } as unknown as TableStore;
    registerRoutes(app, { ready: () => ({ lobby: {} as Lobby, store, log: {} as GameLog }) });
    try {
      for (const suffix of GAME_ROUTES) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/games/cmabc0def1ghi2jkl3mno4pqr${suffix}`,
        });
        expect(response.statusCode, suffix).toBe(500);
        const body = response.json<{ requestId: string }>();
        expect(body, suffix).toEqual({ code: 'internal-error', requestId: expect.any(String) });
        expect(body.requestId.length, suffix).toBeGreaterThan(0);
        expectNoInternals(response.body);
        expect(response.body).not.toContain('0x00');
        const logged = lines.find((line) => line.reqId === body.requestId && line.level === 50);
        expect(logged, suffix).toBeDefined();
        expect((logged?.err as { message?: string } | undefined)?.message, suffix).toBe(driverText);
      }
    } finally {
      await app.close();
    }
  });

  it('is a 503, not a 500, while the server is starting up', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    registerRoutes(app, { ready: () => null });
    try {
      const game = await app.inject({ method: 'GET', url: '/api/games/cmabc0def1ghi2jkl3mno4pqr' });
      expect(game.statusCode).toBe(503);
      expect(game.json()).toEqual({ code: 'starting-up', message: 'The server is starting up' });
      const tables = await app.inject({ method: 'GET', url: '/api/tables' });
      expect(tables.statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      // A malformed id is malformed whatever the server's state.
      expect((await app.inject({ method: 'GET', url: '/api/games/%00' })).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('game ids', () => {
  it('accept what the server makes and nothing that could smuggle bytes into a query', () => {
    for (const id of ['cmabc0def1ghi2jkl3mno4pqr', 'nope', '0b7c9a4e-1f2d-4c1e-9e55-0c1f9a6b8d21', 'a_b']) {
      expect(gameIdSchema.safeParse(id).success, id).toBe(true);
    }
    for (const id of ['', '\0', 'a\0b', 'a b', 'a/b', '../x', 'x'.repeat(65), 'ä', "a'b"]) {
      expect(gameIdSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });
});
