/**
 * One zod schema per variant: every house rule of ../shared/docs/house-rules.md, with
 * the rule sheet's own rule as the default. A config is validated once, when a table
 * is opened; the engine then trusts it.
 */
import { z } from 'zod';

const seat3Target = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('score'),
      /** [000] "typischerweise 1500 Punkte"; "1000 oder 2000" as variations. */
      points: z.number().int().min(100).max(100_000).default(1500),
    }),
    z.object({
      kind: z.literal('rounds'),
      /** [000] "eine bestimmte Zahl von Spielrunden ohne Zielmarke (eine Runde heisst: jeder hat einmal gegeben)". */
      rounds: z.number().int().min(1).max(50),
    }),
  ])
  .describe('Play to a target score, or a fixed number of rounds (each player deals once per round)');

const stakes = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('off') }),
    z.object({
      mode: z.literal('ledger'),
      /** Chips a conceding bidder pays each other player; a bidder who plays and is set pays twice that. */
      unit: z.number().int().min(1).max(1000).default(1),
      /** Game value in units, paid by each other player to the winner: ratio 2:1, 3:1 or 4:1 [000]. */
      gameUnits: z.number().int().min(1).max(10).default(2),
    }),
    z.object({
      mode: z.literal('pool'),
      /** Each player's stake into the pool; a losing bidder adds it once (conceded) or twice (played). */
      ante: z.number().int().min(1).max(1000).default(1),
    }),
  ])
  .describe('Stakes: off, a chip ledger between players, or a pool the winner takes');

const runMarriages = z
  .enum(['separate', 'extra-card-marries-run', 'extra-pair-includes-run'])
  .describe(
    "Trump marriages beside a run: 'separate' counts each card once ([000], [004]); 'extra-card-marries-run' lets a second trump king or queen marry the run's partner (190, [003]); 'extra-pair-includes-run' counts the run's pair in a multiple marriage when there is an extra pair (Toby Thomas, Ohlson)",
  );

const trickRule = z
  .enum(['strict', 'east'])
  .describe(
    "'strict': whoever follows or trumps must beat the trick if able; 'east': must beat only when trump is led",
  );

/** Rules shared by the two three-handed games (Auction West [000], Cutthroat [003]). */
function threeHandedShape(defaults: {
  afterTwoPasses: 'last-may-bid' | 'last-takes-minimum';
  opponentMeldNeeds: 'trick' | 'counter';
  bidderMeldNeedsTrick: boolean;
  setPenalty: 'once' | 'twice';
  runMarriages: z.infer<typeof runMarriages>;
}) {
  return {
    target: seat3Target.default({ kind: 'score', points: 1500 }),
    minimumBid: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .multipleOf(10)
      .default(250)
      .describe('Lowest opening bid; 0 = no minimum (100, 150, 200, 300, 350 are common)'),
    maximumBid: z
      .number()
      .int()
      .min(100)
      .max(10_000)
      .multipleOf(10)
      .default(2000)
      .describe('Highest bid allowed'),
    openingObligation: z
      .enum(['none', 'forehand', 'last-player'])
      .default('none')
      .describe(
        "'forehand': forehand must open at least at the minimum; 'last-player': when the first two pass, the dealer must bid the minimum",
      ),
    afterTwoPasses: z
      .enum(['last-may-bid', 'last-takes-minimum'])
      .default(defaults.afterTwoPasses)
      .describe(
        'When the first two pass: the dealer may bid as usual, or may only take it at the minimum (or pass)',
      ),
    hopelessHandRedeal: z
      .boolean()
      .default(false)
      .describe(
        'A player with five 9s and no meld but dix, or six 9s and at most one ace, may call a redeal',
      ),
    trickRule: trickRule.default('strict'),
    doubledMelds: z
      .enum(['bonus', 'simply-double'])
      .default('bonus')
      .describe(
        "Double melds score the sheet's bonus values (double run 1500 ...) or simply twice the single",
      ),
    doubleRoyalMarriage240: z
      .boolean()
      .default(false)
      .describe('Ohlson: a double royal marriage scores 240, 390 with a run'),
    runMarriages: runMarriages.default(defaults.runMarriages),
    roundhouse: z
      .enum(['sum', 'own-meld'])
      .default('sum')
      .describe(
        "'sum': kings and queens around = 240, 350 with a run; 'own-meld': its trump marriage may count in a run too (390)",
      ),
    opponentMeldNeeds: z
      .enum(['trick', 'counter'])
      .default(defaults.opponentMeldNeeds)
      .describe("An opponent's meld counts only if they took at least one trick, or at least one counter"),
    bidderMeldNeedsTrick: z
      .boolean()
      .default(defaults.bidderMeldNeedsTrick)
      .describe("The bidder's meld and widow count only if the bidder took at least one trick"),
    setPenalty: z
      .enum(['once', 'twice'])
      .default(defaults.setPenalty)
      .describe('A bidder who plays and is set loses the bid once or twice'),
    allowConcede: z
      .boolean()
      .default(true)
      .describe('The bidder may throw in after naming trump, losing the bid once'),
    tieAtTarget: z
      .enum(['bidder-wins', 'raise-target'])
      .default('bidder-wins')
      .describe(
        "'bidder-wins': of several at the target the bidder wins, else the higher score (a tie plays a deciding hand); 'raise-target': raise the target by 250 until one player alone reaches it",
      ),
    negativeFloor: z
      .number()
      .int()
      .max(-10)
      .nullable()
      .default(null)
      .describe('End the game when a player falls to this score (e.g. -1000); the highest score wins'),
    scoresDividedBy10: z.boolean().default(false).describe('Show every value divided by ten'),
    stakes: stakes.default({ mode: 'off' }),
  };
}

