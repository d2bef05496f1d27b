/**
 * Runs a table's operations one at a time, in arrival order. Every change to a table
 * (an action, a seat, a timer firing) goes through it, so a version check and the
 * write that follows can never interleave with another change.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.#pending++;
    const result = this.#tail.then(task);
    // The chain goes on whatever one task does; its caller sees its own failure.
    this.#tail = result.then(
      () => this.#pending--,
      () => this.#pending--,
    );
    return result;
  }

  /** Operations queued or running. */
  get pending(): number {
    return this.#pending;
  }

  /** Resolves when everything queued so far has finished. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }
}
