/** Pinochle's points as the table shows them, its sides and its score sheet's rows. */
import { type GameConfig, type HandResult, pointScale } from '@kibitz/rules/pinochle';

/** Three-handed tables may show every value divided by ten (house rule scoresDividedBy10): the rules say. */
export { pointScale };

export function formatPoints(value: number, config: GameConfig): string {
  const scaled = value / pointScale(config);
  const text = Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1);
  return text.replace('-', '−');
}

export function formatDelta(value: number, config: GameConfig): string {
  return value > 0 ? `+${formatPoints(value, config)}` : formatPoints(value, config);
}

/** The side a seat scores for: itself when three-handed, its team (0+2, 1+3) in double deck. */
export function sideOf(seat: number, sideCount: number): number {
  return sideCount === 2 ? seat % 2 : seat;
}

export function seatsOfSide(side: number, seatCount: number, sideCount: number): number[] {
  return Array.from({ length: seatCount }, (_, seat) => seat).filter(
    (seat) => sideOf(seat, sideCount) === side,
  );
}

export interface SheetRow {
  hand: number;
  result: HandResult;
  /** Running score per side after this hand. */
  totals: number[];
}

/** One row per finished hand, with the running totals (scores start at 0). */
export function sheetRows(history: readonly HandResult[], sideCount: number): SheetRow[] {
  const totals = new Array<number>(sideCount).fill(0);
  return history.map((result, index) => {
    result.delta.forEach((delta, side) => {
      totals[side] = (totals[side] ?? 0) + delta;
    });
    return { hand: index + 1, result, totals: [...totals] };
  });
}

/** The message key for how a hand ended: 'made'/'set' for played hands. */
export function outcomeKey(
  result: HandResult,
): 'outcome.made' | 'outcome.set' | `outcome.${Exclude<HandResult['outcome'], 'played'>}` | 'outcome.played' {
  if (result.outcome === 'played') {
    if (result.made === null) return 'outcome.played';
    return result.made ? 'outcome.made' : 'outcome.set';
  }
  return `outcome.${result.outcome}`;
}
