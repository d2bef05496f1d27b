/**
 * Pinochle's paced hand (issue 8; CONTRACT Agreements 1 and 2) as its table reads it: the
 * rules engine's 'trick-end' / 'hand-end', `trickWinner`, `handResult` and the 'continue' prompt.
 */
import type { GameView, HandResult, Seat } from '@kibitz/rules/pinochle';

export type ShownPhase = GameView['phase'];

export function phaseOf(view: GameView): ShownPhase {
  return view.phase;
}

/** The seat that takes the completed trick on the table ('trick-end'), else null. */
export function trickWinner(view: GameView): Seat | null {
  return view.phase === 'trick-end' ? view.trickWinner : null;
}

/** The hand just scored ('hand-end' and 'game-over'), else null. */
export function handResult(view: GameView): HandResult | null {
  if (view.handResult) return view.handResult;
  // An unpaced game (stored before pacing): at game over the last hand is the sheet's last line.
  return view.phase === 'game-over' ? (view.history.at(-1) ?? null) : null;
}

/** Is the viewer asked to press Continue? */
export function mustContinue(view: GameView): boolean {
  return view.prompt?.kind === 'continue';
}

/** Tricks already gathered this hand (the trick on the table not counted). */
export function tricksGathered(view: GameView): number {
  return view.tricksWon.reduce((sum, count) => sum + count, 0);
}

/** Meld matters from trump until the first trick is led: shown in full, then folded. */
export function meldOpen(view: GameView): boolean {
  const phase = phaseOf(view);
  if (phase === 'passing' || phase === 'trump') return true;
  return phase === 'play' && view.trick.length === 0 && view.lastTrick === null && tricksGathered(view) === 0;
}
