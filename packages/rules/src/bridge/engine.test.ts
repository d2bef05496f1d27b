import { describe, expect, it } from 'vitest';
import { applyBridge, legalBridgeActions } from './engine.ts';
import type { BridgeState } from './state.ts';
import {
  bid,
  bridgeConfig,
  gameWithDealer,
  pass,
  playCard,
  playOut,
  refusal,
  run,
  withHands,
} from './test-support.ts';
import { bridgeView } from './view.ts';

/** Seat 0 holds every spade, 1 every heart, 2 every diamond, 3 every club. */
const SUITED = [
  'AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S',
  'AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H',
  'AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D',
  'AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C',
];

/** Seat 0 declares one spade; seat 1 is to lead. */
function oneSpade(options: Record<string, unknown> = {}): BridgeState {
  return run(withHands(gameWithDealer(bridgeConfig(options), 0), SUITED), [
    [0, bid(1, 'S')],
    [1, pass],
    [2, pass],
    [3, pass],
  ]);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('The dummy [002] "Spielablauf"', () => {
  it('"Unmittelbar nach der Eröffnung legt die Blind-Person ihr gesamtes Blatt offen": not a moment before', () => {
    const state = oneSpade();
    expect(state.hand.contract).toMatchObject({ declarer: 0, dummyHand: 2 });
    for (const viewer of [0, 1, 3, 'spectator'] as const) expect(bridgeView(state, viewer).dummy).toBeNull();
    // The dummy's own player still sees their own cards.
    expect(bridgeView(state, 2).hand).toHaveLength(13);
    const led = run(state, [[1, playCard('AH')]]);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      expect(bridgeView(led, viewer).dummy).toEqual(led.hand.hands[2]);
    }
  });

  it('"Die alleinspielende Person spielt für den Rest des Blattes sowohl die eigenen Karten als auch die des Blinds"', () => {
    const led = run(oneSpade(), [[1, playCard('AH')]]);
    expect(led.hand.turn).toBe(2);
    expect(led.toAct).toEqual([0]);
    // The dummy's player does not act: "sie nimmt danach nicht mehr aktiv teil".
    expect(refusal(led, 2, playCard('2D'))).toBe('not-your-turn');
    expect(legalBridgeActions(led, 2)).toEqual([]);
    // The declarer plays from the dummy now, not from their own hand.
    expect(refusal(led, 0, playCard('2S'))).toBe('card-not-in-hand');
    expect(legalBridgeActions(led, 0)).toHaveLength(13);
    expect(bridgeView(led, 0).prompt).toMatchObject({ kind: 'play', hand: 2 });
    expect(bridgeView(led, 2).prompt).toBeNull();
    const after = run(led, [[0, playCard('2D')]]);
    expect(after.hand.turn).toBe(3);
    expect(after.toAct).toEqual([3]);
    const declarerTurn = run(after, [[3, playCard('2C')]]);
    expect(declarerTurn.toAct).toEqual([0]);
    expect(declarerTurn.hand.turn).toBe(0);
    // "jede der beiden gegnerischen Personen spielt weiterhin die eigenen Karten"
    const won = run(declarerTurn, [[0, playCard('2S')]]);
    expect(won.hand.tricksWon).toEqual([1, 0, 0, 0]);
    expect(won.toAct).toEqual([0]);
  });

  it('"Jede Person muss eine Karte der ausgespielten Farbe zugeben, falls sie eine besitzt"', () => {
    const hands = [...SUITED];
    hands[3] = 'AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2H';
    hands[1] = 'AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2C';
    const state = run(withHands(gameWithDealer(bridgeConfig(), 0), hands), [
      [0, bid(1, 'S')],
      [1, pass],
      [2, pass],
      [3, pass],
      [1, playCard('AH')],
      [0, playCard('2D')],
    ]);
    const result = applyBridge(state, 3, playCard('AC'));
    expect(result).toEqual({
      ok: false,
      rejection: { code: 'must-follow-suit', message: 'Follow suit: play a ♥ card' },
    });
    expect(legalBridgeActions(state, 3)).toEqual([playCard('2H')]);
  });
});

