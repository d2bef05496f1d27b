/**
 * The table's hint counts (issue 26), handed from the table page to every seat's plate
 * through Svelte's context, so any game's seats show them without passing them down.
 */
import { getContext, setContext } from 'svelte';

const KEY = Symbol('kibitz.hint-counts');

/** Each seat's hints used, or null while the table has hints off. */
export type HintCounts = () => readonly number[] | null;

export function provideHintCounts(counts: HintCounts): void {
  setContext(KEY, counts);
}

/** The page's counts, or null outside a table page. */
export function hintCounts(): HintCounts | null {
  return getContext<HintCounts | undefined>(KEY) ?? null;
}
