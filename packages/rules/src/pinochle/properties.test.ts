/**
 * Invariants over many random games of every variant under random house rules:
 * cards are conserved, apply accepts exactly what legalActions lists, every game ends,
 * replay reproduces the game, and no view depends on anything its viewer may not see.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, shuffle } from '../common/random.ts';
import { houseRulesArbitrary as configArb } from '../testing/arbitraries.ts';
import { buildDeck, type Card, SUITS } from './cards.ts';
import { type GameConfig, parseConfig } from './config.ts';
import { apply, createGame, legalActions } from './engine.ts';
import { evaluateMeld } from './meld/index.ts';
import { type LoggedAction, replay } from './replay.ts';
import type { Action, GameState, Seat } from './state.ts';
import { variantOf } from './variants/index.ts';
import { view } from './view.ts';

/** Best meld the hand would hold in any trump: what a player bids on. */
function bestMeld(state: GameState, seat: Seat): number {
  const rules = variantOf(state.config).meldRules(state.config);
  return Math.max(...SUITS.map((suit) => evaluateMeld(state.hand.hands[seat]!, suit, rules).total));
}

/**
 * A random player that bids only the lowest amount and only on a hand whose meld makes the
 * bid plausible (random bidding drives every score down forever: a bidder who is set loses
 * the bid, so nobody ever reaches the target). Everything else is uniformly random.
 */
function chooseAction(state: GameState, random: () => number): { seat: Seat; action: Action } {
  const seat = state.toAct[Math.floor(random() * state.toAct.length)]!;
  const actions = legalActions(state, seat);
  const bids = actions.filter((a) => a.type === 'bid');
  const others = actions.filter((a) => a.type !== 'bid');
  if (bids.length > 0) {
    const lowest = bids[0]!;
    const tricks = state.config.variant === 'double-deck' ? 20 : 100;
    const plausible = lowest.type === 'bid' && bestMeld(state, seat) + tricks >= lowest.amount;
    if (others.length === 0 || (plausible && random() < 0.8)) return { seat, action: lowest };
  }
  // Concede rarely, so most hands are played out.
  const playable = others.length > 1 ? others.filter((a) => a.type !== 'concede' || random() < 0.1) : others;
  return { seat, action: playable[Math.floor(random() * playable.length)]! };
}

interface PlayOptions {
  /** Stop after this many actions even if the game goes on (random players can drift below zero forever). */
  maxActions?: number;
  onState?: (state: GameState) => void;
}

function playRandomGame(config: GameConfig, seed: string, options: PlayOptions = {}) {
  const { maxActions = 1500, onState } = options;
  const random = createRandom(`players:${seed}`);
  let state = createGame(config, seed);
  const log: LoggedAction[] = [];
  onState?.(state);
  while (state.phase !== 'game-over' && log.length < maxActions) {
    const { seat, action } = chooseAction(state, random);
    const result = apply(state, seat, action);
    if (!result.ok)
      throw new Error(`legal action refused: ${JSON.stringify(action)} ${result.rejection.message}`);
    state = result.state;
    log.push({ seat, action });
    onState?.(state);
  }
  return { state, log };
}

function multiset(list: readonly Card[]): string {
  return [...list].sort().join(' ');
}

/** Every card of the deck is in exactly one place. */
function cardsInPlay(state: GameState): Card[] {
  const hand = state.hand;
  const passing = hand.passing;
  const simultaneous =
    passing !== null &&
    !passing.done &&
    state.config.variant === 'double-deck' &&
    state.config.cardPassing.style === 'simultaneous';
  return [
    ...hand.hands.flat(),
    ...(hand.widowTurned ? [] : hand.widow),
    ...hand.discards,
    ...hand.trick.map((played) => played.card),
    ...hand.won.flat(),
    ...(simultaneous ? [...(passing.fromBidder ?? []), ...(passing.fromPartner ?? [])] : []),
  ];
}

const key = (action: Action): string =>
  JSON.stringify('cards' in action ? { ...action, cards: [...action.cards].sort() } : action);