describe('A hand scored through the engine [002] "Punktewertung"', () => {
  it('a grand slam in spades with all five honours in one hand: 63 below, 100 + 100 above', () => {
    const done = playOut(oneSpade());
    const last = done.history.at(-1)!;
    expect(last).toMatchObject({ outcome: 'played', declarerTricks: 13, made: true, gameWonBy: 0 });
    expect(last.entries).toEqual([
      { deal: 0, account: 0, line: 'below', points: 63, kind: 'tricks', game: 0 },
      { deal: 0, account: 0, line: 'above', points: 100, kind: 'honours', game: 0 },
      { deal: 0, account: 0, line: 'above', points: 100, kind: 'grand-slam', game: 0 },
    ]);
    expect(done.score).toMatchObject({ above: [200, 0], below: [63, 0], games: [1, 0], currentGame: [0, 0] });
    // "nach jedem Blatt wandert das Geben im Uhrzeigersinn zur nächsten Person weiter"
    expect(done.phase).toBe('auction');
    expect(done.hand.dealer).toBe(1);
    expect(done.toAct).toEqual([1]);
    expect(done.hand.deal).toBe(1);
  });

  it('"Der Rubber endet in dem Moment, in dem eine Partnerschaft ihr zweites Spiel abschließt" with 250 above', () => {
    const start = oneSpade();
    const oneGameEach = {
      ...start,
      score: { ...start.score, games: [1, 1], gameNumber: 2, below: [30, 30] },
    };
    const done = playOut(oneGameEach);
    expect(done.phase).toBe('game-over');
    expect(done.toAct).toEqual([]);
    expect(done.score.games).toEqual([2, 1]);
    expect(done.history.at(-1)!.entries.at(-1)).toEqual({
      deal: 0,
      account: 0,
      line: 'above',
      points: 250,
      kind: 'rubber',
      game: 2,
    });
    // 63 + 30 below, 200 + 250 above against 30.
    expect(done.result).toEqual({ winners: [0], reason: 'rubber', totals: [543, 30], margin: 513 });
    expect(refusal(done, 0, pass)).toBe('game-over');
  });

  it('"Verkürzte Rubber im Chicago-Stil": the session ends after the agreed number of hands', () => {
    const done = playOut(oneSpade({ handLimit: 1 }));
    expect(done.phase).toBe('game-over');
    expect(done.result).toEqual({ winners: [0], reason: 'hand-limit', totals: [263, 0], margin: 263 });
  });

  it('"ein genauer Gleichstand bei einem unvollendeten Rubber wird üblicherweise durch ein weiteres Blatt entschieden"', () => {
    const start = oneSpade({ handLimit: 1 });
    const tied = playOut({ ...start, score: { ...start.score, above: [0, 263] } });
    expect(tied.phase).toBe('auction');
    expect(tied.result).toBeNull();
    expect(tied.score.handsPlayed).toBe(1);
  });

  it('the declaring side that fails pays the penalty; the opponents keep their honours', () => {
    // Seat 0 bids 7 clubs holding no club: seat 3 has them all.
    const state = run(withHands(gameWithDealer(bridgeConfig(), 0), SUITED), [
      [0, bid(7, 'C')],
      [1, pass],
      [2, pass],
      [3, pass],
    ]);
    const done = playOut(state);
    const last = done.history.at(-1)!;
    expect(last.made).toBe(false);
    const undertricks = 13 - last.declarerTricks!;
    expect(last.entries).toContainEqual({
      deal: 0,
      account: 1,
      line: 'above',
      points: 50 * undertricks,
      kind: 'undertricks',
      game: 0,
    });
    expect(last.entries).toContainEqual({
      deal: 0,
      account: 1,
      line: 'above',
      points: 100,
      kind: 'honours',
      game: 0,
    });
  });
});

describe('applyBridge and bad input', () => {
  it('never mutates the state it is given', () => {
    const state = deepFreeze(oneSpade());
    const copy = structuredClone(state);
    const result = applyBridge(state, 1, playCard('AH'));
    expect(result.ok).toBe(true);
    expect(state).toEqual(copy);
  });

  it('refuses malformed actions with a typed rejection, never throwing', () => {
    const state = oneSpade();
    const bad: unknown[] = [null, 7, {}, { type: 'dance' }, { type: 'play' }, { type: 'play', card: 'XX' }];
    for (const action of bad) {
      const result = applyBridge(state, 1, action as never);
      expect(result.ok).toBe(false);
    }
    expect(refusal(state, 9, playCard('AH'))).toBe('not-a-seat');
    expect(refusal(state, 1, pass)).toBe('wrong-phase');
    expect(refusal(state, 1, playCard('AS'))).toBe('card-not-in-hand');
    const auction = gameWithDealer(bridgeConfig(), 0);
    expect(refusal(auction, 0, playCard('AS'))).toBe('wrong-phase');
    expect(refusal(auction, 0, { type: 'bid', level: 1.5, strain: 'S' })).toBe('malformed-action');
    expect(refusal(auction, 0, { type: 'bid', level: 1, strain: 'X' } as never)).toBe('malformed-action');
  });

  it('counts versions', () => {
    const state = gameWithDealer(bridgeConfig(), 0);
    expect(run(state, [[0, pass]]).version).toBe(state.version + 1);
  });
});

