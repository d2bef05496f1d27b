/**
 * Seats: taking and leaving them, holding them for a player who is away or who stood
 * up during a game, and releasing them at the hold's deadline. During a game a member
 * may only ever sit in one seat, so nobody sees two hands of the same deal.
 */
import type { SeatIndex } from '@kibitz/rules';
import { type Refused, type Reply, refused } from './commands.ts';
import type { Out } from './out.ts';
import {
  type CoreState,
  gameRunning,
  isConnected,
  memberAt,
  seatOf,
  socketsOf,
  withMember,
  withSeat,
} from './state.ts';

export const OK = Object.freeze({ ok: true as const });

/** Why `memberId` may not sit in `seat` now, or null if they may. */
export function seatProblem(state: CoreState, memberId: string, seat: SeatIndex): Refused | null {
  if (seat >= state.seats.length) {
    return refused('no-such-seat', `This table has seats 0 to ${state.seats.length - 1}`);
  }
  const holder = state.seats[seat];
  if (holder != null && !holder.left && holder.memberId !== memberId) {
    return refused(
      'seat-taken',
      holder.heldUntil === null ? `Seat ${seat} is taken` : `Seat ${seat} is held for its player`,
    );
  }
  const held = gameRunning(state) ? state.game!.holders.get(memberId) : undefined;
  if (held !== undefined && held !== seat) {
    return refused('seat-locked', `During this game you may only sit in seat ${held}`);
  }
  if (holder?.left && holder.memberId !== memberId) {
    const name = state.members.get(holder.memberId)?.name ?? 'its player';
    return refused('seat-held', `Seat ${seat} is held for ${name} for a while: they left it during the game`);
  }
  return null;
}

/** Moves a member to a seat, or off their seat (null); stored, then everyone is told. */
export function seatMember(state: CoreState, out: Out, memberId: string, seat: SeatIndex | null): CoreState {
  const previous = seatOf(state, memberId);
  let next = state;
  if (previous !== null) next = withSeat(next, previous, null);
  // A vote to play again belongs to whoever cast it, not to whoever sits there next.
  if (previous !== null && previous !== seat && next.playAgain.includes(previous)) {
    next = { ...next, playAgain: next.playAgain.filter((voter) => voter !== previous) };
  }
  if (seat !== null) {
    // Seated while away (the host moved them): the seat is held for them from now.
    const away = !next.members.get(memberId)!.bot && !isConnected(next, next.members.get(memberId)!);
    const heldUntil = away ? out.now + next.settings.seatGraceSeconds * next.limits.secondMs : null;
    next = withSeat(next, seat, { memberId, heldUntil, left: false });
    const game = next.game;
    if (game !== null && gameRunning(next) && game.holders.get(memberId) !== seat) {
      const holders = new Map(game.holders);
      holders.set(memberId, seat);
      next = { ...next, game: { ...game, holders } };
    }
  }
  const member = next.members.get(memberId)!;
  const gone = seat === null && !member.bot && !isConnected(next, member);
  if ((member.goneSince !== null) !== gone) {
    next = withMember(next, { ...member, goneSince: gone ? out.now : null });
  }
  out.store({ op: 'set-seats', changes: [{ playerId: memberId, seat }] });
  out.views(socketsOf(next, memberId), true);
  out.table();
  return next;
}

export function takeSeat(state: CoreState, out: Out, socketId: string, seat: SeatIndex): CoreState | Refused {
  const member = memberAt(state, socketId);
  if (member === undefined) return refused('not-at-table', 'Join the table with a name to take a seat');
  const problem = seatProblem(state, member.id, seat);
  if (problem) return problem;
  const holder = state.seats[seat];
  if (holder?.memberId === member.id) {
    if (!holder.left && holder.heldUntil === null) return state;
    // Back in the seat they stood up from (or were away from).
    const next = withSeat(state, seat, { memberId: member.id, heldUntil: null, left: false });
    out.views(socketsOf(next, member.id), true);
    out.table();
    return next;
  }
  return seatMember(state, out, member.id, seat);
}

/**
 * Standing up. Between games the seat is free at once; during a game it is held for the
 * leaver for the grace period (a bot stands in when the house says so), so nobody else
 * can slip into a hand that is being played.
 */
export function leaveSeat(state: CoreState, out: Out, socketId: string): CoreState | Refused {
  const member = memberAt(state, socketId);
  if (member === undefined) return refused('not-at-table', 'You are not at this table');
  const seat = seatOf(state, member.id);
  if (seat === null || state.seats[seat]!.left) return refused('not-seated', 'You are not in a seat');
  if (!gameRunning(state)) return seatMember(state, out, member.id, null);
  const heldUntil = out.now + state.settings.seatGraceSeconds * state.limits.secondMs;
  const next = withSeat(state, seat, { memberId: member.id, heldUntil, left: true });
  out.views(socketsOf(next, member.id), true);
  out.table();
  return next;
}

/** A seated human's last connection closed: keep the seat for the grace period. */
export function holdIfAway(state: CoreState, memberId: string, now: number): CoreState {
  const seat = seatOf(state, memberId);
  if (seat === null) return state;
  const holder = state.seats[seat]!;
  if (holder.heldUntil !== null) return state;
  const heldUntil = now + state.settings.seatGraceSeconds * state.limits.secondMs;
  return withSeat(state, seat, { ...holder, heldUntil });
}

/** The hold's deadline came: the seat is free (they may still come back as a spectator). */
export function releaseSeat(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  memberId: string,
): CoreState | Refused {
  const holder = state.seats[seat];
  if (holder?.memberId !== memberId || holder.heldUntil === null || holder.heldUntil > out.now) {
    return refused('no-such-seat', 'That hold is no longer running');
  }
  out.push({
    kind: 'log',
    level: 'info',
    message: 'seat released after grace period',
    details: { table: state.code, player: memberId, seat },
  });
  return seatMember(state, out, memberId, null);
}

export function replyOk(): Reply {
  return OK;
}
