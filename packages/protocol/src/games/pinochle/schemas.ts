/**
 * The Pinochle games' view, result and config as zod schemas. They mirror the rules'
 * types field for field (games/pinochle/schemas.test.ts checks at compile time that schema and
 * type agree both ways), so a client can check what the server sends instead of trusting
 * a cast. Configs are the rules' own schema: one schema, one set of refusals.
 */
import {
  type Action,
  gameConfigSchema,
  type HandOutcome,
  type MeldKind,
  type Phase,
  RANKS,
  SUITS,
} from '@kibitz/rules/pinochle';
import { z } from 'zod';

export const suitSchema = z.enum(SUITS);
export const cardSchema = z.templateLiteral([z.enum(RANKS), suitSchema], { error: 'a card such as "TS"' });
const cards = z.array(cardSchema);
const seat = z.number().int().min(0);
const count = z.number().int().min(0);
const points = z.number().int();

export { gameConfigSchema as pinochleConfigSchema };

const cardList = z.array(cardSchema).max(20);

/**
 * The actions a seat may send at a Pinochle table. The server still lets `apply` judge
 * every action; this only keeps malformed shapes off the engine.
 */
export const pinochleActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bid'), amount: z.number().int().min(0).max(100_000) }),
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('call-redeal') }),
  z.strictObject({ type: z.literal('discard'), cards: cardList }),
  z.strictObject({ type: z.literal('name-trump'), suit: suitSchema }),
  z.strictObject({ type: z.literal('request-suit'), suit: suitSchema }),
  z.strictObject({ type: z.literal('pass-cards'), cards: cardList }),
  z.strictObject({ type: z.literal('concede') }),
  z.strictObject({ type: z.literal('play'), card: cardSchema }),
  z.strictObject({ type: z.literal('gather') }),
  z.strictObject({ type: z.literal('continue') }),
]);

// Both directions: every parsed action is a rules Action, and every rules Action parses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsMatch: Same<z.infer<typeof pinochleActionSchema>, Action> = true;
void actionsMatch;

const PHASES = [
  'bidding',
  'discard',
  'trump',
  'passing',
  'play',
  'trick-end',
  'hand-end',
  'game-over',
] as const satisfies readonly Phase[];

const HAND_OUTCOMES = [
  'passed-out',
  'redeal-called',
  'played',
  'conceded',
  'no-marriage',
  'meld-under-20',
] as const satisfies readonly HandOutcome[];

const MELD_KINDS = [
  'run',
  'royal-marriage',
  'common-marriage',
  'pinochle',
  'aces-around',
  'kings-around',
  'queens-around',
  'jacks-around',
  'dix',
  'roundhouse',
] as const satisfies readonly MeldKind[];

export const handResultSchema = z.object({
  deal: count,
  dealer: seat,
  outcome: z.enum(HAND_OUTCOMES),
  bidder: seat.nullable(),
  bid: points.nullable(),
  trump: suitSchema.nullable(),
  meld: z.array(points),
  meldCounted: z.array(points),
  trickPoints: z.array(points),
  tricksWon: z.array(count),
  delta: z.array(points),
  made: z.boolean().nullable(),
  calledBy: seat.nullable(),
});

export const gameResultSchema = z.object({
  winners: z.array(count),
  reason: z.enum(['target', 'rounds', 'negative-floor', 'back-to-plus']),
  finalScores: z.array(points),
});

const meldResultSchema = z.object({
  total: points,
  items: z.array(
    z.object({
      kind: z.enum(MELD_KINDS),
      suit: suitSchema.nullable(),
      multiplicity: count,
      points,
      cards,
    }),
  ),
  shownCards: cards,
});

const playedCardSchema = z.object({ seat, card: cardSchema });

const promptSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bid'),
    bids: z.array(points),
    canPass: z.boolean(),
    canCallRedeal: z.boolean(),
  }),
  z.object({ kind: z.literal('discard'), count }),
  z.object({ kind: z.literal('name-trump'), suits: z.array(suitSchema) }),
  z.object({ kind: z.literal('request-suit') }),
  z.object({
    kind: z.literal('pass-cards'),
    count,
    requestedSuit: suitSchema.nullable(),
    requiredOfSuit: count,
  }),
  z.object({ kind: z.literal('play'), cards, canConcede: z.boolean() }),
  z.object({ kind: z.literal('continue') }),
]);

/** A seat's or a spectator's view: exactly what the rules' `view(state, viewer)` returns. */
export const pinochleViewSchema = z.object({
  viewer: z.union([seat, z.literal('spectator')]),
  config: gameConfigSchema,
  seatCount: count,
  sideCount: count,
  version: count,
  phase: z.enum(PHASES),
  toAct: z.array(seat),
  scores: z.array(points),
  target: points.nullable(),
  history: z.array(handResultSchema),
  stakes: z.object({ chips: z.array(points), pool: points }).nullable(),
  result: gameResultSchema.nullable(),
  deal: count,
  dealer: seat,
  hand: cards.nullable(),
  handCounts: z.array(count),
  widow: cards.nullable(),
  widowCount: count,
  bids: z.array(z.object({ seat, amount: points.nullable() })),
  highBid: points.nullable(),
  highBidder: seat.nullable(),
  passed: z.array(z.boolean()),
  bidder: seat.nullable(),
  bid: points.nullable(),
  trump: suitSchema.nullable(),
  discards: cards.nullable(),
  discardCount: count,
  passing: z
    .object({
      requestedSuit: suitSchema.nullable(),
      bidderHasPassed: z.boolean(),
      partnerHasPassed: z.boolean(),
      done: z.boolean(),
      gave: cards.nullable(),
      received: cards.nullable(),
    })
    .nullable(),
  melds: z.array(meldResultSchema.nullable()),
  trick: z.array(playedCardSchema),
  leader: seat.nullable(),
  lastTrick: z.object({ leader: seat, cards: z.array(playedCardSchema), winner: seat }).nullable(),
  tricksWon: z.array(count),
  trickWinner: seat.nullable(),
  handResult: handResultSchema.nullable(),
  prompt: promptSchema.nullable(),
});
