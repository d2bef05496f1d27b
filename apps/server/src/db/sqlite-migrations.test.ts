/**
 * A fresh embedded store is migrated in a thread of its own, which ends with the work: the
 * schema engine (WebAssembly that stays in memory once loaded) never loads in the server's
 * thread. A failure there still reaches the opener as a MigrationError.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { MigrationError } from './errors.ts';
import { schemaEngineLoaded } from './schema-engine.ts';

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kibitz-migrate-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('migrating a fresh embedded store', () => {
  it('happens in a thread of its own: the schema engine never loads here, and the store is ready to use', async () => {
    const db = await openDatabase({ dataDir: join(await scratch(), 'sqlite') });
    try {
      expect(db.migrations.applied.length).toBeGreaterThan(0);
      expect(schemaEngineLoaded()).toBe(false);
      expect(await db.prisma.room.count()).toBe(0);
    } finally {
      await db.close();
    }
    // Opened again, nothing is pending and nothing is migrated.
    const again = await openDatabase({ dataDir: db.target });
    await again.close();
    expect(again.migrations.applied).toEqual([]);
    expect(schemaEngineLoaded()).toBe(false);
  });

  it("reports the thread's failure as a MigrationError, and the directory can be opened afterwards", async () => {
    const dataDir = join(await scratch(), 'sqlite');
    const empty = await scratch();
    await expect(openDatabase({ dataDir, migrations: { migrationsDir: empty } })).rejects.toThrow(
      MigrationError,
    );
    const db = await openDatabase({ dataDir });
    await db.close();
    expect(db.migrations.applied.length).toBeGreaterThan(0);
  });
});
