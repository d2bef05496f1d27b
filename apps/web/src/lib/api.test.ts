import { describe, expect, it } from 'vitest';
import { exportUrl, fetchExport, fetchReview, fetchTables, seatNamesOf } from './api.ts';

function fakeFetch(status: number, body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
}

describe('HTTP api', () => {
  it('reads the listed tables', async () => {
    const table = {
      code: 'AAAA-BBBB-CC',
      name: 'F',
      variant: 'cutthroat',
      seats: 3,
      seatsTaken: 1,
      spectators: 0,
      status: 'waiting',
    };
    await expect(fetchTables(fakeFetch(200, { tables: [table] }))).resolves.toEqual([table]);
    await expect(fetchTables(fakeFetch(200, { tables: [{ code: 1 }] }))).rejects.toThrow();
  });

  it('reads a game export and reports the server’s refusal', async () => {
    const body = {
      format: 'kibitz-game/1',
      game: { id: 'g', config: { variant: 'cutthroat' }, seed: 's', extra: 1 },
      actions: [],
    };
    await expect(fetchExport('g', fakeFetch(200, body))).resolves.toMatchObject({
      game: { id: 'g', seed: 's' },
    });
    await expect(
      fetchExport(
        'g',
        fakeFetch(409, { code: 'game-running', message: 'Available once the game has ended' }),
      ),
    ).rejects.toThrow('Available once the game has ended');
    expect(exportUrl('a/b')).toBe('/api/games/a%2Fb/export');
  });

  it('names the seats from the players an export lists, and leaves the rest to the page', async () => {
    const players = [
      { seat: 1, name: 'Bo', bot: true },
      { seat: 0, name: 'Ann', bot: false },
      { seat: 2, name: '', bot: false },
    ];
    const body = {
      format: 'kibitz-game/1',
      game: { id: 'g', config: { variant: 'cutthroat' }, seed: 's', players },
      actions: [],
    };
    const exported = await fetchExport('g', fakeFetch(200, body));
    expect(seatNamesOf(exported.game.players)).toEqual(['Ann', 'Bo', undefined]);
    // Games stored before players were kept: no names, and no failure.
    expect(seatNamesOf(null)).toEqual([]);
    expect(seatNamesOf(undefined)).toEqual([]);
    await expect(
      fetchExport('g', fakeFetch(200, { ...body, game: { ...body.game, players: [{ seat: 'x' }] } })),
    ).rejects.toThrow();
  });

  it('reads a review, and says why there is none: running, no pool, no network, a bad answer', async () => {
    const review = {
      id: 'g',
      hands: [
        {
          hand: 1,
          par: {
            value: 9,
            actual: 8,
            unit: 'tricks',
            exact: true,
            contract: { name: '3S', needed: 9, atPar: true, asPlayed: false },
          },
          decisions: [
            {
              version: 9,
              seat: 0,
              played: { type: 'play', card: 'AS' },
              best: [{ type: 'play', card: 'AS' }],
              loss: 0,
              exact: true,
            },
          ],
        },
      ],
    };
    await expect(fetchReview('g', fakeFetch(200, review))).resolves.toEqual({ ok: true, review });
    await expect(
      fetchReview(
        'g',
        fakeFetch(409, { code: 'game-running', message: 'Available once the game has ended' }),
      ),
    ).resolves.toMatchObject({ ok: false, problem: 'game-running' });
    await expect(
      fetchReview('g', fakeFetch(503, { code: 'review-unavailable', message: 'no pool' })),
    ).resolves.toMatchObject({ ok: false, problem: 'review-unavailable' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchReview('g', offline)).resolves.toMatchObject({ ok: false, problem: 'network' });
    await expect(fetchReview('g', fakeFetch(200, { id: 'g', hands: [{ hand: 0 }] }))).resolves.toMatchObject({
      ok: false,
      problem: 'failed',
    });
    await expect(fetchReview('g', fakeFetch(500, 'oops'))).resolves.toMatchObject({
      ok: false,
      problem: 'failed',
    });
  });
});
