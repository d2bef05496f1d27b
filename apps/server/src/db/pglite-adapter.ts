/**
 * Used by `pnpm db:migration` (the PostgreSQL history's shadow database) and the PGlite
 * importer's test only: PGlite is no longer a store of the server.
 *
 * `pglite-prisma-adapter` with two fixes the migration engine needs:
 *
 * 1. Its `executeScript` starts `client.exec(script)` without awaiting it, so a
 *    failing migration script would be reported as applied (and its error would
 *    surface later as an unhandled rejection). Ours awaits it and reports the error.
 * 2. Its `connectToShadowDb` opens a fresh in-memory PGlite that is never closed.
 *    Ours closes the shadow database when the engine disposes the connection.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { replaceExecuteScript } from './script-runner.ts';

export class PGliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName: string;
  readonly #inner: PrismaPGlite;

  constructor(readonly client: PGlite) {
    this.#inner = new PrismaPGlite(client);
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const client = this.client;
    return replaceExecuteScript(await this.#inner.connect(), async (script) => {
      await client.exec(script);
    });
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return openShadowAdapter();
  }
}

/** A throwaway in-memory PGlite for the migration engine, closed when the engine disposes it. */
export async function openShadowAdapter(): Promise<SqlDriverAdapter> {
  const shadow = await PGlite.create({ dataDir: 'memory://' });
  const adapter = replaceExecuteScript(await new PrismaPGlite(shadow).connect(), async (script) => {
    await shadow.exec(script);
  });
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await shadow.close();
  };
  return adapter;
}
