/**
 * The conformance suite every registered game passes, for each of its forms: adding a game
 * means adding it to the registries (rules, protocol, bots) and passing this file.
 *
 * - the registries agree: every game of the rules registry has protocol schemas and bots;
 * - random games replay: the one replay (`replayLog`) of a random legal game's log ends in
 *   the state live play reached;
 * - no view holds another seat's hidden cards: every card a seat's view shows beyond the
 *   spectator's is one the seat holds or held this deal (dealt to it, or in its `hand`);
 * - the protocol's schemas parse every view (of every seat and a spectator) and every action;
 * - bots of every level play legal games: each decision (and every quick move) is accepted.
 *
 * Everything goes through the seams only (GameModule, protocolGame, botModule); the
 * per-game property tests in each game's folder go deeper.
 */
import { BOT_LEVELS, botModule } from '@kibitz/bots';
import { type AnyGameModule, allForms, GAMES, type LoggedMove, replayLog } from '@kibitz/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionSchema } from './actions.ts';
import { gameViewSchema, protocolGame } from './games/index.ts';

type Move = LoggedMove<{ type: string }>;

/** A random legal game through the module alone, for at most `limit` actions. */
function playRandomly(
  game: AnyGameModule,
  config: unknown,
  seed: string,
  picks: readonly number[],
  limit: number,
) {
  const states = [game.create(config, seed)];
  const log: Move[] = [];
  for (let i = 0; i < limit && game.phase(states.at(-1)) !== 'game-over'; i++) {
    const state = states.at(-1);
    const toAct = game.toAct(state);
    const pick = picks[i % picks.length]!;
    const seat = toAct[pick % toAct.length]!;
    const actions = game.legalActions(state, seat);
    const action = actions[pick % actions.length]!;
    const result = game.apply(state, seat, action);
    if (!result.ok) throw new Error(`a listed action was refused: ${result.rejection.message}`);
    states.push(result.state);
    log.push({ seat, action });
  }
  return { states, log };
}

/** The card names a view mentions, anywhere in it (cards are the only strings from the deck). */
function cardsIn(value: unknown, deck: ReadonlySet<string>, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (deck.has(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) cardsIn(item, deck, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) cardsIn(item, deck, into);
  }
  return into;
}

/** A seat's own cards in its view (`hand`: the convention every game's view follows). */
function handIn(view: unknown): readonly string[] {
  const hand = (view as { hand?: unknown }).hand;
  return Array.isArray(hand) ? hand.filter((card): card is string => typeof card === 'string') : [];
}

/**
 * Walks a played game deal by deal, and checks that what each seat sees beyond the
 * spectator is its own: cards dealt to it, or cards its `hand` showed it earlier this deal
 * (a widow taken up, cards passed to it).
 */
function expectNoHiddenCards(game: AnyGameModule, states: readonly unknown[]): number {
  let checked = 0;
  let dealNumber = -1;
  let deck = new Set<string>();
  let known: Set<string>[] = [];
  for (const state of states) {
    const seats = game.table(gameConfigOf(game, state)).seatCount;
    const deal = game.deal(state);
    if (deal.number !== dealNumber) {
      dealNumber = deal.number;
      const dealt = game.cardsOnDeal(state);
      deck = new Set([...dealt.hands.flat(), ...dealt.aside]);
      known = Array.from({ length: seats }, (_, seat) => new Set(dealt.hands[seat] ?? []));
    }
    const open = cardsIn(game.view(state, 'spectator'), deck);
    for (let seat = 0; seat < seats; seat++) {
      const view = game.view(state, seat);
      for (const card of handIn(view)) known[seat]!.add(card);
      const leaked = [...cardsIn(view, deck)].filter((card) => !open.has(card) && !known[seat]!.has(card));
      expect(leaked, `seat ${seat}, deal ${deal.number}, ${game.phase(state)}`).toEqual([]);
      checked++;
    }
  }
  return checked;
}

/** The config a state was created with: the suite keeps it beside the states instead. */
const CONFIGS = new WeakMap<object, unknown>();
function gameConfigOf(_game: AnyGameModule, state: unknown): unknown {
  return CONFIGS.get(state as object);
}

describe('the registries', () => {
  it('give every game of the rules registry its protocol schemas and its bots', () => {
    for (const game of GAMES) {
      expect(protocolGame(game.id)?.id, game.id).toBe(game.id);
      expect(botModule(game.id)?.id, game.id).toBe(game.id);
      expect(botModule(game.id)?.rules, game.id).toBe(game);
    }
  });
});

