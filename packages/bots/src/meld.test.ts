/**
 * The bots carry their own copy of the config -> meld rules mapping (the rules package
 * does not export one). Guard against drift: under random house rules, the bots' meld
 * of every hand equals the meld the engine lays down for it.
 */
import {
  apply,
  buildDeck,
  type Card,
  createGame,
  type GameState,
  legalActions,
  SUITS,
  view,
} from '@kibitz/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from './heuristic/index.ts';
import { meldOf } from './meld.ts';
import { seededRandom } from './random.ts';
import { houseRulesArbitrary } from './testing.ts';

/** Plays heuristic bots until `until` holds (or the step budget runs out). */
function playUntil(state: GameState, budget: number, until: (s: GameState) => boolean): GameState | null {
  for (let i = 0; i < budget && state.phase !== 'game-over'; i++) {
    if (until(state)) return state;
    const seat = state.toAct[0]!;
    const result = apply(state, seat, heuristicBot.decide(view(state, seat), seededRandom('meld')));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return null;
}

const PIECES: readonly (readonly Card[])[] = [
  ...SUITS.map((suit): Card[] => [`A${suit}`, `T${suit}`, `K${suit}`, `Q${suit}`, `J${suit}`]),
  ...SUITS.map((suit): Card[] => [`K${suit}`, `Q${suit}`]),
  ...(['A', 'K', 'Q', 'J'] as const).map((rank) => SUITS.map((suit): Card => `${rank}${suit}`)),
  ['QS', 'JD'],
  ...SUITS.map((suit): Card[] => [`9${suit}`]),
];

function richHand(deck: readonly Card[], size: number, random: () => number): Card[] {
  const pool = [...deck];
  const hand: Card[] = [];
  const take = (card: Card): void => {
    const index = pool.indexOf(card);
    if (index >= 0 && hand.length < size) hand.push(pool.splice(index, 1)[0]!);
  };
  while (hand.length < size * 0.8) {
    const piece = PIECES[Math.floor(random() * PIECES.length)]!;
    // Often twice: double runs, double pinochles and eight aces are the values most likely to differ.
    const times = random() < 0.5 ? 2 : 1;
    for (let t = 0; t < times; t++) for (const card of piece) take(card);
  }
  while (hand.length < size) take(pool[Math.floor(random() * pool.length)]!);
  return hand;
}

/** Plays heuristic bots until the melds of a hand are laid (or the step budget runs out). */
function firstMeldedHand(state: GameState, budget: number): GameState | null {
  for (let i = 0; i < budget && state.phase !== 'game-over'; i++) {
    if (state.phase === 'play' && state.hand.tricks.length === 0 && state.hand.trick.length === 0)
      return state;
    const seat = state.toAct[0]!;
    const result = apply(state, seat, heuristicBot.decide(view(state, seat), seededRandom('meld')));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return null;
}

describe('meldRulesFor', () => {
  it("agrees with the engine's meld under random house rules", () => {
    let compared = 0;
    fc.assert(
      fc.property(houseRulesArbitrary, fc.nat(), (config, n) => {
        const state = firstMeldedHand(createGame(config, `meld-${n}`), 400);
        if (state === null) return;
        state.hand.hands.forEach((hand, seat) => {
          expect(meldOf(hand, state.hand.trump!, config).total).toBe(state.hand.melds[seat]!.total);
          compared++;
        });
      }),
      { numRuns: 80, seed: 4242 },
    );
    expect(compared).toBeGreaterThan(150);
  });

  it('agrees on meld-rich hands (double runs, arounds, pinochles), read back from the engine', () => {
    let compared = 0;
    fc.assert(
      fc.property(houseRulesArbitrary, fc.nat(), fc.nat(), (config, n, pickSeed) => {
        const atTrump = playUntil(createGame(config, `rich-${n}`), 400, (s) => s.phase === 'trump');
        if (atTrump === null) return;
        // Hands built from meld pieces (runs, arounds, pinochles, ... often twice) and then
        // filled at random, within the deck's copies; the engine melds whatever hands the
        // state holds when trump is named.
        const random = seededRandom(`rich-${pickSeed}`);
        const deck = buildDeck(config.variant === 'double-deck' ? 'double' : 'single');
        const size = atTrump.hand.hands[0]!.length;
        const hands = atTrump.hand.hands.map(() => richHand(deck, size, random));
        const state: GameState = { ...atTrump, hand: { ...atTrump.hand, hands } };
        const bidder = state.hand.bidder!;
        const choice = legalActions(state, bidder)[0];
        if (choice?.type !== 'name-trump') return;
        const result = apply(state, bidder, choice);
        if (!result.ok) throw new Error(result.rejection.message);
        const after = result.state;
        // Card passing (or a hand ended by the 20-meld rule) comes first: nothing to compare.
        if (after.phase !== 'play' || after.hand.deal !== state.hand.deal) return;
        hands.forEach((hand, seat) => {
          expect(meldOf(hand, choice.suit, config).total).toBe(after.hand.melds[seat]!.total);
          compared++;
        });
      }),
      { numRuns: 120, seed: 777 },
    );
    expect(compared).toBeGreaterThan(150);
  });
});
