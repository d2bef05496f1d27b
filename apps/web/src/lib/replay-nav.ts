/** Moving through a replay by hands: pure index arithmetic over the frames where hands start. */

/** The first frame of the hand after the one `index` is in (or the last frame). */
export function nextHandStart(starts: readonly number[], index: number, last: number): number {
  return starts.find((start) => start > index) ?? last;
}

/** The start of the hand `index` is in; from a hand's first frame, the start of the hand before. */
export function previousHandStart(starts: readonly number[], index: number): number {
  let result = 0;
  for (const start of starts) if (start < index) result = start;
  return result;
}
