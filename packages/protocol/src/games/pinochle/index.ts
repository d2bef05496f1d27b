/** The Pinochle family on the wire: its schemas (schemas.ts) as the protocol registry takes them. */
import type { Action, GameView, RejectionCode } from '@kibitz/rules/pinochle';
import type { ProtocolGame, ProtocolGameExamples } from '../game.ts';
import {
  gameResultSchema,
  handResultSchema,
  pinochleActionSchema,
  pinochleConfigSchema,
  pinochleViewSchema,
} from './schemas.ts';

export * from './schemas.ts';

/** The types the schemas mirror (schemas.test.ts checks both ways). */
export type PinochleWireView = GameView;
export type PinochleWireAction = Action;

const REJECTION_CODES = [
  'game-over',
  'not-a-seat',
  'not-your-turn',
  'wrong-phase',
  'malformed-action',
  'bid-too-low',
  'bid-not-allowed',
  'cannot-pass',
  'card-not-in-hand',
  'illegal-card',
  'wrong-card-count',
  'trump-needs-marriage',
  'cannot-concede',
  'cannot-call-redeal',
  'must-pass-requested-suit',
] as const satisfies readonly RejectionCode[];
// The compiler checks the list is complete.
const complete: Exclude<RejectionCode, (typeof REJECTION_CODES)[number]> extends never ? true : never = true;
void complete;

/** The README's example messages are a Pinochle table's (the registry's first game). */
const EXAMPLES: ProtocolGameExamples = {
  config: { variant: 'cutthroat' },
  rulesUpdate: { variant: 'auction-west', minimumBid: 300 },
  action: { type: 'bid', amount: 320 },
  result: { winners: [0], reason: 'target', finalScores: [1510, 900, 1220] },
};

export const pinochleProtocol = {
  id: 'pinochle',
  configSchema: pinochleConfigSchema,
  viewSchema: pinochleViewSchema,
  sentViewSchema: pinochleViewSchema.partial().strict(),
  actionSchema: pinochleActionSchema,
  resultSchema: gameResultSchema,
  handResultSchema,
  rejectionCodes: REJECTION_CODES,
  docs: {
    name: 'Pinochle',
    naming: 'a Pinochle `variant` alone',
    config: "The Pinochle variant, its house rules and the table options (the rules' own schema).",
    view: 'A Pinochle view.',
    action: "What a seat may send in `act` at a Pinochle table (`gather` is the server's: `server-action`).",
    handResult: 'How a Pinochle hand was scored.',
    result: 'The end of a Pinochle game.',
    examples: EXAMPLES,
  },
} as const satisfies ProtocolGame;
