/**
 * An action the server acknowledged to a scripted player: what the capacity bench's
 * players keep and the cluster test looks up in the game log (both read it from here, so
 * the cluster's tooling needs nothing of the bench).
 */
import type { Action } from '@kibitz/rules/pinochle';

export interface Acknowledged {
  gameId: string;
  /** The version the action answered: its position (seq) in the game log, except for a Continue. */
  version: number;
  seat: number;
  action: Action;
  /** performance.now() when the acknowledgement came. */
  at: number;
}
