/**
 * Auction Bridge's view, actions, results and config as zod schemas. They mirror the
 * rules' Bridge types field for field (games/bridge/schemas.test.ts checks at compile time that
 * schema and type agree both ways), so a client can check what the server sends instead
 * of trusting a cast. The config is the rules' own schema: one schema, one set of refusals.
 */
import {
  BRIDGE_RANKS,
  BRIDGE_SUITS,
  type BridgeHandResult,
  type BridgePhase,
  type BridgeScoreKind,
  type BridgeStrain,
  bridgeConfigSchema,
} from '@kibitz/rules/bridge';
import { z } from 'zod';

export const bridgeSuitSchema = z.enum(BRIDGE_SUITS);
export const bridgeCardSchema = z.templateLiteral([z.enum(BRIDGE_RANKS), bridgeSuitSchema], {
  error: 'a card such as "TS" or "2C"',
});
const cards = z.array(bridgeCardSchema);
const seat = z.number().int().min(0);
/** A hand of the four (hand 3 is the blind hand in the three-person form). */
const handId = z.number().int().min(0).max(3);
const count = z.number().int().min(0);
const points = z.number().int();

export { bridgeConfigSchema };

const PHASES = [
  'auction',
  'play',
  'trick-end',
  'hand-end',
  'game-over',
] as const satisfies readonly BridgePhase[];
const STRAINS = ['C', 'D', 'H', 'S', 'NT', 'NULLO'] as const satisfies readonly BridgeStrain[];
const SCORE_KINDS = [
  'tricks',
  'double-bonus',
  'redouble-bonus',
  'undertricks',
  'honours',
  'little-slam',
  'grand-slam',
  'rubber',
] as const satisfies readonly BridgeScoreKind[];
const OUTCOMES = ['played', 'passed-out'] as const satisfies readonly BridgeHandResult['outcome'][];

export const bridgeStrainSchema = z.enum(STRAINS);
const level = z.number().int().min(1).max(7);
const doubled = z.union([z.literal(0), z.literal(1), z.literal(2)]);

const callSchemas = [
  z.strictObject({ type: z.literal('bid'), level, strain: bridgeStrainSchema }),
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('double') }),
  z.strictObject({ type: z.literal('redouble') }),
] as const;
const callSchema = z.discriminatedUnion('type', [...callSchemas]);

/** What a seat may send at a Bridge table: a call, a card (its own or, for the declarer, the dummy's), continue. */
export const bridgeActionSchema = z.discriminatedUnion('type', [
  ...callSchemas,
  z.strictObject({ type: z.literal('play'), card: bridgeCardSchema }),
  z.strictObject({ type: z.literal('gather') }),
  z.strictObject({ type: z.literal('continue') }),
]);

const contractSchema = z.object({
  level,
  strain: bridgeStrainSchema,
  doubled,
  declarer: seat,
  declarerHand: handId,
  dummyHand: handId,
});

const playedSchema = z.object({ hand: handId, card: bridgeCardSchema });

const scoreEntrySchema = z.object({
  deal: count,
  account: count,
  line: z.enum(['above', 'below']),
  points,
  kind: z.enum(SCORE_KINDS),
  game: count,
});

export const bridgeScoreSchema = z.object({
  above: z.array(points),
  below: z.array(points),
  currentGame: z.array(points),
  games: z.array(count),
  gameNumber: count,
  handsPlayed: count,
  entries: z.array(scoreEntrySchema),
});

export const bridgeHandResultSchema = z.object({
  deal: count,
  dealer: seat,
  outcome: z.enum(OUTCOMES),
  contract: contractSchema.nullable(),
  declarerTricks: count.nullable(),
  made: z.boolean().nullable(),
  entries: z.array(scoreEntrySchema),
  gameWonBy: count.nullable(),
  dealt: z.array(cards).nullable(),
});

export const bridgeResultSchema = z.object({
  winners: z.array(count),
  reason: z.enum(['rubber', 'hand-limit']),
  totals: z.array(points),
  margin: points,
});

const promptSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('call'),
    bids: z.array(z.object({ level, strain: bridgeStrainSchema })),
    canDouble: z.boolean(),
    canRedouble: z.boolean(),
  }),
  z.object({ kind: z.literal('play'), hand: handId, cards }),
  z.object({ kind: z.literal('continue') }),
]);

/** A seat's or a spectator's view: exactly what the rules' `bridgeView(state, viewer)` returns. */
export const bridgeViewSchema = z.object({
  viewer: z.union([seat, z.literal('spectator')]),
  config: bridgeConfigSchema,
  playerCount: count,
  accountCount: count,
  version: count,
  phase: z.enum(PHASES),
  toAct: z.array(seat),
  deal: count,
  dealer: seat,
  ownHand: handId.nullable(),
  hand: cards.nullable(),
  handCounts: z.array(count),
  calls: z.array(z.object({ seat, call: callSchema })),
  contract: contractSchema.nullable(),
  dummy: cards.nullable(),
  table: z.array(handId),
  turn: handId.nullable(),
  trick: z.array(playedSchema),
  tricks: z.array(z.object({ leader: handId, cards: z.array(playedSchema), winner: handId })),
  tricksWon: z.array(count),
  trickWinner: handId.nullable(),
  score: bridgeScoreSchema,
  history: z.array(bridgeHandResultSchema),
  result: bridgeResultSchema.nullable(),
  handResult: bridgeHandResultSchema.nullable(),
  prompt: promptSchema.nullable(),
});
