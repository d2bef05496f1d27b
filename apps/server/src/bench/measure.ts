/** Bench measurements: latency from an action to the last view delivered, and heap per table. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Times from "action sent" (version v) to "every client at the table has version v + 1". */
export class DeliveryClock {
  readonly latencies: number[] = [];
  readonly #sent = new Map<string, number>();
  readonly #seen = new Map<string, number>();

  constructor(private readonly clientsPerTable: number) {}

  sent(table: number, version: number): void {
    this.#sent.set(`${table}:${version + 1}`, performance.now());
  }

  delivered(table: number, version: number): void {
    const key = `${table}:${version}`;
    const count = (this.#seen.get(key) ?? 0) + 1;
    this.#seen.set(key, count);
    if (count < this.clientsPerTable) return;
    this.#seen.delete(key);
    const sentAt = this.#sent.get(key);
    this.#sent.delete(key);
    if (sentAt !== undefined) this.latencies.push(performance.now() - sentAt);
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
