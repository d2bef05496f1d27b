/**
 * The game actions a client may send, as zod schemas. They mirror the rules' `Action`
 * type (checked at compile time below); the server still lets `apply` judge every
 * action, this only keeps malformed shapes off the engine.
 */
import type { Action } from '@kibitz/rules';
import { z } from 'zod';
import { cardSchema, suitSchema } from './games/pinochle.ts';

export { cardSchema, suitSchema };

const cardList = z.array(cardSchema).max(20);

export const actionSchema = z.discriminatedUnion('type', [
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
const actionsMatch: Same<z.infer<typeof actionSchema>, Action> = true;
void actionsMatch;
