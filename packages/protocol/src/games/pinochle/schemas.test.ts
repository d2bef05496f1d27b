import { heuristicBot, playGame } from '@kibitz/bots/pinochle';
import {
  apply,
  createGame,
  defaultConfig,
  type GameConfig,
  type GameResult,
  type GameView,
  type HandResult,
  VARIANTS,
  view,
} from '@kibitz/rules/pinochle';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { serverEventSchemas } from '../../server-messages.ts';
import type { SentViewPayload } from '../../view-delta.ts';
import {
  gameResultSchema,
  type handResultSchema,
  type pinochleConfigSchema,
  pinochleViewSchema,
} from './schemas.ts';

/** Every view of a whole bot game, for every seat and a spectator. */
function viewsOfGame(config: GameConfig, seed: string): GameView[] {
  const seats = config.variant === 'double-deck' ? 4 : 3;
  const played = playGame(
    config,
    seed,
    Array.from({ length: seats }, () => heuristicBot),
  );
  let state = createGame(config, seed);
  const views: GameView[] = [];
  const viewers = [...Array.from({ length: seats }, (_, seat) => seat), 'spectator' as const];
  for (const viewer of viewers) views.push(view(state, viewer));
  for (const { seat, action } of played.log) {
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(`the bot game does not replay: ${result.rejection.message}`);
    state = result.state;
    for (const viewer of viewers) views.push(view(state, viewer));
  }
  return views;
}

describe('the schemas mirror the rules types', () => {
  it('agree both ways at compile time', () => {
    expectTypeOf<z.output<typeof pinochleViewSchema>>().toEqualTypeOf<GameView>();
    expectTypeOf<z.output<typeof gameResultSchema>>().toEqualTypeOf<GameResult>();
    expectTypeOf<z.output<typeof handResultSchema>>().toEqualTypeOf<HandResult>();
    expectTypeOf<z.output<typeof pinochleConfigSchema>>().toEqualTypeOf<GameConfig>();
    expectTypeOf<z.output<(typeof serverEventSchemas)['view']>>().toEqualTypeOf<SentViewPayload>();
  });
});

describe('views of real games', () => {
  const games = [
    ...VARIANTS.map((variant) => defaultConfig(variant)),
    // Paced hands: the trick-end and hand-end phases and the continue prompt.
    { ...defaultConfig('cutthroat'), paced: true },
    { ...defaultConfig('double-deck'), paced: true },
  ];
  for (const config of games) {
    it(`parse unchanged: ${config.variant}${config.paced ? ', paced' : ''}`, () => {
      const views = viewsOfGame(config, `schema-${config.variant}`);
      const phases = new Set<string>();
      for (const whole of views) {
        const parsed = pinochleViewSchema.safeParse(whole);
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(parsed.data).toEqual(whole);
        phases.add(whole.phase);
      }
      expect(phases).toContain('game-over');
      if (config.paced) expect(phases).toContain('hand-end');
      const last = views.at(-1)!;
      expect(gameResultSchema.parse(last.result)).toEqual(last.result);
      expect(
        serverEventSchemas['game-over'].safeParse({ gameId: 'g', result: last.result, history: last.history })
          .success,
      ).toBe(true);
    });
  }
});

describe('malformed views are refused, naming what is wrong', () => {
  const whole = viewsOfGame(defaultConfig('cutthroat'), 'schema-bad').find(
    (v) => v.phase === 'play' && v.viewer === 0,
  )!;
  const refused = (changes: Record<string, unknown>) => {
    const result = pinochleViewSchema.safeParse({ ...whole, ...changes });
    expect(result.success, JSON.stringify(changes)).toBe(false);
    return result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  };

  it('a card that does not exist', () => {
    expect(refused({ hand: ['ZS', ...whole.hand!] })).toMatch(/^hand\.0: a card such as "TS"/);
  });
  it('an unknown phase, a negative seat, a string score', () => {
    expect(refused({ phase: 'napping' })).toMatch(/^phase: /);
    expect(refused({ dealer: -1 })).toMatch(/^dealer: /);
    expect(refused({ scores: ['10', 0, 0] })).toMatch(/^scores\.0: /);
  });
  it('a prompt of an unknown kind, or one missing its cards', () => {
    expect(refused({ prompt: { kind: 'dance' } })).toMatch(/^prompt\.kind: /);
    expect(refused({ prompt: { kind: 'play', canConcede: false } })).toMatch(/^prompt\.cards: /);
  });
  it('a config the rules refuse', () => {
    expect(refused({ config: { ...whole.config, minimumBid: 7 } })).toMatch(/^config\.minimumBid: /);
  });
  it('a view event without base that lacks fields; with base, changes alone are fine', () => {
    const { hand: _hand, ...partial } = whole;
    const alone = serverEventSchemas.view.safeParse({ gameId: 'g', version: whole.version, view: partial });
    expect(alone.success).toBe(false);
    expect(alone.error!.issues[0]!.message).toBe('a whole view (no `base`) lacks hand');
    const changes = {
      gameId: 'g',
      version: whole.version,
      base: whole.version - 1,
      view: { hand: whole.hand },
    };
    expect(serverEventSchemas.view.safeParse(changes).success).toBe(true);
    const badChange = { ...changes, view: { hand: ['XX'] } };
    expect(serverEventSchemas.view.safeParse(badChange).success).toBe(false);
  });
});
