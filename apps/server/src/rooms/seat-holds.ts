/**
 * Seats left mid-game: a player who stands up while a game runs keeps the seat for the
 * table's grace period (a bot stands in when the table says so, see autoplay.ts), and
 * nobody else may take it meanwhile (seating.ts `seatProblem`). Then it opens.
 */
import type { Member } from './member.ts';
import type { Table } from './table.ts';

/** A seat its player left while a game ran: nobody else may take it until `until`. */
export interface SeatHold {
  memberId: string;
  /** ms since epoch */
  until: number;
  timer: NodeJS.Timeout;
}

/** Keeps `seat` for `member` for the grace period, then opens it to anyone. */
export function holdLeftSeat(table: Table, member: Member, seat: number): void {
  releaseLeftSeat(table, seat);
  const graceMs = table.settings.seatGraceSeconds * table.ctx.timing.secondMs;
  const timer = setTimeout(() => {
    table
      .run(() => {
        if (table.heldSeats.get(seat)?.timer !== timer) return;
        table.heldSeats.delete(seat);
        table.ctx.logger.info(
          { table: table.code, player: member.id, seat },
          'seat left mid-game released after grace period',
        );
        table.broadcastTable();
        table.autoplay.reschedule();
      })
      .catch((error: unknown) => {
        table.ctx.logger.error({ err: error, table: table.code }, 'releasing a left seat failed');
      });
  }, graceMs);
  timer.unref();
  table.heldSeats.set(seat, { memberId: member.id, until: table.ctx.now() + graceMs, timer });
}

/** Ends the hold on a seat someone left (they took it back, the game ended, they were removed). */
export function releaseLeftSeat(table: Table, seat: number): void {
  const hold = table.heldSeats.get(seat);
  if (hold === undefined) return;
  clearTimeout(hold.timer);
  table.heldSeats.delete(seat);
}

/** The game is over: every seat left during it opens. */
export function releaseLeftSeats(table: Table): void {
  for (const seat of [...table.heldSeats.keys()]) releaseLeftSeat(table, seat);
}
