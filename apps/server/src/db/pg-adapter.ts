/**
 * `@prisma/adapter-pg` over `pg`, with migration scripts sent whole (see
 * script-runner.ts) so each migration is atomic, as with `prisma migrate deploy`.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type pg from 'pg';
import { replaceExecuteScript } from './script-runner.ts';

export class PgAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName: string;
  readonly #inner: PrismaPg;

  /** `schema`: the PostgreSQL schema to use instead of `public` (also put first on search_path). */
  constructor(config: pg.PoolConfig, schema?: string) {
    this.#inner = new PrismaPg(config, schema === undefined ? undefined : { schema });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    const pool = adapter.underlyingDriver();
    return replaceExecuteScript(adapter, async (script) => {
      // No parameters: pg uses the simple query protocol, so a multi-statement
      // script runs as one implicit transaction.
      await pool.query(script);
    });
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.#inner.connectToShadowDb();
  }
}
