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

export class SqliteConnection implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter['provider'];
  readonly adapterName: string;
  /** Settles when the open transaction ends; null when none is open. */
  #open: Promise<void> | null = null;
  /** The transactions waiting for their turn, in order. */
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
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
    return this.inner.queryRaw(query);
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    if (this.#open !== null) await this.idle();
    return this.inner.executeRaw(query);
  }

  async executeScript(script: string): Promise<void> {
    if (this.#open !== null) await this.idle();
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

  dispose(): Promise<void> {
    return this.inner.dispose();
  }
}
