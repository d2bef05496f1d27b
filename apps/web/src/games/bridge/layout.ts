/**
 * Where Bridge's four hands lie on the screen, seen from the viewer's chair: the viewer
 * at the bottom (South), the partner across (North), the left-hand opponent on the left
 * (West), the right-hand one on the right (East). Spectators see hand 0 at the bottom.
 *
 * In the three-person form the blind hand lies in the empty place (after seat 2) during
 * the auction; once the contract is made it lies opposite the declarer, and the view's
 * `table` gives the hands clockwise from the declarer (packages/rules/src/bridge, reading 4).
 */
import type { BridgeHandId, BridgeView } from '@kibitz/rules/bridge';
import type { Position } from '../../lib/format.ts';

/** Clockwise from the bottom, as play goes round: the next hand sits on the left. */
export const CLOCKWISE: readonly Position[] = ['bottom', 'left', 'top', 'right'];

type LayoutView = Pick<BridgeView, 'table' | 'ownHand'>;

/** The four hands clockwise around the table. */
export function handsAround(view: LayoutView): BridgeHandId[] {
  return view.table.length === 4 ? [...view.table] : [0, 1, 2, 3];
}

/** The position of every hand (index = hand id) as the viewer sees the table. */
export function handPositions(view: LayoutView): Position[] {
  const around = handsAround(view);
  const start = Math.max(0, around.indexOf(view.ownHand ?? 0));
  const positions: Position[] = [];
  around.forEach((hand, index) => {
    positions[hand] = CLOCKWISE[(index - start + 4) % 4]!;
  });
  return positions;
}

/** The hand lying at `position`. */
export function handAt(view: LayoutView, position: Position): BridgeHandId {
  return handPositions(view).indexOf(position);
}

type AuctionView = Pick<BridgeView, 'table' | 'ownHand' | 'playerCount' | 'dealer' | 'calls'>;

/**
 * The auction's customary grid: one column per bidding seat in clockwise order from the
 * viewer's left (West, North, East, South), the first call under the dealer, each row one
 * round. Cells before the dealer's first call are empty (null).
 */
export function auctionGrid(view: AuctionView): {
  columns: { seat: number; position: Position }[];
  rows: (number | null)[][];
} {
  const positions = handPositions(view);
  const columns = (['left', 'top', 'right', 'bottom'] as const)
    .map((position) => ({ seat: positions.indexOf(position), position }))
    .filter((column) => column.seat >= 0 && column.seat < view.playerCount);
  const first = columns.findIndex((column) => column.seat === view.dealer);
  const rows: (number | null)[][] = [];
  view.calls.forEach((entry, index) => {
    const cell = first + index;
    const row = Math.floor(cell / columns.length);
    rows[row] ??= new Array<number | null>(columns.length).fill(null);
    // The call's own seat decides its column; in a legal auction it is always this one.
    const column = columns.findIndex((c) => c.seat === entry.seat);
    rows[row]![column >= 0 ? column : cell % columns.length] = index;
  });
  return { columns, rows };
}
