/**
 * The heuristic bot's rules of thumb, on hand-made positions (a real view from a game,
 * with the hand and trick replaced) and as properties over whole games.
 */

import { replayOrThrow } from '@kibitz/rules';
import {
  type Action,
  apply,
  type Card,
  cards,
  createGame,
  defaultConfig,
  type GameState,
  type GameView,
  legalActions,
  legalCards,
  type PlayedCard,
  pinochle,
  type Suit,
  suitOf,
  type Variant,
  view,
} from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../common/random.ts';
import { choosePass } from './bot.ts';
import { heuristicBot } from './heuristic/index.ts';
import { playGame } from './play-game.ts';
import { randomBot } from './random-bot.ts';

/** Plays heuristic bots until `until` holds, then returns the state. */
function stateWhere(variant: Variant, seed: string, until: (state: GameState) => boolean): GameState {
  let state = createGame(defaultConfig(variant), seed);
  while (!until(state)) {
    const seat = state.toAct[0]!;
    const result = apply(state, seat, heuristicBot.decide(view(state, seat), seededRandom('t')));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

/** A play-phase view of `seat` with the given hand, trick and trump (prompt made consistent). */
function playView(variant: Variant, hand: Card[], trick: PlayedCard[], trump: Suit, seat: number): GameView {
  const state = stateWhere(variant, 'play-view', (s) => s.phase === 'play');
  const base = view(state, state.toAct[0]!);
  const rule = base.config.trickRule;
  return {
    ...base,
    viewer: seat,
    hand,
    trick,
    trump,
    bidder: (seat + 1) % base.seatCount,
    prompt: { kind: 'play', cards: legalCards(hand, trick, trump, rule), canConcede: false },
  };
}

const decide = (v: GameView): Action => heuristicBot.decide(v, seededRandom('unit'));

describe('heuristic card play', () => {
  it('last to play, it wins with the cheapest card that takes the trick', () => {
    const trick = [
      { seat: 1, card: 'QS' as Card },
      { seat: 2, card: 'JS' as Card },
    ];
    expect(decide(playView('cutthroat', cards('AS TS KS 9H'), trick, 'H', 0))).toEqual({
      type: 'play',
      card: 'KS',
    });
  });

  it('when it cannot win, it throws its cheapest card', () => {
    const trick = [
      { seat: 1, card: 'AS' as Card },
      { seat: 2, card: '9S' as Card },
    ];
    expect(decide(playView('cutthroat', cards('TS JS 9S AH'), trick, 'H', 0))).toEqual({
      type: 'play',
      card: '9S',
    });
  });

  it('void in the led suit, it trumps low rather than high', () => {
    const trick = [{ seat: 1, card: 'AS' as Card }];
    expect(decide(playView('cutthroat', cards('AH 9H QD'), trick, 'H', 2))).toEqual({
      type: 'play',
      card: '9H',
    });
  });

  it('double deck: onto a trick its partner takes with an ace, last to play, it feeds a ten', () => {
    const trick = [
      { seat: 0, card: 'QC' as Card },
      { seat: 1, card: 'AC' as Card },
      { seat: 2, card: 'JC' as Card },
    ];
    expect(decide(playView('double-deck', cards('TC KC JC QH'), trick, 'H', 3))).toEqual({
      type: 'play',
      card: 'TC',
    });
  });

  it('leads a side ace rather than a low card', () => {
    expect(decide(playView('cutthroat', cards('9S AC QD JD'), [], 'H', 0))).toEqual({
      type: 'play',
      card: 'AC',
    });
  });

  it('concedes a hopeless bid and plays a reachable one', () => {
    const state = stateWhere('cutthroat', 'concede', (s) => s.phase === 'play' && s.hand.tricks.length === 0);
    const bidder = state.hand.bidder!;
    const base = view(state, bidder);
    expect(base.prompt).toMatchObject({ kind: 'play', canConcede: true });
    expect(decide({ ...base, bid: 2000 })).toEqual({ type: 'concede' });
    expect(decide({ ...base, bid: 10 }).type).toBe('play');
  });
});

describe('heuristic auction and widow', () => {
  it('names the suit of its run and marriages', () => {
    const state = stateWhere('auction-west', 'trump', (s) => s.phase === 'trump');
    const base = view(state, state.hand.bidder!);
    const hand = cards('AH TH KH QH JH KH QH 9S 9S JC 9C QD 9D JD 9D');
    expect(decide({ ...base, hand, prompt: { kind: 'name-trump', suits: ['S', 'H', 'D', 'C'] } })).toEqual({
      type: 'name-trump',
      suit: 'H',
    });
    // Restricted to suits with a marriage (double deck), it picks among those only.
    expect(decide({ ...base, hand, prompt: { kind: 'name-trump', suits: ['D'] } })).toEqual({
      type: 'name-trump',
      suit: 'D',
    });
  });

  it('never buries trump, and never jumps in the auction (over whole games of both bots)', () => {
    for (const variant of ['auction-west', 'cutthroat', 'double-deck'] as const) {
      for (let i = 0; i < 4; i++) {
        const config = defaultConfig(variant);
        const seats = pinochle.table(config).seatCount;
        const bots = Array.from({ length: seats }, (_, s) => (s === 0 ? randomBot : heuristicBot));
        const { log } = playGame(config, `props-${variant}-${i}`, bots);
        let buried: Card[] = [];
        replayOrThrow(pinochle, config, `props-${variant}-${i}`, log, (state, _after, { seat, action }) => {
          if (action.type === 'bid') {
            const lowest = legalActions(state, seat).find((a) => a.type === 'bid');
            expect(action).toEqual(lowest);
          }
          if (action.type === 'discard' && seat !== 0) buried = action.cards;
          if (action.type === 'name-trump' && buried.length > 0) {
            expect(buried.filter((card) => suitOf(card) === action.suit)).toEqual([]);
            buried = [];
          }
        });
      }
    }
  });

  it('calls a redeal on a hopeless hand when the house rule allows it', () => {
    const state = stateWhere('cutthroat', 'redeal', (s) => s.phase === 'bidding');
    const base = view(state, state.toAct[0]!);
    const prompt = { kind: 'bid' as const, bids: [250, 260], canPass: true, canCallRedeal: true };
    expect(decide({ ...base, prompt })).toEqual({ type: 'call-redeal' });
  });

  it('passes a weak hand and bids the lowest allowed bid with a strong one', () => {
    const state = stateWhere('cutthroat', 'bids', (s) => s.phase === 'bidding');
    const base = view(state, state.toAct[0]!);
    const prompt = { kind: 'bid' as const, bids: [250, 260, 270], canPass: true, canCallRedeal: false };
    const weak = cards('9S JS 9H JH QH 9D JD 9C JC QC 9S 9H 9D 9C JC');
    const strong = cards('AH AH TH KH QH JH AS AD AC KS QS JD KH QH TS');
    expect(decide({ ...base, hand: weak, prompt })).toEqual({ type: 'pass' });
    expect(decide({ ...base, hand: strong, prompt })).toEqual({ type: 'bid', amount: 250 });
  });
});

describe('choosePass', () => {
  it('passes exactly the required cards of the requested suit, the rest from other suits', () => {
    const hand = cards('AH 9H AS KS QD JD');
    const prompt = { kind: 'pass-cards' as const, count: 3, requestedSuit: 'H' as Suit, requiredOfSuit: 2 };
    const passed = choosePass(hand, prompt, cards('AS KS AH 9H QD JD'));
    expect([...passed].sort()).toEqual(['9H', 'AH', 'AS'].sort());
    expect(() => choosePass(hand, prompt, cards('AS'))).toThrow();
  });
});
