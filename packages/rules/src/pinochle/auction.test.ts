import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AuctionRules, isValidBidAmount, nextBidAmount } from './auction.ts';
import { apply, legalActions } from './engine.ts';
import type { Action, GameState } from './state.ts';
import { config, freshGame, play } from './test-support.ts';

const bid = (amount: number): Action => ({ type: 'bid', amount });
const pass: Action = { type: 'pass' };
const bidsOffered = (state: GameState, seat: number): number[] =>
  legalActions(state, seat).flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
const canPass = (state: GameState, seat: number): boolean =>
  legalActions(state, seat).some((a) => a.type === 'pass');
const rejection = (state: GameState, seat: number, action: Action) => {
  const result = apply(state, seat, action);
  return result.ok ? null : result.rejection.code;
};

describe('Auction West bidding [000] "Bieten"', () => {
  const start = freshGame(config('auction-west'), 0);

  it('"Vorhand beginnt und passt oder bietet mindestens 250"', () => {
    expect(start.toAct).toEqual([1]);
    expect(rejection(start, 2, bid(250))).toBe('not-your-turn');
    expect(rejection(start, 1, bid(240))).toBe('bid-too-low');
    expect(rejection(start, 1, bid(250))).toBeNull();
    expect(rejection(start, 1, pass)).toBeNull();
  });

  it('"Ein Gebot muss ein Vielfaches von 10 sein"; jumps are allowed (reading 3)', () => {
    expect(rejection(start, 1, bid(255))).toBe('bid-not-allowed');
    expect(rejection(start, 1, bid(400))).toBeNull();
    const after = play(start, [[1, bid(300)]]);
    expect(rejection(after, 2, bid(300))).toBe('bid-too-low');
    expect(bidsOffered(after, 2)[0]).toBe(310);
  });

  it('"Wer passt kann danach nicht mehr mitbieten"', () => {
    const state = play(start, [
      [1, pass],
      [2, bid(250)],
      [0, bid(260)],
    ]);
    expect(state.toAct).toEqual([2]);
    expect(rejection(state, 1, bid(300))).toBe('not-your-turn');
  });

  it('"Haben nach einer oder mehreren Bietrunden zwei Spieler gepasst, ist der letzte Bieter Alleinspieler"', () => {
    const state = play(start, [
      [1, bid(250)],
      [2, bid(260)],
      [0, pass],
      [1, bid(270)],
      [2, pass],
    ]);
    expect(state.phase).toBe('discard');
    expect(state.hand.bidder).toBe(1);
    expect(state.hand.bid).toBe(270);
  });

  it('"Wenn alle drei in der ersten Bietrunde passen, werden die Karten zusammengeworfen und der nächste gibt"', () => {
    const state = play(start, [
      [1, pass],
      [2, pass],
      [0, pass],
    ]);
    expect(state.history.at(-1)?.outcome).toBe('passed-out');
    expect(state.hand.deal).toBe(1);
    expect(state.hand.dealer).toBe(1);
    expect(state.toAct).toEqual([2]);
    expect(state.scores).toEqual([0, 0, 0]);
  });

  it('after two passes the dealer may bid or pass as usual in [000]', () => {
    const state = play(start, [
      [1, pass],
      [2, pass],
    ]);
    expect(canPass(state, 0)).toBe(true);
    expect(bidsOffered(state, 0).slice(0, 2)).toEqual([250, 260]);
  });

  it('"Manche Runden erwarten von Vorhand das Mindestgebot": forehand must open', () => {
    const state = freshGame(config('auction-west', { openingObligation: 'forehand' }), 0);
    expect(canPass(state, 1)).toBe(false);
    expect(rejection(state, 1, pass)).toBe('cannot-pass');
  });

  it('"andere von Hinterhand wenn die vorigen Spieler gepasst haben": the dealer must bid the minimum', () => {
    const state = play(freshGame(config('auction-west', { openingObligation: 'last-player' }), 0), [
      [1, pass],
      [2, pass],
    ]);
    expect(legalActions(state, 0)).toEqual([bid(250)]);
    const taken = play(state, [[0, bid(250)]]);
    expect(taken.hand.bidder).toBe(0);
  });

  it('"Im 19. Jh. gab es oft kein Mindestgebot. Dann waren es mal 100 oder 150 Punkte"', () => {
    expect(bidsOffered(freshGame(config('auction-west', { minimumBid: 0 }), 0), 1)[0]).toBe(10);
    expect(bidsOffered(freshGame(config('auction-west', { minimumBid: 150 }), 0), 1)[0]).toBe(150);
  });
});

