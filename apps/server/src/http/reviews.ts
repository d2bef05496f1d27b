/**
 * Finished games' hand reviews (the bots' double-dummy review, issue 26), each computed
 * once on the bot pool and kept for the next look: a review costs seconds of search, a
 * second look is instant. Kept in memory for the most recently asked games only; a game
 * is finished, so its review never changes and may be made again after a restart.
 */
import type { GameReview } from '@kibitz/bots';

/** Games whose reviews are kept (each a few hundred KB at most). */
const KEPT = 32;

export class Reviews {
  /** By game id, in the order last asked (a Map keeps insertion order). */
  readonly #reviews = new Map<string, Promise<GameReview>>();

  constructor(
    /** Starts a review of the export on the pool; null when there is no pool. */
    private readonly compute: (exported: unknown) => Promise<GameReview> | null,
    private readonly kept = KEPT,
  ) {}

  /**
   * The review of game `gameId` (its export made by `exported` only when it is not kept
   * already), or null when reviews cannot be made here. Asked twice at once, it is
   * computed once; a failed review is not kept.
   */
  of(gameId: string, exported: () => unknown): Promise<GameReview> | null {
    const kept = this.#reviews.get(gameId);
    if (kept !== undefined) {
      this.#reviews.delete(gameId);
      this.#reviews.set(gameId, kept);
      return kept;
    }
    const started = this.compute(exported());
    if (started === null) return null;
    const review = started.catch((error: unknown) => {
      if (this.#reviews.get(gameId) === review) this.#reviews.delete(gameId);
      throw error;
    });
    this.#reviews.set(gameId, review);
    for (const oldest of this.#reviews.keys()) {
      if (this.#reviews.size <= this.kept) break;
      this.#reviews.delete(oldest);
    }
    return review;
  }
}
