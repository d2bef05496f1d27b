/**
 * Seats: taking and leaving them, and holding a seat for a grace period, both for a
 * player who dropped and for one who stood up mid-game. During a game a member may
 * only ever sit in one seat, so nobody sees two hands of the same deal.
 */
import type { Member } from './member.ts';
import { done, type Outcome, type Refusal, refuse } from './outcome.ts';
import { holdLeftSeat, releaseLeftSeat } from './seat-holds.ts';
import type { Table } from './table.ts';

function gameRunning(table: Table): boolean {
  return table.game !== null && !table.game.finished;
}

/** Why `member` may not sit in `seat` now, or null if they may. */
export function seatProblem(table: Table, member: Member, seat: number): Refusal | null {
  if (seat >= table.seats.length) {
    return refuse('no-such-seat', `This table has seats 0 to ${table.seats.length - 1}`);
  }
  const occupant = table.seats[seat];
  if (occupant != null && occupant !== member.id) return refuse('seat-taken', `Seat ${seat} is taken`);
  const held = gameRunning(table) ? table.game!.seatHolders.get(member.id) : undefined;
  if (held !== undefined && held !== seat) {
    return refuse('seat-locked', `During this game you may only sit in seat ${held}`);
  }
  const hold = table.heldSeats.get(seat);
  if (hold !== undefined && hold.memberId !== member.id) {
    const holder = table.members.get(hold.memberId)?.name ?? 'its player';
    return refuse(
      'seat-held',
      `Seat ${seat} is held for ${holder} for a while: they left it during the game`,
    );
  }
  return null;
}

/** Moves a member to a seat (or to the spectators: null), stored first, then told to everyone. */
export async function seatMember(table: Table, member: Member, seat: number | null): Promise<void> {
  await table.ctx.store.setSeats([{ playerId: member.id, seat }]);
  const previous = member.seat;
  if (previous !== null && table.seats[previous] === member.id) table.seats[previous] = null;
  // A vote to play again belongs to whoever cast it, not to whoever sits there next.
  if (previous !== null && previous !== seat) table.playAgain.delete(previous);
  member.seat = seat;
  if (seat !== null) {
    table.seats[seat] = member.id;
    if (gameRunning(table)) table.game!.seatHolders.set(member.id, seat);
    // Back in the seat they left: it need not be held any longer.
    releaseLeftSeat(table, seat);
  }
  clearHold(member);
  table.refreshViewer(member);
  table.broadcastTable();
  table.autoplay.reschedule();
}

export async function takeSeat(table: Table, socketId: string, seat: number): Promise<Outcome> {
  const member = table.memberOf(socketId);
  if (member === undefined) return refuse('not-at-table', 'Join the table with a name to take a seat');
  const problem = seatProblem(table, member, seat);
  if (problem) return problem;
  if (member.seat !== seat) await seatMember(table, member, seat);
  return done;
}

export async function leaveSeat(table: Table, socketId: string): Promise<Outcome> {
  const member = table.memberOf(socketId);
  if (member === undefined) return refuse('not-at-table', 'You are not at this table');
  if (member.seat === null) return refuse('not-seated', 'You are not in a seat');
  const seat = member.seat;
  // Mid-game the seat waits for its player (a bot stands in when the table says so);
  // before or after a game it opens at once.
  if (gameRunning(table)) holdLeftSeat(table, member, seat);
  await seatMember(table, member, null);
  return done;
}

function clearHold(member: Member): void {
  if (member.holdTimer !== null) clearTimeout(member.holdTimer);
  member.holdTimer = null;
  member.heldUntil = null;
}

/** A seated player dropped: keep their seat for the table's grace period. */
export function holdSeat(table: Table, member: Member): void {
  clearHold(member);
  const graceMs = table.settings.seatGraceSeconds * table.ctx.timing.secondMs;
  member.heldUntil = table.ctx.now() + graceMs;
  member.holdTimer = setTimeout(() => {
    member.holdTimer = null;
    table
      .run(() => releaseHeldSeat(table, member))
      .catch((error: unknown) => {
        table.ctx.logger.error({ err: error, table: table.code }, 'releasing a held seat failed');
      });
  }, graceMs);
  member.holdTimer.unref();
}

/** They came back in time: the seat is theirs as before. */
export function returnToSeat(table: Table, member: Member): void {
  clearHold(member);
  table.autoplay.reschedule();
}

async function releaseHeldSeat(table: Table, member: Member): Promise<void> {
  if (table.closing || member.heldUntil === null || member.sockets.size > 0 || member.seat === null) return;
  if (!table.members.has(member.id)) return;
  table.ctx.logger.info(
    { table: table.code, player: member.id, seat: member.seat },
    'seat released after grace period',
  );
  await seatMember(table, member, null);
}
