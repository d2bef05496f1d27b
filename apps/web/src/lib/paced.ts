/**
 * The paced hand (issue 8; CONTRACT Agreements 1 and 2) as the page reads it: the rules
 * engine's 'trick-end' / 'hand-end', `trickWinner`, `handResult` and the 'continue' prompt;
 * the server's table settings (playAids, handEndSeconds, ...) and `playAgain`, read with
 * the contract's defaults so the page also works with a server that does not send them.
 */
import type { TableState } from '@kibitz/protocol';
import type { GameView, HandResult, Seat } from '@kibitz/rules';

export type ShownPhase = GameView['phase'];

export function phaseOf(view: GameView): ShownPhase {
  return view.phase;
}

function field<T>(source: object, key: string): T | undefined {
  return (source as Record<string, unknown>)[key] as T | undefined;
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

export interface PaceSettings {
  trickPauseMs: number;
  handEndSeconds: number;
  playAids: boolean;
  botStandIn: boolean;
  spectatorChat: boolean;
}

/** The table's settings with the contract's defaults for fields an older server does not send. */
export function paceSettings(table: TableState | null): PaceSettings {
  const settings = (table?.settings ?? {}) as Partial<PaceSettings>;
  return {
    trickPauseMs: settings.trickPauseMs ?? 1200,
    handEndSeconds: settings.handEndSeconds ?? 10,
    playAids: settings.playAids ?? true,
    botStandIn: settings.botStandIn ?? false,
    spectatorChat: settings.spectatorChat ?? true,
  };
}

/** Seats that asked for a new game after game over. */
export function playAgainSeats(table: TableState | null): number[] {
  const seats = table ? field<number[]>(table, 'playAgain') : undefined;
  return Array.isArray(seats) ? seats : [];
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
