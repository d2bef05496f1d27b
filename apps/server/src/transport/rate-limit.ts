/** A token bucket: `burst` events at once, refilled at `perSecond`. One per socket. */
export class RateLimit {
  #tokens: number;
  #last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#last = now();
  }

  /** Takes one token; false when the bucket is empty (the event is dropped). */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** How long until the next event would be let through (ms). */
  retryAfterMs(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) / this.perSecond) * 1000);
  }

  /** Refilled to the brim: as if never used (so it can be forgotten). */
  get full(): boolean {
    this.#refill();
    return this.#tokens >= this.burst;
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.perSecond);
    this.#last = now;
  }
}