export const auctionWestConfigSchema = z
  .object({
    variant: z.literal('auction-west'),
    ...threeHandedShape({
      afterTwoPasses: 'last-may-bid',
      opponentMeldNeeds: 'trick',
      bidderMeldNeedsTrick: true,
      setPenalty: 'once',
      runMarriages: 'separate',
    }),
  })
  .strict();

export const cutthroatConfigSchema = z
  .object({
    variant: z.literal('cutthroat'),
    ...threeHandedShape({
      afterTwoPasses: 'last-takes-minimum',
      opponentMeldNeeds: 'counter',
      bidderMeldNeedsTrick: false,
      setPenalty: 'twice',
      runMarriages: 'extra-card-marries-run',
    }),
  })
  .strict();

const bidIncrement = z.object({
  from: z.number().int().min(0).max(10_000),
  step: z.number().int().min(1).max(100),
});

export const doubleDeckConfigSchema = z
  .object({
    variant: z.literal('double-deck'),
    target: z.number().int().min(50).max(100_000).default(500).describe('Game to this many points'),
    openingBid: z.number().int().min(1).max(1000).default(50).describe('The lowest bid'),
    maximumBid: z.number().int().min(50).max(10_000).default(300).describe('Highest bid allowed'),
    bidIncrements: z
      .array(bidIncrement)
      .min(1)
      .max(5)
      .default([
        { from: 50, step: 1 },
        { from: 60, step: 5 },
      ])
      .describe(
        'Bids above each "from" must be "from" plus a multiple of "step" (the sheet: +1 up to 60, then multiples of 5)',
      ),
    biddingRounds: z
      .union([z.literal('unlimited'), z.literal(1), z.literal(2)])
      .default('unlimited')
      .describe('Bid until three pass in a row, or give each player only one or two turns'),
    dealerStuck: z
      .boolean()
      .default(true)
      .describe('If the first three pass, the dealer must bid the opening bid'),
    trumpNeedsMarriage: z
      .enum(['required', 'not-required', 'after-passing'])
      .default('required')
      .describe(
        'The bidder must hold a marriage in trump (else the hand is not played), or not, or only after card passing',
      ),
    cardPassing: z
      .object({
        count: z
          .number()
          .int()
          .min(0)
          .max(4)
          .default(0)
          .describe('Cards the bidder and partner exchange; 0 = off'),
        style: z
          .enum(['simultaneous', 'partner-first', 'toby-thomas'])
          .default('simultaneous')
          .describe(
            "'simultaneous': both pass unseen; 'partner-first': partner passes, then the bidder; 'toby-thomas': the bidder names a suit the partner must pass first",
          ),
        timing: z.enum(['after-trump', 'before-trump']).default('after-trump'),
      })
      .default({ count: 0, style: 'simultaneous', timing: 'after-trump' }),
    meldTable: z
      .enum(['sheet', 'books', 'toby-thomas', 'npa'])
      .default('sheet')
      .describe(
        "Meld values: the sheet's table, the books' (triple pinochle 45 ...), Toby Thomas's, or the NPA's (run 25, pinochle 15)",
      ),
    singlePinochle14: z.boolean().default(false).describe('A single pinochle scores 14'),
    timesTen: z.boolean().default(false).describe('Every meld value times ten ("100 aces")'),
    runMarriages: runMarriages.default('separate'),
    roundhouse: z
      .enum(['sum', 'bonus-34', 'with-run-39'])
      .default('sum')
      .describe("Kings and queens around: 24 (sum of parts), 34, or 24 + a run's 15 = 39"),
    doubleRoundhouse240: z.boolean().default(false).describe('A double roundhouse scores 240 instead of 160'),
    minimumMeld20: z
      .boolean()
      .default(false)
      .describe('Team meld counts only if at least 20; a team taking fewer than 20 in tricks scores nothing'),
    concedeOpponents: z
      .enum(['meld', 'nothing', 'meld-if-20', 'meld-plus-25', 'meld-plus-50', 'play-anyway'])
      .default('meld')
      .describe("What the opponents score when the bidding team concedes (or 'play-anyway': no concession)"),
    trickRule: trickRule.default('strict'),
    dealPacket: z.enum(['4', '5', '2-then-3']).default('4').describe('Cards dealt at a time'),
  })
  .strict()
  .superRefine((config, ctx) => {
    const increments = config.bidIncrements;
    for (let i = 1; i < increments.length; i++) {
      if (increments[i]!.from <= increments[i - 1]!.from) {
        ctx.addIssue({
          code: 'custom',
          path: ['bidIncrements', i, 'from'],
          message: 'bidIncrements must rise',
        });
      }
    }
    if (increments[0]!.from > config.openingBid) {
      ctx.addIssue({
        code: 'custom',
        path: ['bidIncrements', 0, 'from'],
        message: 'the first bid increment must start at or below the opening bid',
      });
    }
    if (config.maximumBid < config.openingBid) {
      ctx.addIssue({
        code: 'custom',
        path: ['maximumBid'],
        message: 'maximumBid must be at least openingBid',
      });
    }
    const passing = config.cardPassing;
    if (passing.style === 'toby-thomas' && passing.timing !== 'before-trump' && passing.count > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['cardPassing', 'timing'],
        message: "Toby Thomas passing happens before trump is named: use timing 'before-trump'",
      });
    }
    if (config.trumpNeedsMarriage === 'after-passing' && passing.count === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['trumpNeedsMarriage'],
        message: "'after-passing' needs card passing (cardPassing.count > 0)",
      });
    }
  });

