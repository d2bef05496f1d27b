/**
 * A node budget for the games' exact trick solvers: a solve that would
 * search more nodes than allowed gives up with a SolveBudgetError instead of running for
 * minutes. Positions it finished before giving up stay valid in its memo.
 */

/** How far solves may go: nodes searched, counted across every solve handed the same object. */
export interface SolveBudget {
  nodes: number;
  /** Nodes used so far (the solver adds to it). */
  used: number;
}

/** No limit. */
export function unlimited(): SolveBudget {
  return { nodes: Number.POSITIVE_INFINITY, used: 0 };
}

/** Thrown when a solve needs more nodes than its budget allows. */
export class SolveBudgetError extends Error {
  readonly code = 'solve-budget';
  constructor(readonly nodes: number) {
    super(`the trick solver gave up after ${nodes} nodes`);
    this.name = 'SolveBudgetError';
  }
}
