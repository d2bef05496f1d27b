import { describe, expect, it } from 'vitest';
import { cards } from './cards.ts';
import { apply, legalActions } from './engine.ts';
import type { Action, GameState } from './state.ts';
import { config, gameWithHands, play } from './test-support.ts';
import { view } from './view.ts';

const bid = (amount: number): Action => ({ type: 'bid', amount });
const pass: Action = { type: 'pass' };
const sorted = (list: readonly string[]) => [...list].sort();

// Seat 1 holds Anna's cards from [003]; the widow adds no meld.
const ANNA = 'AC TC KC QC JC QS JD AS AH AD 9S 9H 9D TS TH';
const SEAT2 = 'KS KS KH KD QH QD QD JH JS 9C 9C AC TD JC 9H';
const SEAT0 = 'AS AH AD TS TH TD TC KC KH KD QC QH QS JS JD';

function cutthroatAfterAuction(): GameState {
  const start = gameWithHands(config('cutthroat'), [SEAT0, ANNA, SEAT2], { widow: 'TD TC 9S', dealer: 0 });
  return play(start, [
    [1, bid(350)],
    [2, pass],
    [0, pass],
  ]);
}

describe('widow, discard and trump [003] "Witwe und Trumpf"', () => {
  it('"Der Bieter deckt die 3 Karten der Witwe für alle sichtbar auf und nimmt sie auf die Hand (18 Karten)"', () => {
    const state = cutthroatAfterAuction();
    expect(state.phase).toBe('discard');
    expect(view(state, 'spectator').widow).toEqual(cards('TD TC 9S'));
    expect(view(state, 2).widow).toEqual(cards('TD TC 9S'));
    expect(view(state, 1).hand).toHaveLength(18);
    expect(view(state, 'spectator').handCounts).toEqual([15, 18, 15]);
  });

  it('the widow is hidden before it is turned', () => {
    const start = gameWithHands(config('cutthroat'), [SEAT0, ANNA, SEAT2], { widow: 'TD TC 9S', dealer: 0 });
    expect(view(start, 'spectator').widow).toBeNull();
    expect(view(start, 1).widow).toBeNull();
    expect(view(start, 1).widowCount).toBe(3);
  });

  it('"Er drückt 3 beliebige Karten verdeckt": exactly three of his own cards, seen only by him', () => {
    const state = cutthroatAfterAuction();
    const refuse = (action: Action) => {
      const result = apply(state, 1, action);
      return result.ok ? null : result.rejection.code;
    };
    expect(refuse({ type: 'discard', cards: cards('9S 9H') })).toBe('wrong-card-count');
    expect(refuse({ type: 'discard', cards: cards('KH QH 9S') })).toBe('card-not-in-hand');
    expect(refuse({ type: 'discard', cards: ['XX', '9H', '9D'] as never })).toBe('malformed-action');
    const after = play(state, [[1, { type: 'discard', cards: cards('9S 9H 9D') }]]);
    expect(after.phase).toBe('trump');
    expect(view(after, 1).discards).toEqual(cards('9S 9H 9D'));
    expect(view(after, 2).discards).toBeNull();
    expect(view(after, 'spectator').discards).toBeNull();
    expect(view(after, 'spectator').discardCount).toBe(3);
  });

  it('Anna\'s meld is laid out for all: "Zusammen: 290" [003]; the bidder leads or concedes', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
    ]);
    expect(state.phase).toBe('play');
    expect(state.toAct).toEqual([1]);
    const spectator = view(state, 'spectator');
    expect(spectator.melds[1]?.total).toBe(290);
    expect(spectator.trump).toBe('C');
    expect(legalActions(state, 1)).toContainEqual({ type: 'concede' });
    expect(legalActions(state, 2)).toEqual([]);
  });

  it('"Aufgeben ... Das Gebot wird ihm einmal abgezogen, die beiden anderen schreiben ihre Meldung an"', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
    ]);
    const meld = state.hand.melds.map((m) => m?.total ?? 0);
    const after = play(state, [[1, { type: 'concede' }]]);
    const result = after.history.at(-1)!;
    expect(result.outcome).toBe('conceded');
    expect(after.scores).toEqual([meld[0], -350, meld[2]]);
    expect(after.hand.deal).toBe(1);
    expect(after.hand.dealer).toBe(1);
  });

  it('no concession once a card is played, and only the bidder may concede', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
      [1, { type: 'play', card: 'AS' }],
    ]);
    const result = apply(state, 2, { type: 'concede' });
    expect(result.ok ? null : result.rejection.code).toBe('cannot-concede');
  });

  it('a played trick follows the rules and goes to its winner, who leads next', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
      [1, { type: 'play', card: 'QS' }],
    ]);
    // Seat 2 holds KS KS: must follow and beat.
    expect(legalActions(state, 2)).toEqual([{ type: 'play', card: 'KS' }]);
    const refused = apply(state, 2, { type: 'play', card: '9C' });
    expect(refused.ok ? null : refused.rejection.code).toBe('illegal-card');
    const after = play(state, [
      [2, { type: 'play', card: 'KS' }],
      [0, { type: 'play', card: 'AS' }],
    ]);
    expect(after.hand.tricks).toHaveLength(1);
    expect(after.hand.tricks[0]!.winner).toBe(0);
    expect(after.toAct).toEqual([0]);
    expect(view(after, 'spectator').lastTrick?.cards.map((p) => p.card)).toEqual(['QS', 'KS', 'AS']);
  });
});

