import { playBridgeRubber, ruleBridgeBot } from '@kibitz/bots/bridge';
import {
  applyBridge,
  type BridgeAction,
  type BridgeConfig,
  type BridgeHandResult,
  type BridgeResult,
  type BridgeView,
  bridgeView,
  createBridgeGame,
  parseBridgeConfig,
} from '@kibitz/rules/bridge';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { actionSchema } from '../../actions.ts';
import { parseClientMessage } from '../../client-messages.ts';
import { serverEventSchemas, tableStateSchema } from '../../server-messages.ts';
import { PROTOCOL_GAMES, protocolGame } from '../index.ts';
import {
  bridgeActionSchema,
  type bridgeConfigSchema,
  type bridgeHandResultSchema,
  bridgeResultSchema,
  bridgeViewSchema,
} from './schemas.ts';

function config(input: Record<string, unknown>): BridgeConfig {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

/** Every view of a whole bot rubber, for every seat and a spectator, and its log. */
function viewsOfRubber(cfg: BridgeConfig, seed: string) {
  const played = playBridgeRubber(
    cfg,
    seed,
    Array.from({ length: cfg.players }, () => ruleBridgeBot),
  );
  let state = createBridgeGame(cfg, seed);
  const viewers = [...Array.from({ length: cfg.players }, (_, seat) => seat), 'spectator' as const];
  const views: BridgeView[] = viewers.map((viewer) => bridgeView(state, viewer));
  for (const { seat, action } of played.log) {
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new Error(`the bot rubber does not replay: ${result.rejection.message}`);
    state = result.state;
    for (const viewer of viewers) views.push(bridgeView(state, viewer));
  }
  return { views, log: played.log };
}

describe('the Bridge schemas mirror the rules types', () => {
  it('agree both ways at compile time', () => {
    expectTypeOf<z.output<typeof bridgeViewSchema>>().toEqualTypeOf<BridgeView>();
    expectTypeOf<z.output<typeof bridgeActionSchema>>().toEqualTypeOf<BridgeAction>();
    expectTypeOf<z.output<typeof bridgeResultSchema>>().toEqualTypeOf<BridgeResult>();
    expectTypeOf<z.output<typeof bridgeHandResultSchema>>().toEqualTypeOf<BridgeHandResult>();
    expectTypeOf<z.output<typeof bridgeConfigSchema>>().toEqualTypeOf<BridgeConfig>();
  });

  it('are the ones protocolGame gives for the registry id', () => {
    expect(protocolGame('auction-bridge')).toBe(PROTOCOL_GAMES['auction-bridge']);
    expect(protocolGame('auction-bridge')!.viewSchema).toBe(bridgeViewSchema);
    expect(protocolGame('whist')).toBeNull();
    expect(protocolGame('toString')).toBeNull();
    expect(protocolGame(null)).toBeNull();
  });
});

describe('views and actions of real rubbers', () => {
  const rubbers = [
    ['four players', config({})],
    ['four players, paced', config({ paced: true })],
    ['three players, blind hand, paced', config({ players: 3, paced: true })],
    ['nullo, hand limit', config({ nullo: true, handLimit: 3 })],
  ] as const;
  for (const [name, cfg] of rubbers) {
    it(`parse unchanged: ${name}`, () => {
      const { views, log } = viewsOfRubber(cfg, `schema-${name}`);
      const phases = new Set<string>();
      for (const whole of views) {
        const parsed = bridgeViewSchema.safeParse(whole);
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(parsed.data).toEqual(whole);
        // The event as the server sends it: whole, and the sent-view union keeps every field.
        const event = serverEventSchemas.view.safeParse({ gameId: 'g', version: whole.version, view: whole });
        expect(event.error?.issues ?? []).toEqual([]);
        expect(event.data!.view).toEqual(whole);
        phases.add(whole.phase);
      }
      expect(phases).toContain('game-over');
      if (cfg.paced) expect(phases).toContain('hand-end');
      for (const { action } of log) {
        expect(bridgeActionSchema.parse(action)).toEqual(action);
        expect(actionSchema.parse(action)).toEqual(action);
        expect(parseClientMessage('act', { version: 1, action })).toMatchObject({ ok: true });
      }
      const last = views.at(-1)!;
      expect(bridgeResultSchema.parse(last.result)).toEqual(last.result);
      const over = serverEventSchemas['game-over'].safeParse({
        gameId: 'g',
        result: last.result,
        history: last.history,
      });
      expect(over.error?.issues ?? []).toEqual([]);
      expect(over.data!.history).toEqual(last.history);
    });
  }
});

describe('malformed Bridge payloads are refused, naming what is wrong', () => {
  const { views } = viewsOfRubber(config({ players: 3 }), 'schema-bad');
  const whole = views.find((v) => v.phase === 'play' && v.viewer === 0 && v.dummy !== null)!;
  const refused = (changes: Record<string, unknown>) => {
    const result = bridgeViewSchema.safeParse({ ...whole, ...changes });
    expect(result.success, JSON.stringify(changes)).toBe(false);
    return result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  };

  it('a card that does not exist, a hand that does not exist', () => {
    expect(refused({ hand: ['1S', ...whole.hand!] })).toMatch(/^hand\.0: a card such as "TS"/);
    expect(refused({ turn: 4 })).toMatch(/^turn: /);
  });
  it('a bid above seven, an unknown strain, an unknown prompt', () => {
    expect(bridgeActionSchema.safeParse({ type: 'bid', level: 8, strain: 'S' }).success).toBe(false);
    expect(bridgeActionSchema.safeParse({ type: 'bid', level: 1, strain: 'X' }).success).toBe(false);
    expect(refused({ prompt: { kind: 'meld' } })).toMatch(/^prompt\.kind: /);
  });
  it('a config the rules refuse', () => {
    expect(refused({ config: { ...whole.config, players: 5 } })).toMatch(/^config\.players: /);
  });
  it('a whole view event lacking a Bridge field; changes alone are fine, a mix of games is not', () => {
    const { dummy: _dummy, ...partial } = whole;
    const alone = serverEventSchemas.view.safeParse({ gameId: 'g', version: whole.version, view: partial });
    expect(alone.success).toBe(false);
    expect(alone.error!.issues[0]!.message).toBe('a whole view (no `base`) lacks dummy');
    const changes = { gameId: 'g', version: whole.version, base: whole.version - 1 };
    expect(serverEventSchemas.view.safeParse({ ...changes, view: { dummy: whole.dummy } }).success).toBe(
      true,
    );
    // Bridge's `dummy` beside Pinochle's `widow`: no game has both.
    const mixed = { ...changes, view: { dummy: whole.dummy, widow: null } };
    expect(serverEventSchemas.view.safeParse(mixed).success).toBe(false);
  });
  it('the table event carries a Bridge config; create-table takes one by its game', () => {
    const table = serverEventSchemas.table.parse({
      ...tableStateSchema.shape,
      code: 'KQ7M-X3PA-9R',
      name: 't',
      listed: false,
      hostId: null,
      rules: whole.config,
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
      seats: [],
      spectators: [],
      watchers: 0,
      game: null,
      playAgain: [],
    });
    expect(table.rules).toEqual(whole.config);
    const created = parseClientMessage('create-table', {
      name: 'Bridge',
      displayName: 'Ann',
      config: { game: 'auction-bridge', players: 3 },
    });
    expect(created).toMatchObject({ ok: true, payload: { config: { game: 'auction-bridge', players: 3 } } });
    const nameless = parseClientMessage('create-table', {
      name: 'x',
      displayName: 'A',
      config: { players: 3 },
    });
    expect(nameless).toMatchObject({ ok: false, code: 'malformed' });
  });
});