describe('The three-person form [002] "Auction-Bridge zu dritt"', () => {
  const three = () => withHands(gameWithDealer(bridgeConfig({ players: 3 }), 0), SUITED);

  it('"ein verdecktes \'Blindes\' Blatt": nobody sees the blind hand during the auction', () => {
    const state = three();
    expect(state.hand.hands[3]).toHaveLength(13);
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const view = bridgeView(state, viewer);
      expect(view.dummy).toBeNull();
      expect(JSON.stringify(view)).not.toContain('"AC"');
    }
  });

  it('"das von der Seite übernommen und gespielt wird, die die Auktion gewinnt": face up after the opening lead, played by the declarer', () => {
    const won = run(three(), [
      [0, pass],
      [1, bid(1, 'H')],
      [2, pass],
      [0, pass],
    ]);
    expect(won.hand.contract).toMatchObject({ declarer: 1, dummyHand: 3 });
    expect(won.hand.table).toEqual([1, 2, 3, 0]);
    // Still face down for everyone, the declarer too, until the opening lead.
    for (const viewer of [0, 1, 2] as const) expect(bridgeView(won, viewer).dummy).toBeNull();
    const led = run(won, [[2, playCard('AD')]]);
    expect(led.hand.turn).toBe(3);
    expect(led.toAct).toEqual([1]);
    for (const viewer of [0, 1, 2, 'spectator'] as const)
      expect(bridgeView(led, viewer).dummy).toHaveLength(13);
    const done = playOut(led);
    const last = done.history.at(-1)!;
    // Seat 1 holds every heart and takes every trick; accounts are the three players.
    expect(last.declarerTricks).toBe(13);
    expect(done.score.below).toEqual([0, 56, 0]);
    expect(done.score.above).toEqual([0, 200, 0]);
    expect(done.hand.dealer).toBe(1);
  });

  it('each defender is credited in full with what the defending side earns (reading 10)', () => {
    // Seat 0 (spades, with the blind's clubs) bids 7 hearts: seat 1 holds every heart.
    const state = run(three(), [
      [0, bid(7, 'H')],
      [1, pass],
      [2, pass],
    ]);
    const done = playOut(state);
    const penalty = done.history.at(-1)!.entries.filter((entry) => entry.kind === 'undertricks');
    expect(penalty.map((entry) => entry.account)).toEqual([1, 2]);
    expect(penalty[0]!.points).toBe(penalty[1]!.points);
    expect(done.score.above[0]).toBe(0);
    expect(done.score.above[1]).toBe(done.score.above[2]);
  });
});