describe('double deck trump and marriage [004] "Trumpfansage und Meldungen"', () => {
  const NO_MARRIAGE = 'AS AS AS AS TS TS TS TS JS JS AH AH TH TH JH JD JD AC TC JC';
  const HEARTS_MARRIAGE = 'AS AS AS AS TS TS TS TS JS JS AH KH QH TH JH JD JD AC TC JC';
  const OTHER = 'KS KS QS QS KD KD QD QD KC KC QC QC AD AD TD TD JC JC JH JH';
  const start = (bidderHand: string, options: Record<string, unknown> = {}) =>
    play(gameWithHands(config('double-deck', options), [bidderHand, OTHER, OTHER, OTHER], { dealer: 3 }), [
      [0, bid(50)],
      [1, pass],
      [2, pass],
      [3, pass],
    ]);

  it('"Es muss eine Farbe sein, in der er mindestens eine Hochzeit hat"', () => {
    const state = start(HEARTS_MARRIAGE);
    expect(legalActions(state, 0)).toEqual([{ type: 'name-trump', suit: 'H' }]);
    const refused = apply(state, 0, { type: 'name-trump', suit: 'S' });
    expect(refused.ok ? null : refused.rejection.code).toBe('trump-needs-marriage');
  });

  it('"Wenn er keine Hochzeit hat, wird die Hand nicht gespielt ... verliert ... die Punktzahl seiner Reizung"', () => {
    const state = start(NO_MARRIAGE);
    expect(legalActions(state, 0)).toHaveLength(4);
    const after = play(state, [[0, { type: 'name-trump', suit: 'S' }]]);
    expect(after.history.at(-1)?.outcome).toBe('no-marriage');
    expect(after.scores).toEqual([-50, 0]);
  });

  it('"Manchmal wird überhaupt keine Trumpfhochzeit gefordert"', () => {
    const state = start(NO_MARRIAGE, { trumpNeedsMarriage: 'not-required' });
    const after = play(state, [[0, { type: 'name-trump', suit: 'S' }]]);
    expect(after.phase).toBe('play');
  });

  it('the team melds add up: "Die Partner eines Teams addieren den Wert ihrer Meldungen"', () => {
    const after = play(start(HEARTS_MARRIAGE), [[0, { type: 'name-trump', suit: 'H' }]]);
    const melds = view(after, 'spectator').melds.map((m) => m!.total);
    expect(melds[1]).toBe(melds[3]);
    expect(melds[1]).toBeGreaterThan(0);
  });
});

