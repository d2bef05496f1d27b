import { describe, expect, it } from 'vitest';
import { exportUrl, fetchExport, fetchTables, seatNamesOf } from './api.ts';

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
});
