/** Auction Bridge on the wire: its schemas (schemas.ts) as the protocol registry takes them. */
import type { BridgeAction, BridgeRejectionCode, BridgeView } from '@kibitz/rules/bridge';
import type { ProtocolGame } from '../game.ts';
import {
  bridgeActionSchema,
  bridgeConfigSchema,
  bridgeHandResultSchema,
  bridgeResultSchema,
  bridgeViewSchema,
} from './schemas.ts';

export * from './schemas.ts';

/** The types the schemas mirror (schemas.test.ts checks both ways). */
export type BridgeWireView = BridgeView;
export type BridgeWireAction = BridgeAction;

const REJECTION_CODES = [
  'game-over',
  'not-a-seat',
  'not-your-turn',
  'wrong-phase',
  'malformed-action',
  'bid-too-low',
  'cannot-double',
  'cannot-redouble',
  'card-not-in-hand',
  'must-follow-suit',
] as const satisfies readonly BridgeRejectionCode[];
// The compiler checks the list is complete.
const complete: Exclude<BridgeRejectionCode, (typeof REJECTION_CODES)[number]> extends never ? true : never =
  true;
void complete;

export const bridgeProtocol = {
  id: 'auction-bridge',
  configSchema: bridgeConfigSchema,
  viewSchema: bridgeViewSchema,
  sentViewSchema: bridgeViewSchema.partial().strict(),
  actionSchema: bridgeActionSchema,
  resultSchema: bridgeResultSchema,
  handResultSchema: bridgeHandResultSchema,
  rejectionCodes: REJECTION_CODES,
  docs: {
    name: 'Bridge',
    naming: '`game` (`"auction-bridge"`, with `players` 4 or 3)',
    config:
      "Auction Bridge (`game: 'auction-bridge'`, `players` 4 or 3), its house rules and the table options (the rules' own schema).",
    view: "An Auction Bridge view. `dummy` is null until the opening lead, then the dummy's cards for everyone; the blind hand (hand 3, three players) is in no view before then; when the dummy is to play, only the declarer is in `toAct` and gets the `play` prompt (its `hand` is the dummy's).",
    action:
      "What a seat may send in `act` at a Bridge table: the declarer plays the dummy's cards with `play` (`gather` is the server's). An action of another game is refused `malformed-action`.",
    handResult: 'How a Bridge hand was scored: the lines it wrote above and below the line.',
    result:
      'The end of a rubber (or of the hand limit): winning score accounts (four players: 0 = seats 0+2, 1 = seats 1+3; three: the seat) and the margin.',
  },
} as const satisfies ProtocolGame;
