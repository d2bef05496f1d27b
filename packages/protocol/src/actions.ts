/**
 * The game actions a client may send, as zod schemas: any game's action. The `act`
 * message accepts an action of any game (the message is parsed before the table is
 * known); the table then checks it with its own game's schema (`protocolGame(id)
 * .actionSchema`), and `apply` judges it. The games' own schemas mirror the rules' action
 * types (checked at compile time in games/*.ts).
 */
import type { Action } from '@kibitz/rules';
import type { BridgeAction } from '@kibitz/rules/bridge';
import { z } from 'zod';
import { bridgeActionSchema } from './games/bridge.ts';
import { cardSchema, pinochleActionSchema, suitSchema } from './games/pinochle.ts';

export { cardSchema, suitSchema };

/** An action of any game (Pinochle first: a Pinochle action never takes the Bridge branch). */
export const actionSchema = z.union([pinochleActionSchema, bridgeActionSchema]);

// Both directions: every parsed action is some game's action, and every game's action parses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsMatch: Same<z.infer<typeof actionSchema>, Action | BridgeAction> = true;
void actionsMatch;