describe('the hidden-cards check', () => {
  it.each(GAMES.map((game): [string, AnyGameModule] => [game.id, game]))(
    'fails a %s view that shows the other hands (so it can fail)',
    (_id, game) => {
      // A seat's view that also shows every hand (the spectator's stays as it is).
      const leaky: AnyGameModule = {
        ...game,
        view: (state, viewer) =>
          viewer === 'spectator'
            ? game.view(state, viewer)
            : { ...(game.view(state, viewer) as object), peek: game.cardsOnDeal(state).hands },
      };
      const config = game.defaultConfig();
      const state = game.create(config, 'leak');
      CONFIGS.set(state as object, config);
      expect(() => expectNoHiddenCards(leaky, [state])).toThrow();
      expect(expectNoHiddenCards(game, [state])).toBeGreaterThan(0);
    },
  );
});

describe.each(allForms().map(({ game, form }) => [form.id, game, form.id] as const))(
  'conformance: %s',
  (_name, game, formId) => {
    const config = game.defaultConfig(formId);
    const schemas = protocolGame(game.id)!;
    const bots = botModule(game.id)!;
    const picks = fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 });
    const seeds = fc.string({ minLength: 1, maxLength: 12 });

    function played(seed: string, choices: readonly number[], limit: number) {
      const run = playRandomly(game, config, seed, choices, limit);
      for (const state of run.states) CONFIGS.set(state as object, config);
      return run;
    }

    it('replays a random game from its log to the state live play reached', () => {
      fc.assert(
        fc.property(seeds, picks, (seed, choices) => {
          const { states, log } = played(seed, choices, 250);
          const replayed = replayLog(game, config, seed, log);
          expect(replayed.ok).toBe(true);
          expect(replayed.state).toEqual(states.at(-1));
        }),
        { numRuns: 8 },
      );
    });

    it("never shows a seat another seat's hidden cards", () => {
      fc.assert(
        fc.property(seeds, picks, (seed, choices) => {
          const { states } = played(seed, choices, 250);
          expect(expectNoHiddenCards(game, states)).toBeGreaterThan(0);
        }),
        { numRuns: 5 },
      );
    });

    it("parses every view and every action with the game's protocol schemas", () => {
      fc.assert(
        fc.property(seeds, picks, (seed, choices) => {
          const { states, log } = played(seed, choices, 150);
          const seats = game.table(config).seatCount;
          for (const state of states) {
            for (const viewer of [...Array(seats).keys(), 'spectator' as const]) {
              const view = game.view(state, viewer);
              expect(schemas.viewSchema.parse(view)).toEqual(view);
              expect(gameViewSchema.safeParse(view).success).toBe(true);
            }
            // Every kind of listed action (an auction lists a bid per amount: the first and last do).
            for (const seat of game.toAct(state)) {
              const listed = game.legalActions(state, seat);
              for (const action of [listed[0], listed.at(-1)]) {
                if (action !== undefined) expect(schemas.actionSchema.parse(action)).toEqual(action);
              }
            }
          }
          for (const { action } of log) expect(actionSchema.safeParse(action).success).toBe(true);
        }),
        { numRuns: 2 },
      );
    });

    // The level's bot answers every 10th turn (and plays it), the quick move the others:
    // a few dozen decisions reach every phase of a hand, and the search stays short.
    it.each(BOT_LEVELS)('has bots of level %s that play legal games', (level) => {
      let state = game.create(config, `conformance:${formId}:${level}`);
      const memories = new Map<number, unknown>();
      let decided = 0;
      const phases = new Set<string>();
      for (let turn = 0; turn < 300 && game.phase(state) !== 'game-over'; turn++) {
        const seat = game.toAct(state)[0]!;
        const view = game.view(state, seat);
        const before = memories.get(seat) ?? null;
        memories.set(seat, bots.remember(before, view));
        const quick = bots.quickMove(state, seat);
        expect(game.apply(state, seat, quick).ok).toBe(true);
        let action = quick;
        if (turn % 10 === 0) {
          // Legality holds at any budget: a short clock keeps the suite to seconds.
          const budget = { deals: 2, maxMs: 15 };
          action = bots.decide({ view, memory: before, level, seed: `${turn}`, budget }).action;
          decided++;
          phases.add(game.phase(state));
        }
        const result = game.apply(state, seat, action);
        expect(result.ok, JSON.stringify(action)).toBe(true);
        if (result.ok) state = result.state;
      }
      expect(decided).toBeGreaterThan(10);
      expect(phases.size).toBeGreaterThan(1);
    });
  },
);
