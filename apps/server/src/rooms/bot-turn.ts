/**
 * A bot's turn at a table of any game, asked the agreed way: `{ game, table, seat, level,
 * state, stillDue }` (BRIEF, "Bots for any game"). The bots helper makes
 * `BotPlayers.ask` take exactly this for every game (issue 10); until that lands this
 * adapter is the smallest bridge to today's Pinochle-only `ask`: Pinochle turns go to it
 * unchanged, Bridge turns are decided here, in-process, by the rule-based bidder and player
 * (`decideBridgeBot` at 'easy': under a millisecond; the searching levels would hold up
 * the socket thread, so they wait for the pool). When BotPlayers.ask takes `game`, the
 * shell calls it directly and this file goes.
 */
import { decideBridgeBot } from '@kibitz/bots';
import type { GameState, Seat } from '@kibitz/rules';
import { type BridgeState, bridgeView } from '@kibitz/rules/bridge';
import type { BotPlayers } from '../bots/bot-players.ts';
import type { GameAction } from '../table-core/game.ts';
import type { BotLevel } from '../table-core/state.ts';

export interface AnyBotTurn {
  /** The game's registry id (`gameIdOf(config)`). */
  game: string;
  table: string;
  seat: Seat;
  level: BotLevel;
  /** The game's own state; a bot sees only its seat's view of it. */
  state: unknown;
  stillDue(): boolean;
}

export function askBot(bots: BotPlayers, owner: object, turn: AnyBotTurn): Promise<GameAction | null> {
  const { game, table, seat, state, stillDue } = turn;
  if (game === 'pinochle') {
    return bots.ask(owner, { table, seat, level: turn.level, state: state as GameState, stillDue });
  }
  if (game === 'auction-bridge') {
    const view = bridgeView(state as BridgeState, seat);
    const { action } = decideBridgeBot({ view, level: 'easy', seed: `${table}:${view.version}:${seat}` });
    return Promise.resolve(action);
  }
  return Promise.reject(new Error(`no bots play "${game}"`));
}
