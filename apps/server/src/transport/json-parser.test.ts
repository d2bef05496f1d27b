import { heuristicBot, playGame } from '@kibitz/bots/pinochle';
import { toSentView, type ViewPayload } from '@kibitz/protocol';
import { replayOrThrow } from '@kibitz/rules';
import { createGame, defaultConfig, pinochle, view } from '@kibitz/rules/pinochle';
import { Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { JsonEncoder } from './json-parser.ts';

describe('JsonEncoder', () => {
  it("writes exactly what socket.io's own encoder writes for every JSON packet", () => {
    const state = createGame(defaultConfig('cutthroat'), 'encoder');
    const packets: Packet[] = [
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
      { type: PacketType.CONNECT, nsp: '/admin', data: { sid: 'abc' } },
      { type: PacketType.DISCONNECT, nsp: '/' },
      { type: PacketType.EVENT, nsp: '/', data: ['view', { gameId: 'g', version: 0, view: view(state, 0) }] },
      { type: PacketType.EVENT, nsp: '/', data: ['chat', { text: 'naïve "quotes" \u2028 ♠' }] },
      { type: PacketType.EVENT, nsp: '/admin', id: 12, data: ['x', null, 0, ''] },
      { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: true, code: 'KQ7M-X3PA-9R' }] },
      { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'starting up' } },
    ];
    const stock = new Encoder();
    const ours = new JsonEncoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(stock.encode(packet));
  });

  it('writes every view of a whole game, whole or leaving parts out, exactly as the stock encoder', () => {
    const config = defaultConfig('cutthroat');
    const seed = 'encoder-game';
    const { log } = playGame(config, seed, [heuristicBot, heuristicBot, heuristicBot]);
    const stock = new Encoder();
    const ours = new JsonEncoder();
    const before = new Map<string | number, ViewPayload>();
    const last = replayOrThrow(pinochle, config, seed, log, (_before, state) => {
      for (const viewer of [0, 1, 2, 'spectator'] as const) {
        const current = { gameId: 'g', version: state.version, view: view(state, viewer) };
        for (const payload of [current, toSentView(before.get(viewer), current)]) {
          const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['view', payload] };
          expect(ours.encode(packet)).toEqual(stock.encode(packet));
        }
        before.set(viewer, current);
      }
    });
    expect(last.history.length).toBeGreaterThan(1);
  });

  it('writes odd payloads (undefined, functions, toJSON) as JSON.stringify does', () => {
    const stock = new Encoder();
    const ours = new JsonEncoder();
    class Odd {
      history = [1];
      toJSON() {
        return { odd: true };
      }
    }
    for (const data of [
      ['view'],
      ['view', null],
      ['view', { gameId: 'g', view: new Odd() }],
      ['view', { gameId: 'g', skipped: undefined, fn: () => 1, view: { gone: undefined, at: new Date(0) } }],
      ['chat', { text: 'x' }, 'extra'],
    ]) {
      const packet: Packet = { type: PacketType.EVENT, nsp: '/', data };
      expect(ours.encode(packet), JSON.stringify(data)).toEqual(stock.encode(packet));
    }
  });

  it('refuses binary packets rather than send them wrong', () => {
    expect(() =>
      new JsonEncoder().encode({ type: PacketType.BINARY_EVENT, nsp: '/', data: ['x'], attachments: 1 }),
    ).toThrow(/JSON only/);
  });
});
