/**
 * The schemas of what a game sends: its config, its view, a hand's and a game's result.
 * Today every table plays Pinochle. A game with other views (Bridge: @kibitz/rules/bridge)
 * adds its own file beside pinochle.ts, and the schemas here become a union of the games'
 * (told apart by the config's `variant`), so the events in server-messages.ts need not change.
 */
export {
  gameResultSchema,
  handResultSchema,
  pinochleConfigSchema as gameConfigSchema,
  pinochleViewSchema as gameViewSchema,
} from './pinochle.ts';