describe('Paced tables (contract Agreement 1)', () => {
  const paced = () => oneSpade({ paced: true });
  const firstTrick = (state: BridgeState) =>
    run(state, [
      [1, playCard('AH')],
      [0, playCard('2D')],
      [3, playCard('2C')],
      [0, playCard('2S')],
    ]);

  it('a complete trick stays on the table until its winner gathers it', () => {
    const state = firstTrick(paced());
    expect(state.phase).toBe('trick-end');
    expect(state.hand.trick).toHaveLength(4);
    expect(state.toAct).toEqual([0]);
    expect(legalBridgeActions(state, 0)).toEqual([{ type: 'gather' }]);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const view = bridgeView(state, viewer);
      expect(view.trickWinner).toBe(0);
      expect(view.trick).toHaveLength(4);
      expect(view.prompt).toBeNull();
    }
    expect(refusal(state, 0, playCard('AS'))).toBe('wrong-phase');
    expect(refusal(state, 1, { type: 'gather' })).toBe('not-your-turn');
    const gathered = run(state, [[0, { type: 'gather' }]]);
    expect(gathered.phase).toBe('play');
    expect(gathered.hand.trick).toEqual([]);
    expect(gathered.hand.tricksWon).toEqual([1, 0, 0, 0]);
    expect(gathered.toAct).toEqual([0]);
    expect(bridgeView(gathered, 0).trickWinner).toBeNull();
  });

  it('the declarer gathers a trick the dummy wins', () => {
    const hands = [
      'AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H',
      'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S 2D',
      'AH AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D',
      SUITED[3]!,
    ];
    const state = run(withHands(gameWithDealer(bridgeConfig({ paced: true }), 0), hands), [
      [0, bid(1, 'S')],
      [1, pass],
      [2, pass],
      [3, pass],
      [1, playCard('KH')],
      [0, playCard('AH')],
      [3, playCard('2C')],
      [0, playCard('2H')],
    ]);
    expect(state.phase).toBe('trick-end');
    expect(bridgeView(state, 1).trickWinner).toBe(2);
    expect(state.toAct).toEqual([0]);
    expect(refusal(state, 2, { type: 'gather' })).toBe('not-your-turn');
    const gathered = run(state, [[0, { type: 'gather' }]]);
    expect(gathered.hand.turn).toBe(2);
    expect(gathered.toAct).toEqual([0]);
    expect(bridgeView(gathered, 0).prompt).toMatchObject({ kind: 'play', hand: 2 });
  });

  it('a finished hand waits until every seat has continued, then the next deal begins', () => {
    let state = paced();
    while (state.phase === 'play' || state.phase === 'trick-end') {
      const seat = state.toAct[0]!;
      state = run(state, [[seat, legalBridgeActions(state, seat)[0]!]]);
    }
    expect(state.phase).toBe('hand-end');
    expect(state.toAct).toEqual([0, 1, 2, 3]);
    expect(state.hand.tricks).toHaveLength(13);
    const view = bridgeView(state, 3);
    expect(view.prompt).toEqual({ kind: 'continue' });
    expect(view.handResult).toEqual(state.history.at(-1));
    expect(view.handResult).toMatchObject({ outcome: 'played', declarerTricks: 13 });
    const some = run(state, [
      [2, { type: 'continue' }],
      [0, { type: 'continue' }],
    ]);
    expect(some.toAct).toEqual([1, 3]);
    expect(refusal(some, 2, { type: 'continue' })).toBe('not-your-turn');
    expect(bridgeView(some, 2).prompt).toBeNull();
    const next = run(some, [
      [3, { type: 'continue' }],
      [1, { type: 'continue' }],
    ]);
    expect(next.phase).toBe('auction');
    expect(next.hand.dealer).toBe(1);
    expect(next.hand.deal).toBe(1);
  });

  it('a passed-out deal waits too, and the same dealer deals again', () => {
    const state = run(gameWithDealer(bridgeConfig({ paced: true }), 3), [
      [3, pass],
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(state.phase).toBe('hand-end');
    expect(bridgeView(state, 0).handResult).toMatchObject({ outcome: 'passed-out' });
    const next = run(
      state,
      [0, 1, 2, 3].map((seat) => [seat, { type: 'continue' }] as const),
    );
    expect(next.phase).toBe('auction');
    expect(next.hand.dealer).toBe(3);
  });

  it('the rubber ends without waiting: game-over shows the last hand', () => {
    const start = paced();
    let state: BridgeState = { ...start, score: { ...start.score, games: [1, 0], gameNumber: 1 } };
    while (state.phase !== 'game-over') {
      const seat = state.toAct[0]!;
      state = run(state, [[seat, legalBridgeActions(state, seat)[0]!]]);
    }
    expect(state.result).toMatchObject({ winners: [0], reason: 'rubber' });
    expect(bridgeView(state, 1).handResult).toEqual(state.history.at(-1));
  });
});

describe('Hands laid out by suit [002]', () => {
  it('"Jede Person ordnet ihr Blatt nach Farben"; the dummy lies "offen und nach Farben geordnet"', () => {
    const mixed = [
      '2C AS 3H KD 4S 5C QH 6D 7S 8C 9H TD JS',
      'AC KC QC JC TC 9C 7C 6C 4C 3C AH KH 2D',
      'QS JH TH 8H 7H 6H 5H 4H 2H AD QD JD 9D',
      'KS TS 9S 8S 6S 5S 3S 2S 8D 7D 5D 4D 3D',
    ];
    const state = run(withHands(gameWithDealer(bridgeConfig(), 2), mixed), [
      [2, bid(1, 'H')],
      [3, pass],
      [0, pass],
      [1, pass],
      [3, playCard('KS')],
    ]);
    expect(bridgeView(state, 2).hand).toEqual([
      'QS',
      'JH',
      'TH',
      '8H',
      '7H',
      '6H',
      '5H',
      '4H',
      '2H',
      'AD',
      'QD',
      'JD',
      '9D',
    ]);
    expect(bridgeView(state, 1).dummy).toEqual([
      'AS',
      'JS',
      '7S',
      '4S',
      'QH',
      '9H',
      '3H',
      'KD',
      'TD',
      '6D',
      '8C',
      '5C',
      '2C',
    ]);
  });

  it('with three players the one after the declarer leads: declarer 2, blind opposite, seat 0 leads', () => {
    const state = run(gameWithDealer(bridgeConfig({ players: 3 }), 2), [
      [2, bid(1, 'C')],
      [0, pass],
      [1, pass],
    ]);
    expect(state.hand.table).toEqual([2, 0, 3, 1]);
    expect(state.toAct).toEqual([0]);
  });
});
