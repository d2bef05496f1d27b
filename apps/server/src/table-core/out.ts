/** Collects the effects of one step, in order, and whether the public table changed. */
import type { Effect, OutMessage, StoreOp } from './commands.ts';

export class Out {
  readonly effects: Effect[] = [];
  /** Everyone is sent the table (once, at the end of the step) if it looks different now. */
  tableChanged = false;
  /** Sockets that are sent the table whether or not it changed (they just came). */
  readonly tableTo: string[] = [];

  constructor(readonly now: number) {}

  store(store: StoreOp): void {
    this.effects.push({ kind: 'store', store });
  }

  send(to: readonly string[], message: OutMessage): void {
    if (to.length > 0) this.effects.push({ kind: 'send', to, message });
  }

  views(to: readonly string[] | 'all', fresh = false): void {
    if (to === 'all' || to.length > 0) this.effects.push({ kind: 'views', to, fresh });
  }

  push(effect: Effect): void {
    this.effects.push(effect);
  }

  table(): void {
    this.tableChanged = true;
  }

  /** `socketId` is sent the table at the end of the step, changed or not. */
  tableFor(socketId: string): void {
    this.tableTo.push(socketId);
  }
}