describe('double deck card passing [004] "Kartentausch"', () => {
  const BIDDER = 'AS AS AS AS TS TS TS TS JS JS AH KH QH TH JH JD JD AC TC JC';
  const OPPONENT = 'KS KS QS QS KD KD QD QD KC KC QC QC AD AD TD TD JC JC JH JH';
  const PARTNER = OPPONENT;
  const auction = (options: Record<string, unknown>) =>
    play(
      gameWithHands(config('double-deck', options), [BIDDER, OPPONENT, PARTNER, OPPONENT], { dealer: 3 }),
      [
        [0, bid(50)],
        [1, pass],
        [2, pass],
        [3, pass],
      ],
    );

  it('"müssen sich gegenseitig gleichzeitig drei Karten verdeckt geben ... nicht erlaubt, die zugeschobenen Karten anzusehen"', () => {
    const named = play(auction({ cardPassing: { count: 3, style: 'simultaneous', timing: 'after-trump' } }), [
      [0, { type: 'name-trump', suit: 'H' }],
    ]);
    expect(named.phase).toBe('passing');
    expect(sorted(named.toAct.map(String))).toEqual(['0', '2']);
    const half = play(named, [[0, { type: 'pass-cards', cards: cards('JS JS JD') }]]);
    expect(half.toAct).toEqual([2]);
    expect(view(half, 2).passing).toMatchObject({ bidderHasPassed: true, received: null });
    expect(JSON.stringify(view(half, 2))).not.toContain('"gave":["JS"');
    const done = play(half, [[2, { type: 'pass-cards', cards: cards('AD AD TD') }]]);
    expect(done.phase).toBe('play');
    expect(done.hand.hands[0]).toHaveLength(20);
    expect(done.hand.hands[0]).toEqual(expect.arrayContaining(cards('AD AD TD')));
    expect(view(done, 0).passing?.received).toEqual(cards('AD AD TD'));
    expect(view(done, 1).passing?.received).toBeNull();
  });

  it('"Manchmal gibt der Partner des Spielmachers diesem als erster seine Tauschkarten"', () => {
    const named = play(
      auction({ cardPassing: { count: 2, style: 'partner-first', timing: 'after-trump' } }),
      [[0, { type: 'name-trump', suit: 'H' }]],
    );
    expect(named.toAct).toEqual([2]);
    const given = play(named, [[2, { type: 'pass-cards', cards: cards('AD AD') }]]);
    expect(given.toAct).toEqual([0]);
    expect(view(given, 0).hand).toHaveLength(22);
    // "dabei ist es möglich, dass einige Karten dabei sind, die er gerade bekommen hat"
    const back = play(given, [[0, { type: 'pass-cards', cards: cards('AD JS') }]]);
    expect(back.phase).toBe('play');
    expect(back.hand.hands[2]).toEqual(expect.arrayContaining(cards('AD JS')));
  });

  it('Toby Thomas: "sein Partner muss ihm drei Karten dieser Farbe geben, wenn er sie hat"', () => {
    const state = auction({ cardPassing: { count: 3, style: 'toby-thomas', timing: 'before-trump' } });
    expect(state.phase).toBe('passing');
    expect(legalActions(state, 0).map((a) => a.type)).toEqual([
      'request-suit',
      'request-suit',
      'request-suit',
      'request-suit',
    ]);
    const requested = play(state, [[0, { type: 'request-suit', suit: 'H' }]]);
    expect(requested.toAct).toEqual([2]);
    // The partner holds two hearts: both must go, plus one card of his choice.
    const refused = apply(requested, 2, { type: 'pass-cards', cards: cards('JH AD AD') });
    expect(refused.ok ? null : refused.rejection.code).toBe('must-pass-requested-suit');
    const choices = legalActions(requested, 2);
    for (const choice of choices) {
      expect(choice.type === 'pass-cards' && choice.cards.filter((c) => c === 'JH').length).toBe(2);
    }
    const back = play(requested, [
      [2, { type: 'pass-cards', cards: cards('JH JH AD') }],
      [0, { type: 'pass-cards', cards: cards('JS JS TS') }],
    ]);
    expect(back.phase).toBe('trump');
  });
});
