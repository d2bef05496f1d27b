/**
 * Who is here: named members joining (new, or back with their token), anonymous
 * watchers (counted, never listed), sockets leaving, members who are gone expiring,
 * and the host removing someone.
 */

import { type Refused, refused } from './commands.ts';
import { commitmentOf } from './fair-deal.ts';
import { gameOverPayload, isOver } from './game.ts';
import type { Out } from './out.ts';
import { holdIfAway, seatMember } from './seats.ts';
import {
  type CoreState,
  isConnected,
  type Member,
  seatOf,
  socketsOf,
  withMember,
  withSeat,
} from './state.ts';

export interface Joined {
  state: CoreState;
  memberId: string | null;
}

function withSocket(state: CoreState, socketId: string, memberId: string | null): CoreState {
  const sockets = new Map(state.sockets);
  sockets.set(socketId, memberId);
  return { ...state, sockets };
}

/**
 * A named guest joins. The same socket joining again stays the same member, and a
 * token brings back the member it names: one member per guest, not one per join.
 */
export function join(
  state: CoreState,
  out: Out,
  command: {
    socketId: string;
    displayName: string | null;
    claim: string | 'bad-token' | null;
    newId: string;
  },
): CoreState | Refused {
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  const { socketId, claim } = command;
  let member: Member | undefined;
  let fresh = false;
  if (claim !== null) {
    member = claim === 'bad-token' ? undefined : state.members.get(claim);
    if (member === undefined || member.bot) {
      return refused(
        'bad-token',
        'That token does not belong to this table (join without one to start afresh)',
      );
    }
  } else {
    const current = state.sockets.get(socketId);
    member = current == null ? undefined : state.members.get(current);
    if (member === undefined) {
      if (command.displayName === null)
        return refused('name-needed', 'Give a name to join (or send your token)');
      if (state.members.size >= state.limits.maxMembers) {
        return refused('table-full', 'This table has as many guests as it can take: watch it instead');
      }
      member = { id: command.newId, name: command.displayName, bot: false, botLevel: null, goneSince: null };
      fresh = true;
      out.store({
        op: 'add-player',
        player: { id: member.id, displayName: member.name, seat: null, isBot: false },
      });
    }
  }
  let next = leave(state, out, socketId, { keepMember: member.id });
  next = withSocket(next, socketId, member.id);
  if (member.goneSince !== null || fresh) next = withMember(next, { ...member, goneSince: null });
  const seat = seatOf(next, member.id);
  const holder = seat === null ? null : next.seats[seat]!;
  if (holder !== null && !holder.left && holder.heldUntil !== null) {
    // Back in time: the seat is theirs as before.
    next = withSeat(next, seat!, { ...holder, heldUntil: null });
  }
  out.push({ kind: 'welcome', socketId, memberId: member.id, seat, host: member.id === next.hostId });
  out.table();
  out.tableFor(socketId);
  catchUp(next, out, socketId, fresh ? 'chat' : 'no-chat');
  return next;
}

/** An anonymous kibitzer: sees the public table only, cannot sit or chat. */
export function watch(state: CoreState, out: Out, socketId: string): CoreState | Refused {
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  const first = !state.sockets.has(socketId);
  let next = leave(state, out, socketId, {});
  next = withSocket(next, socketId, null);
  out.push({ kind: 'welcome', socketId, memberId: null, seat: null, host: false });
  out.table();
  out.tableFor(socketId);
  catchUp(next, out, socketId, first ? 'chat' : 'no-chat');
  return next;
}

/**
 * A socket leaves (it closed, or it now belongs to another table or member). A seated
 * player left without a connection has their seat held; anyone else starts to expire.
 */
export function leave(
  state: CoreState,
  out: Out,
  socketId: string,
  options: { keepMember?: string },
): CoreState {
  if (!state.sockets.has(socketId)) return state;
  const memberId = state.sockets.get(socketId)!;
  const sockets = new Map(state.sockets);
  sockets.delete(socketId);
  const next: CoreState = { ...state, sockets };
  out.table();
  if (memberId === null || memberId === options.keepMember) return next;
  const member = next.members.get(memberId);
  if (member === undefined || isConnected(next, member)) return next;
  if (seatOf(next, memberId) !== null) return holdIfAway(next, memberId, out.now);
  return withMember(next, { ...member, goneSince: out.now });
}

/** A member gone long enough is forgotten (the host's place is kept for them). */
export function forgetMember(state: CoreState, out: Out, memberId: string): CoreState | Refused {
  const member = state.members.get(memberId);
  if (
    member === undefined ||
    member.goneSince === null ||
    member.goneSince + state.limits.goneMemberMs > out.now ||
    memberId === state.hostId
  ) {
    return refused('no-such-player', 'Nobody to forget');
  }
  return removeMember(state, out, memberId, 'gone');
}

/** Takes a member off the table for good: their token no longer admits them. */
export function removeMember(state: CoreState, out: Out, memberId: string, reason: string): CoreState {
  let next = state;
  const seat = seatOf(next, memberId);
  if (seat !== null) next = withSeat(next, seat, null);
  if (seat !== null && next.playAgain.includes(seat)) {
    next = { ...next, playAgain: next.playAgain.filter((voter) => voter !== seat) };
  }
  const members = new Map(next.members);
  members.delete(memberId);
  const chatTimes = new Map(next.chatTimes);
  chatTimes.delete(memberId);
  const leaving = socketsOf(next, memberId);
  const sockets = new Map(next.sockets);
  for (const socketId of leaving) sockets.delete(socketId);
  next = { ...next, members, sockets, chatTimes };
  out.store({ op: 'remove-player', playerId: memberId });
  out.send(leaving, { event: 'removed', payload: { table: state.code, reason } });
  if (leaving.length > 0) out.push({ kind: 'release', socketIds: leaving });
  out.table();
  return next;
}

/** The host (or a rules change) sends a human to the spectators. */
export function unseat(state: CoreState, out: Out, memberId: string): CoreState {
  return seatOf(state, memberId) === null ? state : seatMember(state, out, memberId, null);
}

/** Brings one socket up to date: chat (first visit only), the deal's commitment, a whole view. */
export function catchUp(state: CoreState, out: Out, socketId: string, chat: 'chat' | 'no-chat'): void {
  if (chat === 'chat')
    for (const message of state.recentChat) out.send([socketId], { event: 'chat', payload: message });
  const game = state.game;
  if (game === null) return;
  const commitment = commitmentOf(game.module, game.state);
  if (commitment !== null)
    out.send([socketId], { event: 'deal', payload: { gameId: game.id, ...commitment } });
  out.views([socketId], true);
  if (isOver(game)) out.send([socketId], { event: 'game-over', payload: gameOverPayload(game) });
}
