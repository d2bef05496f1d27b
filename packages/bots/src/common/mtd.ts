/**
 * The exact value of a position by null-window searches (MTD(f)), for the games' exact
 * trick solvers: each search asks only "at least g?", which cuts far more than one
 * full-window search, and the solver's memo carries the bounds from one to the next.
 */

/**
 * `run(alpha, beta)` searches with that window; `guess` is the first g tried and `most`
 * lies above any value the position can have.
 */
export function mtd(guess: number, run: (alpha: number, beta: number) => number, most: number): number {
  let lower = -1;
  let upper = most;
  let g = guess;
  while (lower < upper) {
    const beta = g === lower ? g + 1 : g;
    g = run(beta - 1, beta);
    if (g < beta) upper = g;
    else lower = g;
  }
  return g;
}
