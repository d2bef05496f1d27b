/**
 * A sampled deal must be one the seat could really be in: from the seat's own side it
 * looks exactly like the real table (its view of the sample equals its view of the real
 * state), every card of the deck is somewhere exactly once per copy, nobody holds a suit
 * it has shown it is out of, and meld laid down is still in hand unless played.
 */
import {
  apply,
  type Card,
  createGame,
  defaultConfig,
  type GameConfig,
  type GameState,
  parseConfig,
  suitOf,
  view,
} from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../common/random.ts';
import { heuristicBot } from '../heuristic/index.ts';
import { deckOf, minus } from './cards.ts';
import { determinize } from './determinize.ts';
import { knowledgeOf } from './knowledge.ts';
import { type BotMemory, remember } from './memory.ts';

function sorted(cards: readonly Card[]): Card[] {
  return [...cards].sort();
}

/** Every card of a state: hands, buried, won, on the table, in flight, and the widow until taken up. */
function allCards(state: GameState): Card[] {
  const hand = state.hand;
  const passing = hand.passing;
  const inFlight =
    passing && !passing.done && state.config.variant === 'double-deck'
      ? state.config.cardPassing.style === 'simultaneous'
        ? [...(passing.fromBidder ?? []), ...(passing.fromPartner ?? [])]
        : []
      : [];
  return [
    ...hand.hands.flat(),
    ...hand.discards,
    ...hand.won.flat(),
    ...hand.trick.map((p) => p.card),
    ...inFlight,
    ...(hand.widowTurned ? [] : hand.widow),
  ];
}

function checkSamples(config: GameConfig, seed: string, seat: number): number {
  let state = createGame(config, seed);
  let memory: BotMemory | null = null;
  const random = seededRandom(`sample:${seed}`);
  let checked = 0;
  while (state.history.length === 0) {
    const actor = state.toAct[0]!;
    if (state.toAct.includes(seat)) {
      const seen = view(state, seat);
      memory = remember(memory, seen);
      const knowledge = knowledgeOf(seen, memory);
      const sample = determinize(seen, knowledge, random, { attempts: 24 });
      // The seat cannot tell the sample from the real table.
      expect(view(sample, seat)).toEqual(seen);
      expect(sorted(allCards(sample))).toEqual(sorted(allCards(state)));
      expect(sorted(allCards(state))).toEqual(sorted(deckOf(config)));
      for (let other = 0; other < state.seatCount; other++) {
        if (other === seat) continue;
        const held = sample.hand.hands[other]!;
        for (const card of held) expect(knowledge.voids[other]!.has(suitOf(card))).toBe(false);
        expect(minus(knowledge.mustHold[other]!, held)).toEqual([]);
        // What is known about the real hand holds for it too (the inference is sound).
        for (const card of state.hand.hands[other]!)
          expect(knowledge.voids[other]!.has(suitOf(card))).toBe(false);
        expect(minus(knowledge.mustHold[other]!, state.hand.hands[other]!)).toEqual([]);
      }
      checked++;
    }
    const result = apply(
      state,
      actor,
      heuristicBot.decide(view(state, actor), () => 0),
    );
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return checked;
}

describe('sampled deals agree with everything the seat knows', () => {
  for (const variant of ['auction-west', 'cutthroat', 'double-deck'] as const) {
    it(`${variant}: at every turn of each seat, over several deals`, () => {
      let checked = 0;
      for (let n = 0; n < 3; n++) {
        for (let seat = 0; seat < (variant === 'double-deck' ? 4 : 3); seat++) {
          checked += checkSamples(defaultConfig(variant), `det-${variant}-${n}`, seat);
        }
      }
      expect(checked).toBeGreaterThan(50);
    });
  }

  it('paced cutthroat and double deck: also while a finished trick waits to be gathered', () => {
    let checked = 0;
    for (const variant of ['cutthroat', 'double-deck'] as const) {
      const parsed = parseConfig({ variant, paced: true });
      if (!parsed.ok) throw new Error('config');
      for (let seat = 0; seat < 3; seat++)
        checked += checkSamples(parsed.config, `det-paced-${variant}`, seat);
    }
    expect(checked).toBeGreaterThan(50);
  });

  for (const style of ['simultaneous', 'partner-first', 'toby-thomas'] as const) {
    it(`double deck with ${style} card passing: passed cards are where they must be`, () => {
      const parsed = parseConfig({
        variant: 'double-deck',
        cardPassing: { count: 3, style, timing: 'before-trump' },
      });
      if (!parsed.ok) throw new Error('config');
      let checked = 0;
      for (let n = 0; n < 2; n++) {
        for (let seat = 0; seat < 4; seat++) checked += checkSamples(parsed.config, `det-pass-${n}`, seat);
      }
      expect(checked).toBeGreaterThan(50);
    });
  }
});
