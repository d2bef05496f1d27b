/**
 * The embedded store's one connection, shared by Prisma and the game log's hot path.
 *
 * better-sqlite3 runs every statement synchronously on the calling thread, so one
 * connection serves the whole process. The catch is Prisma's transactions: the adapter
 * opens one with BEGIN and the callback's statements follow over several turns of the
 * event loop; a statement of anyone else sent on the connection meanwhile would land
 * inside that transaction (and vanish with its rollback), and one sent on a second
 * connection would find the database locked by the first. So this gate lets nothing
 * else onto the connection while a transaction is open: the others wait for its end (a
 * promise, never a blocked thread), then run at once.
 */

import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from '@prisma/driver-adapter-utils';
import Sqlite from 'better-sqlite3';
import type { LogRow } from './log-append.ts';
import type { GameLogJournal } from './sqlite-journal.ts';

/** Statements the journal's rows must be folded before (see `#settleBefore`). */
const JOURNAL_SQL = /GameAction|TableLease|^\s*DELETE\b/i;

export class SqliteConnection implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter['provider'];
  readonly adapterName: string;
  /** Settles when the open transaction ends; null when none is open. */
  #open: Promise<void> | null = null;
  /** The transactions waiting for their turn, in order. */
  #queue: Promise<void> = Promise.resolve();

  /** The better-sqlite3 connection under the adapter, for the journal's own statements. */
  readonly native: Sqlite.Database;
  /**
   * The game log's journal (sqlite-journal.ts): its rows are folded into the tables before
   * any statement that could read or change what they depend on (`#settleBefore`).
   */
  #journal: GameLogJournal | null = null;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    // The adapter prepares every statement anew (~2x the CPU of a prepared one for the game
    // log's INSERT: FINDINGS.md); its connection is a public field at run time, not in its
    // types, so it is checked here and a change of the adapter fails at start, loudly.
    const native: unknown = 'client' in inner ? inner.client : undefined;
    if (!(native instanceof Sqlite))
      throw new Error('@prisma/adapter-better-sqlite3 no longer exposes its connection');
    this.native = native;
  }

  /** From now on the game log is appended through the journal. */
  attachJournal(journal: GameLogJournal): void {
    journal.canFold = () => this.#open === null;
    this.#journal = journal;
  }

  /**
   * Appends game-log rows through the journal (sqlite-journal.ts): stored when this
   * resolves; rejects with the typed error of the first row refused, nothing stored.
   */
  async appendLog(rows: readonly LogRow[]): Promise<void> {
    if (this.#open !== null) await this.idle();
    if (this.#journal === null) throw new Error('the game-log journal is not open');
    this.#journal.append(rows);
  }

  /** Every row acknowledged is in the tables (the journal folded). */
  #settle(): void {
    this.#journal?.settle();
  }

  /**
   * Folds before a statement that could see or change what the journal depends on: one
   * naming the game log or the leases (a read of the log, a take-over), or a DELETE (a
   * room's games and their rows go with it). Others (a game created or finished, a seat
   * changed) run beside the journal's rows: folding before each of them folded a few rows
   * at a time (bench:server: ~190 rows a fold, every game start and end).
   */
  #settleBefore(sql: string): void {
    if (JOURNAL_SQL.test(sql)) this.#settle();
  }

  /** Prisma's factory: every client of it gets this one connection. */
  factory(): SqlDriverAdapterFactory {
    return {
      provider: this.provider,
      adapterName: this.adapterName,
      connect: () => Promise.resolve(this),
    };
  }

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    if (this.#open !== null) await this.idle();
    this.#settleBefore(query.sql);
    return this.inner.queryRaw(query);
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    if (this.#open !== null) await this.idle();
    this.#settleBefore(query.sql);
    return this.inner.executeRaw(query);
  }

  async executeScript(script: string): Promise<void> {
    if (this.#open !== null) await this.idle();
    this.#settle();
    return this.inner.executeScript(script);
  }

  /** Resolves once no transaction is open (at once if none is). */
  async idle(): Promise<void> {
    while (this.#open !== null) await this.#open;
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const turn = this.#queue;
    this.#queue = turn.then(() => ended);
    await turn;
    // Statements that got in ahead of us have run (they run synchronously): ours now.
    try {
      this.#settle();
    } catch (error) {
      end();
      throw error;
    }
    this.#open = ended;
    const close = () => {
      if (this.#open === ended) this.#open = null;
      end();
    };
    let transaction: Transaction;
    try {
      transaction = await this.inner.startTransaction(isolationLevel);
    } catch (error) {
      close();
      throw error;
    }
    const commit = transaction.commit.bind(transaction);
    const rollback = transaction.rollback.bind(transaction);
    transaction.commit = () => commit().finally(close);
    transaction.rollback = () => rollback().finally(close);
    return transaction;
  }

  async dispose(): Promise<void> {
    try {
      this.#journal?.close();
    } finally {
      this.#journal = null;
      await this.inner.dispose();
    }
  }
}