/** Candidate actions around the legal ones: wrong amounts, cards not held, wrong counts. */
function candidates(state: GameState, random: () => number): Action[] {
  const deck = [...new Set(buildDeck(state.config.variant === 'double-deck' ? 'double' : 'single'))];
  const some = (n: number) => shuffle(deck, random).slice(0, n);
  const list: Action[] = [
    { type: 'pass' },
    { type: 'concede' },
    { type: 'call-redeal' },
    { type: 'gather' },
    { type: 'continue' },
    ...[0, 10, 49, 50, 51, 55, 60, 62, 65, 250, 255, 260, 300, 1990, 2000, 5000].map(
      (amount): Action => ({ type: 'bid', amount }),
    ),
    ...SUITS.map((suit): Action => ({ type: 'name-trump', suit })),
    ...SUITS.map((suit): Action => ({ type: 'request-suit', suit })),
    ...some(6).map((card): Action => ({ type: 'play', card })),
    { type: 'discard', cards: some(3) },
    { type: 'discard', cards: some(2) },
    { type: 'pass-cards', cards: some(3) },
    { type: 'pass-cards', cards: some(1) },
  ];
  for (const seat of state.toAct) {
    const hand = state.hand.hands[seat]!;
    list.push(
      { type: 'discard', cards: shuffle(hand, random).slice(0, 3) },
      { type: 'pass-cards', cards: shuffle(hand, random).slice(0, 3) },
      { type: 'pass-cards', cards: shuffle(hand, random).slice(0, 2) },
      ...hand.slice(0, 5).map((card): Action => ({ type: 'play', card })),
    );
  }
  return list;
}

