/**
 * One example of every message, for the README (docs.ts). Each is checked against its
 * schema (docs.test.ts), so the documentation cannot show a message the server refuses.
 */
import type { ClientEvent, ClientPayloadInput } from './client-messages.ts';
import { PROTOCOL_GAME_LIST } from './games/index.ts';
import type { ServerEvent, ServerPayload } from './server-messages.ts';

/** The game messages show: the registry's first (it carries the examples). */
const game = PROTOCOL_GAME_LIST[0].docs.examples;

const code = 'KQ7M-X3PA-9R';
const gameId = '6f1c2a4e-3b1d-4c55-9a0e-1d2f3a4b5c6d';
const playerId = '0b8e7c1d-2a3f-4e5d-8c9b-7a6f5e4d3c2b';

export const clientExamples: { [E in ClientEvent]: ClientPayloadInput<E> | undefined } = {
  'create-table': {
    name: 'Friday night',
    config: game.config,
    displayName: 'Ann',
    listed: true,
  },
  join: { code, displayName: 'Bo' },
  watch: { code },
  'take-seat': { seat: 1 },
  'leave-seat': undefined,
  'set-rules': { config: game.rulesUpdate, settings: { turnTimerSeconds: 60 } },
  'add-bot': { seat: 2, level: 'easy' },
  'move-player': { playerId, seat: null },
  'remove-player': { playerId },
  'start-game': undefined,
  'new-game': undefined,
  act: { version: 12, action: game.action as ClientPayloadInput<'act'>['action'] },
  chat: { text: 'good luck all' },
  hint: { version: 12 },
  'chat-history': { before: '2026-12-01T20:15:03.120Z' },
};

const chat = { from: { playerId, name: 'Ann' }, text: 'good luck all', at: '2026-12-01T20:15:03.120Z' };

export const serverExamples: { [E in ServerEvent]: ServerPayload<E> } = {
  welcome: { table: code, playerId, token: 'eyJ…(opaque)…', seat: 1, host: false },
  table: {
    code,
    name: 'Friday night',
    listed: true,
    hostId: playerId,
    rules: game.config as ServerPayload<'table'>['rules'],
    settings: {
      seatGraceSeconds: 120,
      botStandIn: false,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    },
    seats: [
      {
        seat: 0,
        player: {
          id: playerId,
          name: 'Ann',
          bot: false,
          botLevel: null,
          connected: true,
          standIn: false,
          heldUntil: null,
        },
        heldFor: null,
      },
      { seat: 1, player: null, heldFor: null },
      { seat: 2, player: null, heldFor: null },
    ],
    spectators: [],
    watchers: 2,
    game: null,
    playAgain: [],
  },
  view: {
    gameId,
    version: 13,
    base: 12,
    view: { toAct: [2] } as ServerPayload<'view'>['view'],
    turnTimeLeft: 58_000,
  },
  rejection: { event: 'act', code: 'not-your-turn', message: 'It is seat 2’s turn' },
  'protocol-error': {
    event: 'act',
    code: 'rate-limited',
    message: 'Too many messages: slow down',
    retryAfterMs: 180,
  },
  chat,
  deal: { gameId, deal: 1, commitment: 'a'.repeat(64) },
  'seed-reveal': { gameId, deal: 1, seed: 'b'.repeat(64), commitment: 'a'.repeat(64) },
  'game-over': {
    gameId,
    result: game.result as ServerPayload<'game-over'>['result'],
    history: [],
  },
  removed: { table: code, reason: 'removed by the host' },
};
