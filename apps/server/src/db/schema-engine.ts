/**
 * Prisma's schema engine (the migration engine) as WebAssembly, loaded by hand.
 *
 * `@prisma/schema-engine-wasm` is published for bundlers (`import * as wasm from
 * './schema_engine_bg.wasm'`), which Node cannot import. We compile the .wasm
 * ourselves, instantiate it with the JS glue module as its import object, and hand
 * the instance back to the glue (see docs/toolchain-notes.md). The engine then talks
 * to the database through a Prisma driver adapter, so no native binary and no
 * download is ever needed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';

export type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';

/** The wasm glue reports panics through this global (as Prisma's CLI sets it up). */
interface PanicRegistry {
  message: string;
  set_message(message: string): void;
}

const panicRegistry: PanicRegistry = {
  message: '',
  set_message(message: string) {
    this.message = message;
  },
};

/**
 * The part of the WebAssembly JS API we use. The root tsconfig's lib (ES2022, no
 * DOM) does not declare it, although Node provides it.
 */
type WasmImports = Record<string, unknown>;
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: Record<string, WasmImports>): Promise<{ exports: WasmImports }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let loading: Promise<void> | undefined;

async function instantiate(): Promise<void> {
  const globals = globalThis as typeof globalThis & { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
  globals.PRISMA_WASM_PANIC_REGISTRY ??= panicRegistry;

  const require = createRequire(import.meta.url);
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bytes = await readFile(join(dirname(gluePath), 'schema_engine_bg.wasm'));
  const module = await wasmApi.compile(bytes);
  // The glue's exports are exactly the functions the wasm module imports...
  const imports: WasmImports = { ...glue };
  // ...except that the engine arms timeouts (e.g. 10 s for its migration advisory
  // lock) and never clears them: the glue imports no clearTimeout. Left as is,
  // every engine call would keep the process alive for 10 s after its work is
  // done. The timers only ever race real work, so they need not hold the loop open.
  for (const name of Object.keys(imports)) {
    if (name.startsWith('__wbg_setTimeout_')) {
      imports[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
    }
  }
  const instance = await wasmApi.instantiate(module, { './schema_engine_bg.js': imports });
  glue.__wbg_set_wasm(instance.exports);
  const start = instance.exports.__wbindgen_start;
  if (typeof start === 'function') start();
}

/** Whether this thread has loaded the engine (it stays in memory once loaded). */
export function schemaEngineLoaded(): boolean {
  return loading !== undefined;
}

/** Compiles and starts the engine module once per process. */
export function loadSchemaEngine(): Promise<void> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type EngineLog = (line: string) => void;

/**
 * Runs `fn` with a schema engine connected through `adapterFactory`, then frees it.
 * `schema` is the text of prisma/schema.prisma (the engine wants the datamodel).
 */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
  fn: (engine: SchemaEngine) => Promise<T>,
  log: EngineLog = () => {},
): Promise<T> {
  await loadSchemaEngine();
  panicRegistry.message = '';
  const connections = new ConnectionTracker(adapterFactory);
  try {
    let engine: SchemaEngine;
    try {
      engine = await glue.SchemaEngine.new(
        { datamodels: [[schema.path, schema.content]] },
        (line: string) => log(line),
        bindMigrationAwareSqlAdapterFactory(connections),
      );
    } catch (error) {
      throw withPanic(error);
    }
    try {
      return await fn(engine);
    } catch (error) {
      throw withPanic(error);
    } finally {
      engine.free();
    }
  } finally {
    await connections.disposeAll();
  }
}

/**
 * The engine never disposes the connections it opens. With @prisma/adapter-pg each
 * one is a pg.Pool, and the one that took Prisma's migration advisory lock keeps
 * it until the pool's idle timeout (10 s): the next migration run, in this process
 * or another, waits that long, and the open pool holds the process alive. So we
 * remember every connection handed to the engine and dispose of them ourselves.
 */
class ConnectionTracker implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider: SqlMigrationAwareDriverAdapterFactory['provider'];
  readonly adapterName: string;
  readonly #opened: SqlDriverAdapter[] = [];

  constructor(private readonly inner: SqlMigrationAwareDriverAdapterFactory) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.inner.connect();
    this.#opened.push(adapter);
    return adapter;
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const adapter = await this.inner.connectToShadowDb();
    this.#opened.push(adapter);
    return adapter;
  }

  async disposeAll(): Promise<void> {
    const opened = this.#opened.splice(0);
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  }
}

/** If the engine panicked, the useful message is in the registry, not in the error. */
function withPanic(error: unknown): unknown {
  if (panicRegistry.message && error instanceof Error && !error.message.includes(panicRegistry.message)) {
    error.message = `${error.message} (schema engine panic: ${panicRegistry.message})`;
  }
  return error;
}
