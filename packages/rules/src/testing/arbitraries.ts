/**
 * Test support shared by every package's property tests: random house rules of any
 * variant, as a host would send them. Imported by tests only (fast-check is a dev tool).
 */
import fc from 'fast-check';
import { type GameConfig, parseConfig } from '../pinochle/config.ts';

const threeHandedOptions = fc.record(
  {
    target: fc.oneof(
      fc.record({ kind: fc.constant('score'), points: fc.constantFrom(1000, 1500, 2000) }),
      fc.record({ kind: fc.constant('rounds'), rounds: fc.constantFrom(1, 2) }),
    ),
    minimumBid: fc.constantFrom(0, 100, 150, 200, 250, 300, 350),
    maximumBid: fc.constantFrom(500, 2000),
    openingObligation: fc.constantFrom('none', 'forehand', 'last-player'),
    afterTwoPasses: fc.constantFrom('last-may-bid', 'last-takes-minimum'),
    hopelessHandRedeal: fc.boolean(),
    trickRule: fc.constantFrom('strict', 'east'),
    doubledMelds: fc.constantFrom('bonus', 'simply-double'),
    doubleRoyalMarriage240: fc.boolean(),
    runMarriages: fc.constantFrom('separate', 'extra-card-marries-run', 'extra-pair-includes-run'),
    roundhouse: fc.constantFrom('sum', 'own-meld'),
    opponentMeldNeeds: fc.constantFrom('trick', 'counter'),
    bidderMeldNeedsTrick: fc.boolean(),
    setPenalty: fc.constantFrom('once', 'twice'),
    allowConcede: fc.boolean(),
    tieAtTarget: fc.constantFrom('bidder-wins', 'raise-target'),
    negativeFloor: fc.constantFrom(null, -1000),
    scoresDividedBy10: fc.boolean(),
    // Not a house rule, but every property must hold with paced hands too (absent = false).
    paced: fc.boolean(),
    stakes: fc.oneof(
      fc.constant({ mode: 'off' }),
      fc.record({
        mode: fc.constant('ledger'),
        unit: fc.constantFrom(1, 5),
        gameUnits: fc.constantFrom(2, 3, 4),
      }),
      fc.record({ mode: fc.constant('pool'), ante: fc.constantFrom(1, 10) }),
    ),
  },
  { requiredKeys: [] },
);

const doubleDeckOptions = fc.record(
  {
    target: fc.constantFrom(300, 500),
    openingBid: fc.constantFrom(50, 60, 75),
    maximumBid: fc.constantFrom(150, 300),
    bidIncrements: fc.constantFrom(
      [
        { from: 50, step: 1 },
        { from: 60, step: 5 },
      ],
      [
        { from: 50, step: 5 },
        { from: 100, step: 10 },
      ],
    ),
    biddingRounds: fc.constantFrom('unlimited', 1, 2),
    dealerStuck: fc.boolean(),
    trumpNeedsMarriage: fc.constantFrom('required', 'not-required', 'after-passing'),
    cardPassing: fc.record(
      {
        count: fc.integer({ min: 0, max: 4 }),
        style: fc.constantFrom('simultaneous', 'partner-first', 'toby-thomas'),
        timing: fc.constantFrom('after-trump', 'before-trump'),
      },
      { requiredKeys: [] },
    ),
    meldTable: fc.constantFrom('sheet', 'books', 'toby-thomas', 'npa'),
    singlePinochle14: fc.boolean(),
    timesTen: fc.boolean(),
    runMarriages: fc.constantFrom('separate', 'extra-card-marries-run', 'extra-pair-includes-run'),
    roundhouse: fc.constantFrom('sum', 'bonus-34', 'with-run-39'),
    doubleRoundhouse240: fc.boolean(),
    minimumMeld20: fc.boolean(),
    concedeOpponents: fc.constantFrom(
      'meld',
      'nothing',
      'meld-if-20',
      'meld-plus-25',
      'meld-plus-50',
      'play-anyway',
    ),
    trickRule: fc.constantFrom('strict', 'east'),
    dealPacket: fc.constantFrom('4', '5', '2-then-3'),
    paced: fc.boolean(),
  },
  { requiredKeys: [] },
);

/**
 * Random house rules of any variant, as the host would send them, kept only when
 * parseConfig accepts them (a few combinations are refused by design, e.g. Toby Thomas
 * passing after trump).
 */
export const houseRulesArbitrary: fc.Arbitrary<GameConfig> = fc
  .oneof(
    threeHandedOptions.map((options) => ({ variant: 'auction-west', ...options })),
    threeHandedOptions.map((options) => ({ variant: 'cutthroat', ...options })),
    doubleDeckOptions.map((options) => ({ variant: 'double-deck', ...options })),
  )
  .map((input) => parseConfig(input))
  .filter((result): result is Extract<typeof result, { ok: true }> => result.ok)
  .map((result) => result.config);
