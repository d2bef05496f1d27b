// @ts-check
/**
 * The embedded database's own thread (see pglite-thread.ts, which starts it and speaks
 * for it). PGlite is PostgreSQL compiled to WebAssembly: a statement runs to its end
 * in the thread that issued it. In the server's thread that would stall every socket
 * for the length of each INSERT the game log makes; here it does not.
 *
 * Plain JavaScript on purpose: a worker is started by Node itself, outside whatever
 * compiles the TypeScript of the thread that starts it (tsx, vitest).
 *
 * Requests: { id, op } -> replies { id, ok: true, result } or { id, ok: false, error }.
 */
import { existsSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';

if (parentPort === null) throw new Error('pglite-worker.mjs runs as a worker thread only');
const port = parentPort;

/**
 * This thread yields the CPU to the one that serves the sockets. Each group of log rows
 * wakes it, and on a machine with few cores the kernel used to run it at once on the
 * socket thread's core, in the middle of that thread's turn: a profile showed the socket
 * thread 14% of its time inside postMessage, off the CPU. At nice 5 the rows still go in
 * as soon as a core is free (bench:server: 3,582 -> 4,143 actions/s, medians of three
 * runs each, interleaved, 2 cores). Linux names a thread's id in /proc/thread-self; where
 * there is none, the thread keeps its priority.
 */
const DATABASE_THREAD_NICE = 5;
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, DATABASE_THREAD_NICE);
} catch {
  // Not Linux, or no /proc: nothing to do.
}
// Its name (pglite-thread.ts: DATABASE_THREAD_NAME): every thread of a Node process is
// "node" otherwise. Linux only, like the priority.
try {
  if (typeof workerData.threadName === 'string')
    writeFileSync('/proc/thread-self/comm', workerData.threadName);
} catch {
  // Not Linux: the thread keeps its name.
}
/** @type {string} */
const dataDir = workerData.dataDir;

/** @type {PGlite | null} */
let client = null;
/** @type {import('@prisma/driver-adapter-utils').SqlDriverAdapter | null} */
let adapter = null;
/** @type {Map<number, import('@prisma/driver-adapter-utils').Transaction>} */
const transactions = new Map();
let nextTransaction = 1;

function open() {
  if (client === null || adapter === null) throw new Error('the database is not open');
  return { client, adapter };
}

/** @param {number} id */
function transaction(id) {
  const found = transactions.get(id);
  if (found === undefined) throw new Error(`no open transaction #${id}`);
  return found;
}

/**
 * @param {any} op
 * @returns {Promise<unknown>}
 */
