/** Questions about a table's seats and sides, for any game (TableShape comes from its module). */
import type { SeatIndex, TableShape } from './types.ts';

/** The side (score account) `seat` belongs to. */
export function sideOfSeat(table: TableShape, seat: SeatIndex): number {
  return table.sides.findIndex((side) => side.includes(seat));
}

/** The other seats of `seat`'s side: its partner in a partnership game, none when each plays alone. */
export function partnersOf(table: TableShape, seat: SeatIndex): SeatIndex[] {
  return (table.sides[sideOfSeat(table, seat)] ?? []).filter((other) => other !== seat);
}
