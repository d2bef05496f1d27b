/**
 * Tables leaving this process for another: dropped when their lease is lost, handed
 * over when the process the proxy now routes their players to asks, and the asking
 * itself. The lobby's registry is shared with it; a table being handed over is answered
 * `table-moving` meanwhile, not reloaded here.
 */
import type { Leases } from '../db/index.ts';
import type { TableContext } from './context.ts';
import { type LobbyHooks, TableElsewhereError } from './ownership.ts';
import type { Table } from './table.ts';

/** How soon to retry a join whose table was asked to be handed over (a write and a release). */
export const HANDOVER_RETRY_MS = 300;

export class TableMoves {
  /** Tables being handed over: a join meanwhile is told to retry, not to reload them here. */
  readonly #handingOver = new Set<string>();

  constructor(
    private readonly ctx: TableContext,
    /** The lobby's tables by code (shared: a table moved out leaves it). */
    private readonly tables: Map<string, Table>,
    private readonly leases: Leases | undefined,
    private readonly hooks: LobbyHooks,
  ) {}

  /** Whether this table is being handed over right now. */
  handingOver(code: string): boolean {
    return this.#handingOver.has(code);
  }

  /**
   * The table's lease is gone (another process runs it now, or may): it leaves memory at
   * once, does nothing more, and its clients are told to reconnect (they resume wherever
   * it runs now).
   */
  drop(roomId: string): void {
    for (const [code, table] of this.tables) {
      if (table.id !== roomId) continue;
      this.tables.delete(code);
      table.stopTimers();
      const sockets = [...table.state.sockets.keys()];
      // Refuse whatever is still queued there; nothing more is stored from this copy.
      void table.run({ type: 'shutdown' }).finally(() => table.stopTimers());
      this.ctx.output.reconnect(sockets);
      this.ctx.logger.warn({ table: code, sockets: sockets.length }, 'table lost to another process');
      this.hooks.tableUnloaded?.(table, 'lost');
    }
  }

  /**
   * Another process, to which the proxy now routes this table's players, asked for it:
   * hand it over as at a graceful stop. No new commands; what is queued finishes (its
   * rows stored); the lease is let go; then its sockets' transports close, and their
   * clients reconnect through the proxy to the asking process, which takes it over.
   */
  async handOver(code: string): Promise<boolean> {
    const table = this.tables.get(code);
    if (table === undefined || this.#handingOver.has(code)) return false;
    this.#handingOver.add(code);
    try {
      this.tables.delete(code);
      await table.run({ type: 'shutdown' });
      table.stopTimers();
      await this.leases?.release([table.id]);
      this.ctx.output.reconnect([...table.state.sockets.keys()]);
      this.ctx.logger.info({ table: code }, 'table handed over on request');
      this.hooks.tableUnloaded?.(table, 'handed-over');
      return true;
    } finally {
      this.#handingOver.delete(code);
    }
  }

  /** A join here found the table held elsewhere: ask its owner for it; try again soon. */
  askHandover(code: string, refusal: TableElsewhereError): TableElsewhereError {
    if (this.hooks.handoverWanted === undefined) return refusal;
    this.hooks.handoverWanted(code);
    return new TableElsewhereError(Math.min(refusal.retryAfterMs, HANDOVER_RETRY_MS));
  }
}