async function handle(op) {
  switch (op.type) {
    case 'open': {
      // A directory without PG_VERSION gets a new database (PGlite runs initdb first).
      const created = !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'));
      client = await PGlite.create({ dataDir });
      // PGlite starts in UTC already; make sure, as for PostgreSQL (database.ts).
      await client.exec("SET TIME ZONE 'UTC'");
      adapter = await new PrismaPGlite(client).connect();
      return {
        adapterName: adapter.adapterName,
        connectionInfo: adapter.getConnectionInfo?.() ?? null,
        created,
      };
    }
    case 'execute': {
      // The game log's hot path: nothing to read back. Without parameters it goes as a
      // simple query (one message, no Describe), which is cheaper.
      const { client } = open();
      if (op.params.length === 0) await simpleQuery(client, op.sql);
      else await client.query(op.sql, op.params);
      return null;
    }
    case 'script':
      // The whole migration script as one simple query, awaited (script-runner.ts).
      await open().client.exec(op.script);
      return null;
    case 'queryRaw':
      return (op.transaction ? transaction(op.transaction) : open().adapter).queryRaw(op.query);
    case 'executeRaw':
      return (op.transaction ? transaction(op.transaction) : open().adapter).executeRaw(op.query);
    case 'begin': {
      const started = await open().adapter.startTransaction(op.isolationLevel);
      const id = nextTransaction++;
      transactions.set(id, started);
      return { id, options: started.options };
    }
    case 'commit':
    case 'rollback': {
      const ending = transaction(op.transaction);
      transactions.delete(op.transaction);
      await (op.type === 'commit' ? ending.commit() : ending.rollback());
      return null;
    }
    case 'close': {
      const closing = client;
      client = null;
      adapter = null;
      await closing?.close();
      return null;
    }
    default:
      throw new Error(`unknown request ${JSON.stringify(op.type)}`);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `client.exec(sql)` for a statement with nothing to read back, for less: one simple Query
 * message and its answer, without the Sync that `exec` sends after it (a simple query ends
 * with ReadyForQuery by itself) and without parsing results nobody reads. Measured on
 * PGlite, a 15-row INSERT: 540-670 us of CPU against 830-1,320 us through `exec`; one row,
 * 295 against 442. Same locks as `exec` (so it never lands inside a transaction Prisma has
 * open), same write-through to the file system; a failure throws an Error carrying the
 * ErrorResponse's fields (`code` = SQLSTATE), as `exec` would.
 * @param {PGlite} client
 * @param {string} sql
 */
async function simpleQuery(client, sql) {
  const text = encoder.encode(sql);
  const message = new Uint8Array(text.length + 6);
  message[0] = 0x51; // 'Q'
  new DataView(message.buffer).setInt32(1, text.length + 5);
  message.set(text, 5); // and the closing NUL (already 0)
  const reply = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => client.execProtocolRaw(message)),
  );
  const failure = errorResponse(reply);
  if (failure !== null) throw failure;
}

/**
 * The ErrorResponse in a backend reply, as an Error with PostgreSQL's fields, or null.
 * @param {Uint8Array} reply
 */
function errorResponse(reply) {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let at = 0; at + 5 <= reply.length; ) {
    const type = reply[at];
    const end = at + 1 + view.getInt32(at + 1);
    if (type === 0x45 /* 'E' */) {
      /** @type {Record<string, string>} */
      const fields = {};
      for (let field = at + 5; field < end && reply[field] !== 0; ) {
        const stop = reply.indexOf(0, field + 1);
        fields[String.fromCharCode(/** @type {number} */ (reply[field]))] = decoder.decode(
          reply.subarray(field + 1, stop),
        );
        field = stop + 1;
      }
      const error = Object.assign(new Error(fields.M ?? 'the database refused the statement'), {
        code: fields.C,
        severity: fields.S,
        detail: fields.D,
        hint: fields.H,
        table: fields.t,
        column: fields.c,
        constraint: fields.n,
      });
      error.name = 'DatabaseError';
      return error;
    }
    at = end;
  }
  return null;
}

/**
 * An error as plain data: Error subclasses do not survive the trip between threads,
 * and Prisma needs a DriverAdapterError's mapped cause, the hot path PostgreSQL's
 * SQLSTATE (`code`).
 * @param {unknown} error
 */
function describe(error) {
  if (!(error instanceof Error)) return { kind: 'error', name: 'Error', message: String(error) };
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error));
  if (error.name === 'DriverAdapterError' && typeof fields.cause === 'object' && fields.cause !== null) {
    return { kind: 'driver-adapter', name: error.name, message: error.message, cause: { ...fields.cause } };
  }
  /** @type {Record<string, unknown>} */
  const postgres = {};
  for (const key of ['code', 'severity', 'detail', 'hint', 'column', 'table', 'constraint']) {
    if (typeof fields[key] === 'string') postgres[key] = fields[key];
  }
  return { kind: 'error', name: error.name, message: error.message, stack: error.stack, ...postgres };
}

port.on('message', async (/** @type {{ id: number, op: unknown }} */ { id, op }) => {
  try {
    port.postMessage({ id, ok: true, result: await handle(op) });
  } catch (error) {
    port.postMessage({ id, ok: false, error: describe(error) });
  }
});
