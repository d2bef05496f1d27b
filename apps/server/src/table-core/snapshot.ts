/** The public table (the `table` event): seats, named spectators, a count of watchers. */
import type { TableState } from '@kibitz/protocol';
import { isOver, versionOf } from './game.ts';
import { type CoreState, isConnected, isStandIn, seatOf } from './state.ts';

export function snapshot(state: CoreState, now: number): TableState {
  const seats = state.seats.map((holder, seat) => {
    const member = holder === null ? undefined : state.members.get(holder.memberId);
    if (holder === null || member === undefined) return { seat, player: null, heldFor: null };
    if (holder.left) {
      // They stood up mid-game: the seat waits for them (they look on meanwhile).
      return {
        seat,
        player: null,
        heldFor: { playerId: member.id, name: member.name, until: holder.heldUntil ?? now },
      };
    }
    return {
      seat,
      heldFor: null,
      player: {
        id: member.id,
        name: member.name,
        bot: member.bot,
        botLevel: member.botLevel,
        connected: isConnected(state, member),
        standIn: isStandIn(state, seat),
        heldUntil: holder.heldUntil !== null && holder.heldUntil > now ? holder.heldUntil : null,
      },
    };
  });
  const spectators = [...state.members.values()]
    .filter((member) => {
      if (member.bot) return false;
      const seat = seatOf(state, member.id);
      return seat === null || state.seats[seat]!.left;
    })
    .map((member) => ({ id: member.id, name: member.name, connected: isConnected(state, member) }));
  let watchers = 0;
  for (const memberId of state.sockets.values()) if (memberId === null) watchers++;
  const game = state.game;
  return {
    code: state.code,
    name: state.name,
    listed: state.listed,
    hostId: state.hostId,
    rules: state.config,
    settings: state.settings,
    seats,
    spectators,
    watchers,
    playAgain: [...state.playAgain],
    game:
      game === null
        ? null
        : {
            id: game.id,
            number: game.number,
            status: isOver(game) ? 'finished' : 'running',
            version: versionOf(game),
            hints: [...game.hints],
          },
  };
}
