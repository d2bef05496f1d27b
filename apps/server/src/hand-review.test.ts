/**
 * The double-dummy review of a finished game over HTTP (issue 26): closed while the game
 * runs (it shows every hand), computed on the bot pool once the game is over, the same
 * answer on a second look, and 503 where the server has no pool. The game is a short
 * three-handed Bridge session (a one-hand limit, "Verkürzte Rubber im Chicago-Stil") of server bots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOver } from '../testing/clients.ts';
import { openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';

interface Review {
  id: string;
  hands: {
    hand: number;
    decisions: {
      version: number;
      seat: number;
      loss: number;
      exact: boolean;
      best: unknown[];
      played: unknown;
    }[];
  }[];
}

async function playShortBridge(url: string): Promise<string> {
  const { host } = await openTable(
    url,
    { game: 'auction-bridge', players: 3, handLimit: 1 },
    { settings: { trickPauseMs: 0, handEndSeconds: 0 } },
  );
  for (const seat of [0, 1, 2]) {
    expect(await host.request('add-bot', { seat, level: 'easy' })).toMatchObject({ ok: true });
  }
  const started = await host.request('start-game');
  if (!started.ok) throw new Error(started.message);
  await gameOver(host, started.gameId, 120_000);
  return started.gameId;
}

/** A test server for the suite, with a bot pool of `threads` (0: none). */
function serverWithPool(threads: number): { readonly url: string } {
  let handle: TestServer | undefined;
  beforeAll(async () => {
    handle = await startTestServer({ bots: { threads } });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });
  return {
    get url() {
      return handle!.server.url;
    },
  };
}

describe('hand review over HTTP, with the bot pool', () => {
  const server = serverWithPool(1);

  it('reviews every card of a finished game once, and answers a second look the same', {
    timeout: 180_000,
  }, async () => {
    const url = server.url;
    const gameId = await playShortBridge(url);
    const first = await fetch(`${url}/api/games/${gameId}/review`);
    expect(first.status).toBe(200);
    const review = (await first.json()) as Review;
    expect(review.id).toBe(gameId);
    const exported = (await (await fetch(`${url}/api/games/${gameId}/export`)).json()) as {
      actions: { seq: number; action: { type: string } }[];
    };
    // The limit is one hand, but a tied short rubber plays on until one side leads (and a
    // passed-out deal has no play): every hand with card play is reviewed, 52 decisions
    // each, one for every card played, at the version it was played.
    const plays = exported.actions.filter((row) => row.action.type === 'play');
    expect(plays.length).toBeGreaterThanOrEqual(52);
    expect(review.hands).toHaveLength(plays.length / 52);
    for (const hand of review.hands) expect(hand.decisions).toHaveLength(52);
    expect(review.hands.flatMap((hand) => hand.decisions.map((d) => d.version))).toEqual(
      plays.map((row) => row.seq),
    );
    for (const decision of review.hands.flatMap((hand) => hand.decisions)) {
      expect(decision.loss).toBeGreaterThanOrEqual(0);
      expect(decision.best.length).toBeGreaterThan(0);
    }
    const again = await fetch(`${url}/api/games/${gameId}/review`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(review);
  });

  it('stays closed while the game runs: the review shows every hand', async () => {
    const url = server.url;
    const { host } = await openTable(url, { game: 'auction-bridge', players: 3 });
    for (const seat of [0, 1, 2]) {
      expect(await host.request('add-bot', { seat, level: 'easy' })).toMatchObject({ ok: true });
    }
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const response = await fetch(`${url}/api/games/${started.gameId}/review`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: 'game-running',
      message: 'Available once the game has ended',
    });
  });
});

describe('hand review over HTTP, without a bot pool', () => {
  const server = serverWithPool(0);

  it('answers 503 and says why: the search never runs on the socket thread', {
    timeout: 180_000,
  }, async () => {
    const url = server.url;
    const gameId = await playShortBridge(url);
    const response = await fetch(`${url}/api/games/${gameId}/review`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'review-unavailable',
      message: 'Hand reviews need the bot pool, which is off here',
    });
  });
});
