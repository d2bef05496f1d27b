/** Bench measurements: latency from an action to the last view delivered, and heap per table. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Times from "action sent" (at version v) to "every client at the table has a view past
 * v". Past, not exactly v + 1: a step may take more than one version (a card and the trick
 * gathered with it), and the view of the version in between is never sent. `table` keys
 * one game's versions (they start again with every game); `client` tells the table's
 * clients apart, and each sees its views in order.
 */
export class DeliveryClock {
  readonly latencies: number[] = [];
  /** Per table: the versions acted on and when, oldest first. */
  readonly #sent = new Map<string | number, { version: number; at: number }[]>();
  /** Per table: each client's latest version. */
  readonly #latest = new Map<string | number, Map<string | number, number>>();

  constructor(private readonly clientsPerTable: number) {}

  sent(table: string | number, version: number): void {
    const waiting = this.#sent.get(table);
    const entry = { version, at: performance.now() };
    if (waiting === undefined) this.#sent.set(table, [entry]);
    else waiting.push(entry);
  }

  delivered(table: string | number, client: string | number, version: number): void {
    let latest = this.#latest.get(table);
    if (latest === undefined) {
      latest = new Map();
      this.#latest.set(table, latest);
    }
    latest.set(client, version);
    if (latest.size < this.clientsPerTable) return;
    let reached = Number.POSITIVE_INFINITY;
    for (const seen of latest.values()) reached = Math.min(reached, seen);
    const waiting = this.#sent.get(table);
    if (waiting === undefined) return;
    const now = performance.now();
    while (waiting.length > 0 && waiting[0]!.version < reached)
      this.latencies.push(now - waiting.shift()!.at);
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after a full collection, in bytes. */
export function settledHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