describe('random games of every variant under random house rules', () => {
  it('conserve every card at every step, keep the score sheet consistent, and replay exactly, with or without the gathers and continues', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const full = multiset(buildDeck(config.variant === 'double-deck' ? 'double' : 'single'));
        const { state, log } = playRandomGame(config, seed, {
          onState: (s) => expect(multiset(cardsInPlay(s))).toBe(full),
        });
        expect(replay(config, seed, log)).toEqual({ ok: true, state });
        // As the table logs it: no gathers (but the one that ends the game) and no continues.
        // What they imply is made only before a next logged move, so this compares logs that
        // do not end in a gather or continue (or end in the game's last gather).
        const paced = (move: LoggedAction) =>
          move.action.type === 'gather' || move.action.type === 'continue';
        const last = log.at(-1);
        const endsGame = state.phase === 'game-over' && last?.action.type === 'gather';
        const thin = log.filter((move) => !paced(move) || (endsGame && move === last));
        if (last !== undefined && (!paced(last) || endsGame)) {
          expect(replay(config, seed, thin)).toEqual({ ok: true, state });
        }
        const sums = state.scores.map((_, side) => state.history.reduce((sum, h) => sum + h.delta[side]!, 0));
        expect(sums).toEqual(state.scores);
        if (state.result) expect(state.result.winners).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  });

  it('end after the agreed number of rounds: "eine bestimmte Zahl von Spielrunden" [000]', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.integer({ min: 1, max: 3 }),
        fc.string({ maxLength: 8 }),
        (base, rounds, seed) => {
          if (base.variant === 'double-deck') return;
          const config = { ...base, target: { kind: 'rounds' as const, rounds } };
          const { state } = playRandomGame(config, seed, { maxActions: 100_000 });
          expect(state.phase).toBe('game-over');
          // Ties for first place play on hand by hand; otherwise exactly rounds x 3 deals.
          expect(state.history.length).toBeGreaterThanOrEqual(rounds * 3);
          if (state.history.length > rounds * 3) {
            const before = state.history
              .slice(0, rounds * 3)
              .reduce((acc, h) => acc.map((v, i) => v + h.delta[i]!), [0, 0, 0]);
            expect(before.filter((v) => v === Math.max(...before)).length).toBeGreaterThan(1);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  /*
   * With a score target and no floor, a game ends only if someone gets there: players who
   * keep bidding and being set sink forever (the sheets have no other end), which random
   * card play does in Cutthroat. So termination is checked where the rules guarantee it:
   * with [000]'s negative floor, and in double deck, where the bidding team scores meld and
   * tricks when it makes the bid. Competent players end every game: see packages/bots.
   */
  it('end at the target or the negative floor: "dass die Partie endet wenn ein Spieler einen bestimmten negativen Punktestand erreicht" [000]', () => {
    const targets = fc.oneof(
      fc
        .record({
          variant: fc.constantFrom('auction-west', 'cutthroat'),
          points: fc.constantFrom(1000, 1500, 2000),
        })
        .map(({ variant, points }) => ({ variant, target: { kind: 'score', points }, negativeFloor: -1000 })),
      fc.constant({ variant: 'double-deck' }),
    );
    fc.assert(
      fc.property(targets, fc.string({ maxLength: 8 }), (input, seed) => {
        const config = parseConfigOrThrow(input);
        const { state } = playRandomGame(config, seed, { maxActions: 100_000 });
        expect(state.phase).toBe('game-over');
        expect(state.result?.winners).toHaveLength(1);
      }),
      { numRuns: 30 },
    );
  });

  it('apply accepts exactly the actions legalActions lists, and a refusal changes nothing', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const random = createRandom(`probe:${seed}`);
        let checked = 0;
        const onState = (state: GameState) => {
          if (state.phase === 'game-over' || random() > 0.1 || checked > 25) return;
          checked++;
          const before = JSON.stringify(state);
          for (let seat = 0; seat < state.seatCount; seat++) {
            const legal = legalActions(state, seat);
            const legalKeys = new Set(legal.map(key));
            for (const action of legal) expect(apply(state, seat, action).ok).toBe(true);
            for (const action of candidates(state, random)) {
              const result = apply(state, seat, action);
              expect(result.ok, `${JSON.stringify(action)} by seat ${seat}`).toBe(legalKeys.has(key(action)));
            }
          }
          expect(JSON.stringify(state)).toBe(before);
        };
        playRandomGame(config, seed, { maxActions: 600, onState });
      }),
      { numRuns: 20 },
    );
  });

  it('apply never throws on malformed input and refuses it', () => {
    const state = createGame(parseConfigOrThrow({ variant: 'cutthroat' }), 'malformed');
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (seat, action) => {
        const result = apply(state, seat as number, action as Action);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
    const seat = state.toAct[0]!;
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.constantFrom('bid', 'play', 'discard', 'name-trump', 'pass-cards'),
            amount: fc.anything(),
            card: fc.anything(),
            cards: fc.anything(),
            suit: fc.anything(),
          },
          { requiredKeys: ['type'] },
        ),
        (action) => {
          const result = apply(state, seat, action as Action);
          if (result.ok) expect(action.type).toBe('bid');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

function parseConfigOrThrow(input: unknown): GameConfig {
  const parsed = parseConfig(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

/**
 * Replaces everything `viewer` may not see with other cards: other seats' hands, the widow
 * until it is turned, the bidder's discards, passed cards still in flight, and the seeds.
 * A view that depends on none of it is identical for both states.
 */
function scrambleHidden(state: GameState, viewer: Seat | 'spectator', random: () => number): GameState {
  const hand = state.hand;
  const own = (seat: Seat) => viewer !== 'spectator' && seat === viewer;
  const hidden: Card[] = [];
  hand.hands.forEach((cards, seat) => {
    if (!own(seat)) hidden.push(...cards);
  });
  if (!hand.widowTurned) hidden.push(...hand.widow);
  const seesDiscards = viewer !== 'spectator' && viewer === hand.bidder;
  if (!seesDiscards) hidden.push(...hand.discards);
  const pool = shuffle(hidden, random);
  const take = (n: number) => pool.splice(0, n);
  const hands = hand.hands.map((cards, seat) => (own(seat) ? cards : take(cards.length)));
  const widow = hand.widowTurned ? hand.widow : take(hand.widow.length);
  const discards = seesDiscards ? hand.discards : take(hand.discards.length);
  return { ...state, seed: 'scrambled', hand: { ...hand, hands, widow, discards, seed: 'scrambled' } };
}

describe('no view leaks a hidden card', () => {
  it('a seat sees its own hand, and its view does not change when hidden cards are swapped around', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const random = createRandom(`leak:${seed}`);
        const onState = (state: GameState) => {
          if (random() > 0.2) return;
          // Simultaneous passing holds cards in flight that neither side may see yet: not scrambled
          // here, and covered by the passing tests.
          const viewers: (Seat | 'spectator')[] = [
            'spectator',
            ...Array.from({ length: state.seatCount }, (_, s) => s),
          ];
          for (const viewer of viewers) {
            const seen = view(state, viewer);
            if (viewer === 'spectator') expect(seen.hand).toBeNull();
            else expect(seen.hand).toEqual(state.hand.hands[viewer]);
            expect(view(scrambleHidden(state, viewer, random), viewer)).toEqual(seen);
          }
        };
        playRandomGame(config, seed, { maxActions: 800, onState });
      }),
      { numRuns: 25 },
    );
  });

  it('a spectator view holds no card that is not on the table for all to see', () => {
    fc.assert(
      fc.property(configArb, fc.string({ minLength: 1, maxLength: 12 }), (config, seed) => {
        const random = createRandom(`spectator:${seed}`);
        const onState = (state: GameState) => {
          if (random() > 0.3) return;
          const hand = state.hand;
          const publicCards = new Set<string>([
            ...(hand.widowTurned ? hand.widow : []),
            ...hand.melds.flatMap((m) => m?.shownCards ?? []),
            ...hand.melds.flatMap((m) => m?.items.flatMap((item) => item.cards) ?? []),
            ...hand.trick.map((p) => p.card),
            ...hand.tricks.flatMap((t) => t.cards.map((p) => p.card)),
          ]);
          const json = JSON.stringify(view(state, 'spectator'));
          for (const match of json.matchAll(/"([ATKQJ9][SHDC])"/g)) {
            expect(publicCards.has(match[1]!), `spectator sees ${match[1]}`).toBe(true);
          }
        };
        playRandomGame(config, seed, { maxActions: 800, onState });
      }),
      { numRuns: 25 },
    );
  });
});
