/** Pure helpers for what any table shows: seat positions and the turn timer. */

export type Position = 'bottom' | 'left' | 'top' | 'right';

/**
 * Where a seat sits as seen from `me` (the viewer's seat; spectators see seat 0 at the
 * bottom). Play goes to the left: the next seat sits on the left.
 */
export function positionOf(seat: number, me: number | null, seatCount: number): Position {
  const relative = (seat - (me ?? 0) + seatCount) % seatCount;
  if (relative === 0) return 'bottom';
  if (seatCount === 3) return relative === 1 ? 'left' : 'right';
  return (['bottom', 'left', 'top', 'right'] as const)[relative]!;
}

/** Whole seconds left until `endsAt` (ms), never below zero. */
export function secondsUntil(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
