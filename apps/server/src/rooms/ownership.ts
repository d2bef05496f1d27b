/**
 * What running a table under its lease means for the lobby (db/lease.ts): the refusal
 * when another process runs it, and the writer that stores its log rows under its epoch.
 */
import { LeaseLostError, type Leases } from '../db/index.ts';
import { type Refused, refusedFor } from '../table-core/commands.ts';
import type { TableWriter } from './context.ts';
import type { Table } from './table.ts';

/**
 * The table is run by another process (it holds the table's lease), or is being taken
 * over: the request can succeed in `retryAfterMs`. The one place this refusal is made.
 */
export class TableElsewhereError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('This table is moving between servers: try again in a moment');
    this.name = 'TableElsewhereError';
  }

  get refusal(): Refused {
    return refusedFor('table-moving', this.message, this.retryAfterMs);
  }
}

/** What the lobby is told about the tables it runs (metrics, the shared lobby list). */
export interface LobbyHooks {
  /** An action's row was stored (how long it took, from the table's request to the answer). */
  actionStored?(seconds: number): void;
  /** A table came into this process's memory, or left it (`dropped`: not idle, handed on). */
  tableLoaded?(table: Table): void;
  tableUnloaded?(table: Table, why: 'idle' | 'lost' | 'shutdown' | 'handed-over'): void;
  /** A process the proxy sends this table's players to asks its owner to hand it over. */
  handoverWanted?(code: string): void;
}

export interface LobbyOptions {
  /**
   * The leases of this process's tables (db/lease.ts): a table is run here only under
   * its lease, and its log rows are written under the lease's epoch. Without: no
   * fencing (tests of one lobby alone).
   */
  leases?: Leases;
  hooks?: LobbyHooks;
  /**
   * Several processes share the tables (cluster mode, Redis): a process takes a table over
   * when someone first comes for it (a join or watch routed here), not every unfinished
   * table at start-up. A starting process would otherwise try every table of the live
   * ones (each refused by its lease, then tried again), and take those of a dead one
   * whatever node the proxy routes their players to, to be handed straight back. The cost:
   * a table nobody comes back to waits in the database until someone does.
   */
  lazyTakeOver?: boolean;
}

/**
 * The table's writer: every row under `epoch`, the table's lease. A row the database
 * refuses for its epoch (the lease went to another process) is reported as `fenced`.
 */
export function leasedWriter(
  base: TableWriter,
  epoch: number,
  on: { stored?: ((seconds: number) => void) | undefined; fenced(): void },
): TableWriter {
  return {
    stats: base.stats,
    appendAll: async (rows) => {
      const started = performance.now();
      try {
        await base.appendAll(rows, epoch);
        // Each row (each action) waited this long for its write.
        const seconds = (performance.now() - started) / 1000;
        for (const _row of rows) on.stored?.(seconds);
      } catch (error) {
        if (error instanceof LeaseLostError) on.fenced();
        throw error;
      }
    },
  };
}
