/**
 * The game actions a client may send, as zod schemas: any game's action. The `act`
 * message accepts an action of any game (the message is parsed before the table is
 * known); the table then checks it with its own game's schema (`protocolGame(id)
 * .actionSchema`), and `apply` judges it. The games' own schemas mirror the rules' action
 * types (checked at compile time in games/<game>/schemas.test.ts).
 */
import type { z } from 'zod';
import { type AnyGameAction, cardSchema, gameActionSchema, suitSchema } from './games/index.ts';

export { cardSchema, suitSchema };

/** An action of any game, tried in the registry's order (games/index.ts). */
export const actionSchema = gameActionSchema;

// Both directions: every parsed action is some game's action, and every game's action parses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsMatch: Same<z.infer<typeof actionSchema>, AnyGameAction> = true;
void actionsMatch;