/**
 * Settings of a game that are not house rules: the server chooses them, the host never
 * does. The per-variant schemas above hold house rules only (the web's house-rules form
 * is generated from them, so nothing here appears in it); gameConfigSchema adds these.
 */
const tableOptions = {
  /**
   * Paced hands: a finished trick stays on the table until its winner gathers it
   * (phase 'trick-end'), and a scored hand stays until every seat continues ('hand-end').
   * Off by default, so stored games and logs from before it replay unchanged.
   */
  paced: z.boolean().default(false),
};

/** Config keys that are not house rules (a house-rules form leaves them out). */
export const TABLE_OPTIONS: readonly string[] = Object.keys(tableOptions);

const auctionWestGameSchema = auctionWestConfigSchema.extend(tableOptions);
const cutthroatGameSchema = cutthroatConfigSchema.extend(tableOptions);
// safeExtend keeps the double deck schema's cross-option checks (extend refuses refined schemas).
const doubleDeckGameSchema = doubleDeckConfigSchema.safeExtend(tableOptions);

/** A whole game config: the variant, its house rules and the table options. */
export const gameConfigSchema = z.discriminatedUnion('variant', [
  auctionWestGameSchema,
  cutthroatGameSchema,
  doubleDeckGameSchema,
]);

export type AuctionWestConfig = z.infer<typeof auctionWestGameSchema>;
export type CutthroatConfig = z.infer<typeof cutthroatGameSchema>;
export type ThreeHandedConfig = AuctionWestConfig | CutthroatConfig;
export type DoubleDeckConfig = z.infer<typeof doubleDeckGameSchema>;
export type GameConfig = z.infer<typeof gameConfigSchema>;
export type Variant = GameConfig['variant'];
/** What a host sends: the variant plus any options to change; the rest take the sheet's defaults. */
export type GameConfigInput = z.input<typeof gameConfigSchema>;

export const VARIANTS: readonly Variant[] = ['auction-west', 'cutthroat', 'double-deck'];

/** Each variant's house rules alone (no table options): the web's house-rules form is built from these. */
export const HOUSE_RULE_SCHEMAS = {
  'auction-west': auctionWestConfigSchema,
  cutthroat: cutthroatConfigSchema,
  'double-deck': doubleDeckConfigSchema,
} as const satisfies Record<Variant, z.ZodType>;

export type ConfigResult = { ok: true; config: GameConfig } | { ok: false; errors: ConfigError[] };
export interface ConfigError {
  /** Dotted path of the offending option, e.g. "cardPassing.count". */
  option: string;
  message: string;
}

/** Validates a host's choice of variant and house rules; unknown options are refused by name. */
export function parseConfig(input: unknown): ConfigResult {
  const result = gameConfigSchema.safeParse(input);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      const path = [...issue.path.map(String), ...(keys.length === 1 ? keys : [])].join('.');
      return { option: path || '(config)', message: issue.message };
    }),
  };
}

/** The sheet's rules for a variant, with every default written down. */
export function defaultConfig(variant: Variant): GameConfig {
  const result = parseConfig({ variant });
  if (!result.ok) throw new Error(`default config of ${variant} does not validate`);
  return result.config;
}

export function isThreeHanded(config: GameConfig): config is ThreeHandedConfig {
  return config.variant !== 'double-deck';
}

export function seatCount(config: GameConfig): number {
  return isThreeHanded(config) ? 3 : 4;
}