describe('Cutthroat bidding [003] "Reizen"', () => {
  const start = freshGame(config('cutthroat'), 2);

  it('"Passen die ersten beiden, darf der Dritte trotzdem für 250 übernehmen – oder ebenfalls passen"', () => {
    const state = play(start, [
      [0, pass],
      [1, pass],
    ]);
    expect(legalActions(state, 2)).toEqual([bid(250), pass]);
    expect(rejection(state, 2, bid(300))).toBe('bid-not-allowed');
    const taken = play(state, [[2, bid(250)]]);
    expect(taken.hand.bidder).toBe(2);
    expect(taken.phase).toBe('discard');
  });

  it('"Passen alle drei, werden die Karten eingesammelt und der Nächste gibt"', () => {
    const state = play(start, [
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(state.hand.dealer).toBe(0);
  });
});

describe('Double deck bidding [004] "Die Reizung"', () => {
  const start = freshGame(config('double-deck'), 3);

  it('"Das Eröffnungsgebot muss mindestens 50 Punkte betragen ... um einen Punkt steigern, bis man 60 erreicht hat. Gebote über 60 müssen ein Vielfaches von 5 sein"', () => {
    expect(rejection(start, 0, bid(49))).toBe('bid-too-low');
    const offered = bidsOffered(start, 0);
    expect(offered.slice(0, 13)).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65, 70]);
    expect(rejection(start, 0, bid(62))).toBe('bid-not-allowed');
  });

  it('"Wenn die ersten drei Spieler alle passen, muss der Geber 50 bieten"', () => {
    const state = play(start, [
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(legalActions(state, 3)).toEqual([bid(50)]);
    const taken = play(state, [[3, bid(50)]]);
    expect(taken.hand.bidder).toBe(3);
    expect(taken.phase).toBe('trump');
  });

  it('"bis drei Spieler hintereinander gepasst haben"', () => {
    const state = play(start, [
      [0, bid(50)],
      [1, bid(51)],
      [2, pass],
      [3, pass],
      [0, bid(55)],
      [1, pass],
    ]);
    expect(state.hand.bidder).toBe(0);
    expect(state.hand.bid).toBe(55);
  });

  it('"Es gibt Runden, in denen es nur eine Bietrunde gibt"', () => {
    const state = play(freshGame(config('double-deck', { biddingRounds: 1 }), 3), [
      [0, bid(50)],
      [1, bid(52)],
      [2, bid(53)],
      [3, pass],
    ]);
    expect(state.hand.bidder).toBe(2);
    expect(state.hand.bid).toBe(53);
  });

  it('"Andere spielen so, dass es nur zwei Bietrunden gibt (aber wer in der ersten Runde gepasst hat, darf ... kein Gebot mehr abgeben)"', () => {
    const state = play(freshGame(config('double-deck', { biddingRounds: 2 }), 3), [
      [0, bid(50)],
      [1, pass],
      [2, bid(52)],
      [3, bid(53)],
      [0, bid(54)],
      [2, bid(55)],
      [3, pass],
    ]);
    // Seat 0 has had its two turns: the 55 stands.
    expect(state.hand.bidder).toBe(2);
  });

  it('"bei Geboten über 100 in Zehnerschritten" and "jede beliebige Zahl über 50" as house rules', () => {
    const tens = freshGame(
      config('double-deck', {
        bidIncrements: [
          { from: 50, step: 1 },
          { from: 60, step: 5 },
          { from: 100, step: 10 },
        ],
      }),
      3,
    );
    expect(bidsOffered(play(tens, [[0, bid(95)]]), 1).slice(0, 3)).toEqual([100, 110, 120]);
    const any = freshGame(config('double-deck', { bidIncrements: [{ from: 50, step: 1 }] }), 3);
    expect(rejection(any, 0, bid(77))).toBeNull();
  });
});

describe('next allowed bid', () => {
  it('is the lowest valid amount above the last bid, for any increment schedule', () => {
    const schedule = fc
      .uniqueArray(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 4 })
      .chain((froms) =>
        fc.tuple(
          fc.constant([...froms].sort((a, b) => a - b)),
          fc.array(fc.integer({ min: 1, max: 25 }), { minLength: froms.length, maxLength: froms.length }),
        ),
      );
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 500 })),
        ([froms, steps], opening, above) => {
          const rules: AuctionRules = {
            seatCount: 4,
            openingBid: Math.max(opening, froms[0]!),
            maximumBid: 600,
            increments: froms.map((from, i) => ({ from, step: steps[i]! })),
            forehandMustOpen: false,
            lastSeat: 'may-bid',
            rounds: null,
          };
          let expected: number | null = null;
          for (let amount = above === null ? 0 : above + 1; amount <= rules.maximumBid; amount++) {
            if (isValidBidAmount(rules, amount)) {
              expected = amount;
              break;
            }
          }
          expect(nextBidAmount(rules, above)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
