/**
 * What the server refuses, over real sockets: illegal, stale, duplicate and
 * out-of-turn actions, and thousands of fuzzed and malformed messages. None of them
 * may crash the server or change anything.
 */
import { CLIENT_EVENTS, MAX_MESSAGE_BYTES, type ServerPayload, type TableState } from '@kibitz/protocol';
import { legalActions } from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/clients.ts';
import { pinochleState } from '../testing/games.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';

let handle: TestServer;
let url: string;
let code: string;
let host: TestClient;
let players: TestClient[];

/** A cutthroat game between three silent clients: nothing moves unless a test moves it. */
beforeAll(async () => {
  handle = await startTestServer();
  url = handle.server.url;
  const opened = await openTable(url, { variant: 'cutthroat' });
  code = opened.code;
  host = opened.host;
  players = [];
  for (const seat of [0, 1, 2]) players.push((await joinTable(url, code, `P${seat}`, seat)).client);
  const started = await host.request('start-game');
  if (!started.ok) throw new Error(started.message);
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of [host, ...(players ?? [])]) client?.close();
  await handle?.dispose();
});

function serverTable() {
  const table = [...handle.server.lobby.tables].find((t) => t.code === code)!;
  return table;
}

/** Everything observable about the table, to compare before and after. */
function fingerprint() {
  const table = serverTable();
  return JSON.stringify({ table: table.snapshot(), state: table.game?.state });
}

async function currentView(seat: number): Promise<ServerPayload<'view'>> {
  const version = serverTable().game!.version;
  return players[seat]!.waitFor('view', (v) => v.version === version);
}

describe('game actions', () => {
  it('refuses out-of-turn, stale, duplicate and illegal actions and changes nothing', async () => {
    const game = { ...serverTable().game!, state: pinochleState(serverTable().game) };
    const toAct = game.state.toAct[0]!;
    const other = (toAct + 1) % 3;
    const { version } = await currentView(toAct);
    const legal = legalActions(game.state, toAct)[0]!;
    const before = fingerprint();

    expect(await players[other]!.request('act', { version, action: { type: 'pass' } })).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    expect(await players[toAct]!.request('act', { version: version + 1, action: legal })).toMatchObject({
      ok: false,
      code: 'stale-version',
    });
    expect(
      await players[toAct]!.request('act', { version, action: { type: 'play', card: 'AS' } }),
    ).toMatchObject({
      ok: false,
      code: 'wrong-phase',
    });
    expect(
      await players[toAct]!.request('act', { version, action: { type: 'bid', amount: 10 } }),
    ).toMatchObject({
      ok: false,
      code: 'bid-too-low',
    });
    expect(await host.request('act', { version, action: legal })).toMatchObject({
      ok: false,
      code: 'not-seated',
    });
    // One refusal channel: a refusal asked for with an ack comes in the ack only.
    expect(players[other]!.latest('rejection')).toBeUndefined();
    expect(fingerprint()).toBe(before);

    // The same action sent twice at once: applied once, the copy refused as stale.
    const [first, second] = await Promise.all([
      players[toAct]!.request('act', { version, action: legal }),
      players[toAct]!.request('act', { version, action: legal }),
    ]);
    expect(first).toMatchObject({ ok: true, version: version + 1 });
    expect(second).toMatchObject({ ok: false, code: 'stale-version' });
    expect(serverTable().game!.version).toBe(version + 1);
    const logged = await handle.server.db.prisma.gameAction.count({ where: { gameId: game.id } });
    expect(logged).toBe(version + 1);
  });
});

describe('malformed and hostile messages', () => {
  it('answers unknown events and bad payloads with a typed error', async () => {
    const client = players[0]!;
    const errors = () => client.all('protocol-error');
    const count = errors().length;
    client.sendRaw('drop-tables', {});
    client.sendRaw('act', { version: 'x' });
    client.sendRaw('act', { version: 0, action: { type: 'play', card: 'AS', extra: 1 } });
    client.sendRaw('take-seat', 1, 2);
    await client.waitFor('protocol-error', () => errors().length >= count + 4);
    expect(
      errors()
        .slice(count)
        .map((e) => e.code),
    ).toEqual(['unknown-event', 'malformed', 'malformed', 'malformed']);
    expect(await client.request('join', { code: 'nope', displayName: 'x' })).toMatchObject({
      ok: false,
      code: 'malformed',
    });
  });

  it('survives thousands of fuzzed messages without any change', { timeout: 120_000 }, async () => {
    const before = fingerprint();
    const fuzzer = players[1]!;
    const event = fc.oneof(fc.constantFrom(...CLIENT_EVENTS), fc.string({ maxLength: 12 }));
    const payload = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record({ version: fc.integer(), action: fc.anything({ maxDepth: 2 }) }),
      fc.record({
        version: fc.nat(),
        action: fc.record({ type: fc.string(), card: fc.string(), amount: fc.integer() }),
      }),
      fc.record({ seat: fc.oneof(fc.integer(), fc.string()), playerId: fc.string(), text: fc.string() }),
    );
    // Only messages that cannot change anything: no well-formed seat, host or chat requests.
    const harmless = (name: string, body: unknown) =>
      ![
        'leave-seat',
        'create-table',
        'join',
        'watch',
        'chat',
        'take-seat',
        'new-game',
        'start-game',
      ].includes(name) ||
      typeof body !== 'object' ||
      body === null ||
      Object.keys(body).length > 0;
    let sent = 0;
    fc.assert(
      fc.property(event, payload, (name, body) => {
        if (!harmless(name, body)) return;
        if (name === 'disconnect' || name === 'connect') return;
        fuzzer.sendRaw(name, body);
        sent++;
      }),
      { numRuns: 3000 },
    );
    // A message that is too large is dropped by socket.io with the connection.
    const big = await TestClient.connect(url);
    big.sendRaw('chat', { text: 'x'.repeat(MAX_MESSAGE_BYTES * 2) });
    await new Promise<void>((resolve) => big.socket.once('disconnect', () => resolve()));
    // Everything sent has been handled once a request sent after it is answered.
    expect(await fuzzer.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });
    expect(sent).toBeGreaterThan(2000);
    expect(fingerprint()).toBe(before);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it(
    'rate-limits a flooding socket',
    async () => {
      const limited = await startTestServer({ sockets: { eventsPerSecond: 5, eventBurst: 5 } });
      try {
        const client = await TestClient.connect(limited.server.url);
        for (let i = 0; i < 50; i++) client.sendRaw('leave-seat');
        const error = await client.waitFor('protocol-error', (e) => e.code === 'rate-limited');
        expect(error.message).toMatch(/slow down/);
        // Only the burst got through (as "not-at-table" refusals), the rest was dropped.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(client.all('rejection').length).toBe(5);
        // One notice a second, however many were dropped...
        expect(client.all('protocol-error').length).toBe(1);
        // ...but a request that asks for an answer always gets one, so it knows to try again.
        const answers = await Promise.all(Array.from({ length: 10 }, () => client.request('leave-seat')));
        expect(
          answers.filter((answer) => !answer.ok && answer.code === 'rate-limited').length,
        ).toBeGreaterThan(0);
        client.close();
      } finally {
        await limited.dispose();
      }
    },
    SETUP_TIMEOUT,
  );
});

export type { TableState };
