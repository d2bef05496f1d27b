/**
 * Embedded PGlite in a worker thread of its own (pglite-worker.mjs), and what the rest
 * of the server uses it through: a Prisma driver adapter factory and a direct
 * statement runner for the game log. Every statement PGlite runs takes the thread it
 * runs in for its whole length; in its own thread, the sockets and the rules go on
 * meanwhile, and the game log's group commit gathers the rows that arrive during one
 * INSERT into the next.
 */
import { Worker } from 'node:worker_threads';
import {
  type ConnectionInfo,
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from '@prisma/driver-adapter-utils';
import { openShadowAdapter } from './pglite-adapter.ts';
import { toDriverAdapterError } from './script-runner.ts';

type Op =
  | { type: 'open' }
  | { type: 'execute'; sql: string; params: readonly unknown[] }
  | { type: 'script'; script: string }
  | { type: 'queryRaw' | 'executeRaw'; query: SqlQuery; transaction?: number }
  | { type: 'begin'; isolationLevel?: IsolationLevel | undefined }
  | { type: 'commit' | 'rollback'; transaction: number }
  | { type: 'close' };

type ErrorData =
  | {
      kind: 'driver-adapter';
      name: string;
      message: string;
      cause: ConstructorParameters<typeof DriverAdapterError>[0];
    }
  | ({ kind: 'error'; name: string; message: string; stack?: string } & Record<string, string | undefined>);

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorData };

/** A failure PGlite reported, as an Error again, with PostgreSQL's fields (code = SQLSTATE). */
function toError(data: ErrorData): Error {
  if (data.kind === 'driver-adapter') return new DriverAdapterError(data.cause);
  const { kind: _kind, name, message, stack, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack !== undefined) error.stack = stack;
  return error;
}

const WORKER_SCRIPT = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * What the database thread calls itself on Linux (its /proc comm, at most 15 bytes), so
 * `top -H`, `ps -L` and perf tell it from the socket thread, and bench:server counts its CPU.
 */
export const DATABASE_THREAD_NAME = 'kibitz-db';

export class PGliteThreadError extends Error {
  override readonly name = 'PGliteThreadError';
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  /** Set once the thread has died or been closed: every request fails with it. */
  #gone: Error | null = null;
  #connectionInfo: ConnectionInfo | undefined;
  /** pglite-prisma-adapter's name, as Prisma knows it. */
  #adapterName = 'pglite-prisma-adapter';

  /** Whether opening made a new database in `dataDir` (its first start). */
  created = false;
  #closing = false;
  #lost: (error: Error) => void = () => {};
  /**
   * Settles if the thread dies on its own (not by `close`): the database is gone for good
   * in this process. Every request fails from then on; the caller should stop (what was
   * acknowledged is stored, and a restart carries the games on).
   */
  readonly lost = new Promise<Error>((resolve) => {
    this.#lost = resolve;
  });

  private constructor(
    readonly dataDir: string,
    script: URL,
  ) {
    this.#worker = new Worker(script, { workerData: { dataDir, threadName: DATABASE_THREAD_NAME } });
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('error', (error) =>
      this.#fail(new PGliteThreadError(`the database thread failed: ${error.message}`, { cause: error })),
    );
    this.#worker.on('exit', (code) =>
      this.#fail(new PGliteThreadError(`the database thread has stopped (exit code ${code})`)),
    );
    // Only a request in flight keeps the process alive (see #call).
    this.#worker.unref();
  }

  /**
   * Starts the thread and opens the database in `dataDir` (a directory, or 'memory://').
   * `script`: the worker to run (tests give a stand-in; the default is pglite-worker.mjs).
   */
  static async open(dataDir: string, script = WORKER_SCRIPT): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, script);
    try {
      const opened = (await thread.#call({ type: 'open' })) as {
        adapterName: string;
        connectionInfo: ConnectionInfo | null;
        created: boolean;
      };
      thread.created = opened.created;
      thread.#adapterName = opened.adapterName;
      thread.#connectionInfo = opened.connectionInfo ?? undefined;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  /** One statement, nothing read back (the game log's hot path). Errors carry the SQLSTATE in `code`. */
  async execute(sql: string, params: readonly unknown[]): Promise<void> {
    await this.#call({ type: 'execute', sql, params });
  }

  /** Closes the database and stops the thread. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#gone !== null) return;
    this.#closing = true;
    try {
      await this.#call({ type: 'close' });
    } finally {
      this.#fail(new PGliteThreadError('the database is closed'));
      await this.#worker.terminate();
    }
  }

  /** The driver adapter Prisma and the migration engine use. */
  adapterFactory(): SqlMigrationAwareDriverAdapterFactory {
    return {
      provider: 'postgres',
      adapterName: this.#adapterName,
      connect: async () => this.#adapter(),
      connectToShadowDb: openShadowAdapter,
    };
  }

  #adapter(): SqlDriverAdapter {
    const call = (op: Op) => this.#call(op);
    const connectionInfo = this.#connectionInfo;
    const adapterName = this.#adapterName;
    return {
      provider: 'postgres',
      adapterName,
      queryRaw: (query) => call({ type: 'queryRaw', query }) as Promise<SqlResultSet>,
      executeRaw: (query) => call({ type: 'executeRaw', query }) as Promise<number>,
      executeScript: async (script) => {
        try {
          await call({ type: 'script', script });
        } catch (error) {
          throw toDriverAdapterError(error);
        }
      },
      startTransaction: async (isolationLevel) => {
        const { id, options } = (await call({ type: 'begin', isolationLevel })) as {
          id: number;
          options: TransactionOptions;
        };
        return transactionProxy(call, adapterName, id, options);
      },
      ...(connectionInfo === undefined ? {} : { getConnectionInfo: () => connectionInfo }),
      dispose: async () => {},
    };
  }

  #call(op: Op): Promise<unknown> {
    if (this.#gone !== null) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ id, op });
    });
  }

  #settle(reply: Reply): void {
    const waiting = this.#pending.get(reply.id);
    if (waiting === undefined) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(toError(reply.error));
  }

  #fail(error: Error): void {
    if (this.#gone === null && !this.#closing) this.#lost(error);
    this.#gone ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

function transactionProxy(
  call: (op: Op) => Promise<unknown>,
  adapterName: string,
  id: number,
  options: TransactionOptions,
): Transaction {
  return {
    provider: 'postgres',
    adapterName,
    options,
    queryRaw: (query) => call({ type: 'queryRaw', query, transaction: id }) as Promise<SqlResultSet>,
    executeRaw: (query) => call({ type: 'executeRaw', query, transaction: id }) as Promise<number>,
    commit: async () => {
      await call({ type: 'commit', transaction: id });
    },
    rollback: async () => {
      await call({ type: 'rollback', transaction: id });
    },
  };
}
