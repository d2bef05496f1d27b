/**
 * The lease rows' statements, one set per store. Both compare expiry with the database's
 * clock only, so the processes' clocks never matter.
 */
import type { Client } from './client.ts';
import { sqlString } from './log-append.ts';
import type { Database } from './store.ts';

export interface LeaseSql {
  /** Takes the lease (new epoch) if free, lapsed, ours, or `exclusive`; [] when held by another. */
  take(roomId: string, owner: string, ttlMs: number, exclusive: boolean): Promise<{ epoch: number }[]>;
  /** Who holds it, under which epoch, and in how many ms it lapses. */
  held(roomId: string): Promise<{ owner: string; epoch: number; ms: number }[]>;
  /**
   * Takes the lease (new epoch) from `from` if that owner still holds it under `epoch`,
   * lapsed or not (its process is known to be gone); [] when anything changed meanwhile.
   */
  takeFrom(
    roomId: string,
    owner: string,
    from: string,
    epoch: number,
    ttlMs: number,
  ): Promise<{ epoch: number }[]>;
  /** Extends those of `roomIds` this owner holds; answers them (room id -> epoch). */
  renew(roomIds: readonly string[], owner: string, ttlMs: number): Promise<Map<string, number>>;
  /** Lets those of `roomIds` this owner holds lapse now. */
  release(roomIds: readonly string[], owner: string): Promise<void>;
  /**
   * Every lease whose owner starts with `prefix` but is not `owner` (an earlier run of
   * this node): written to `owner` under a new epoch, lapsed now. Answers their room ids.
   */
  reclaim(prefix: string, owner: string): Promise<string[]>;
}

export function leaseSql(db: Pick<Database, 'prisma' | 'kind'>): LeaseSql {
  return db.kind === 'postgres' ? postgresLeases(db.prisma) : sqliteLeases(db.prisma);
}

function postgresLeases(prisma: Client): LeaseSql {
  const NOW = `(now() AT TIME ZONE 'UTC')`;
  const later = (ms: number) => `(${NOW} + ${Math.round(ms)} * interval '1 millisecond')`;
  const renewWhere = async (roomIds: readonly string[], owner: string, ttlMs: number, skip: string) => {
    const rows = await prisma.$queryRawUnsafe<{ roomId: string; epoch: number }[]>(
      `UPDATE "TableLease" SET "expiresAt" = ${later(ttlMs)}
        WHERE "roomId" IN (
          SELECT "roomId" FROM "TableLease"
           WHERE "owner" = ${sqlString(owner)} AND "roomId" = ANY($1::text[])
           ORDER BY "roomId" FOR NO KEY UPDATE ${skip})
        RETURNING "roomId", "epoch"`,
      roomIds,
    );
    return new Map(rows.map((row) => [row.roomId, Number(row.epoch)]));
  };
  return {
    take: (roomId, owner, ttlMs, exclusive) =>
      prisma.$queryRawUnsafe<{ epoch: number }[]>(
        `INSERT INTO "TableLease" ("roomId", "owner", "epoch", "expiresAt")
         VALUES (${sqlString(roomId)}, ${sqlString(owner)}, 1, ${later(ttlMs)})
         ON CONFLICT ("roomId") DO UPDATE
           SET "owner" = EXCLUDED."owner", "epoch" = "TableLease"."epoch" + 1, "expiresAt" = EXCLUDED."expiresAt"
           WHERE ${exclusive ? 'TRUE' : `"TableLease"."expiresAt" <= ${NOW} OR "TableLease"."owner" = EXCLUDED."owner"`}
         RETURNING "epoch"`,
      ),
    held: (roomId) =>
      prisma.$queryRawUnsafe<{ owner: string; epoch: number; ms: number }[]>(
        `SELECT "owner", "epoch", GREATEST(0, EXTRACT(EPOCH FROM ("expiresAt" - ${NOW})) * 1000)::float8 AS ms
           FROM "TableLease" WHERE "roomId" = ${sqlString(roomId)}`,
      ),
    takeFrom: (roomId, owner, from, epoch, ttlMs) =>
      prisma.$queryRawUnsafe<{ epoch: number }[]>(
        `UPDATE "TableLease"
            SET "owner" = ${sqlString(owner)}, "epoch" = "epoch" + 1, "expiresAt" = ${later(ttlMs)}
          WHERE "roomId" = ${sqlString(roomId)} AND "owner" = ${sqlString(from)} AND "epoch" = ${Math.trunc(epoch)}
          RETURNING "epoch"`,
      ),
    // First the rows nobody holds a lock on right now (SKIP LOCKED): an UPDATE of every
    // lease at once used to wait for each game-log insert whose fencing check holds a row
    // FOR SHARE while new inserts queued behind it, and the crossed waits ended only at the
    // deadlock timeout (p99 stalls of ~1 s at every renewal in cluster mode). The few rows
    // locked at that moment are renewed by a second, waiting statement.
    // One array parameter: thousands of tables make one short statement, parsed once.
    renew: async (roomIds, owner, ttlMs) => {
      const first = await renewWhere(roomIds, owner, ttlMs, 'SKIP LOCKED');
      const rest = roomIds.filter((roomId) => !first.has(roomId));
      if (rest.length === 0) return first;
      for (const [roomId, epoch] of await renewWhere(rest, owner, ttlMs, '')) first.set(roomId, epoch);
      return first;
    },
    release: async (roomIds, owner) => {
      await prisma.$executeRawUnsafe(
        `UPDATE "TableLease" SET "expiresAt" = ${NOW}
          WHERE "owner" = ${sqlString(owner)} AND "roomId" IN (${roomIds.map(sqlString).join(', ')})`,
      );
    },
    reclaim: async (prefix, owner) => {
      const rows = await prisma.$queryRawUnsafe<{ roomId: string }[]>(
        `UPDATE "TableLease"
            SET "owner" = ${sqlString(owner)}, "epoch" = "epoch" + 1, "expiresAt" = LEAST("expiresAt", ${NOW})
          WHERE starts_with("owner", ${sqlString(prefix)}) AND "owner" <> ${sqlString(owner)}
          RETURNING "roomId"`,
      );
      return rows.map((row) => row.roomId);
    },
  };
}

/**
 * SQLite: DateTime columns hold Unix milliseconds (sqlite-store.ts), so expiry is plain
 * arithmetic on the database's clock. One writer at a time: no row locks to skip.
 */
function sqliteLeases(prisma: Client): LeaseSql {
  const NOW = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;
  const later = (ms: number) => `(${NOW} + ${Math.round(ms)})`;
  return {
    take: (roomId, owner, ttlMs, exclusive) =>
      prisma.$queryRawUnsafe<{ epoch: number }[]>(
        `INSERT INTO "TableLease" ("roomId", "owner", "epoch", "expiresAt") VALUES (?, ?, 1, ${later(ttlMs)})
         ON CONFLICT ("roomId") DO UPDATE
           SET "owner" = excluded."owner", "epoch" = "TableLease"."epoch" + 1, "expiresAt" = excluded."expiresAt"
           WHERE ${exclusive ? 'TRUE' : `"TableLease"."expiresAt" <= ${NOW} OR "TableLease"."owner" = excluded."owner"`}
         RETURNING "epoch"`,
        roomId,
        owner,
      ),
    held: (roomId) =>
      prisma.$queryRawUnsafe<{ owner: string; epoch: number; ms: number }[]>(
        `SELECT "owner", "epoch", MAX(0, "expiresAt" - ${NOW}) AS ms FROM "TableLease" WHERE "roomId" = ?`,
        roomId,
      ),
    takeFrom: (roomId, owner, from, epoch, ttlMs) =>
      prisma.$queryRawUnsafe<{ epoch: number }[]>(
        `UPDATE "TableLease" SET "owner" = ?, "epoch" = "epoch" + 1, "expiresAt" = ${later(ttlMs)}
          WHERE "roomId" = ? AND "owner" = ? AND "epoch" = ?
          RETURNING "epoch"`,
        owner,
        roomId,
        from,
        epoch,
      ),
    renew: async (roomIds, owner, ttlMs) => {
      const rows = await prisma.$queryRawUnsafe<{ roomId: string; epoch: number }[]>(
        `UPDATE "TableLease" SET "expiresAt" = ${later(ttlMs)}
          WHERE "owner" = ? AND "roomId" IN (SELECT value FROM json_each(?))
          RETURNING "roomId", "epoch"`,
        owner,
        JSON.stringify(roomIds),
      );
      return new Map(rows.map((row) => [row.roomId, Number(row.epoch)]));
    },
    release: async (roomIds, owner) => {
      await prisma.$executeRawUnsafe(
        `UPDATE "TableLease" SET "expiresAt" = ${NOW}
          WHERE "owner" = ? AND "roomId" IN (SELECT value FROM json_each(?))`,
        owner,
        JSON.stringify(roomIds),
      );
    },
    reclaim: async (prefix, owner) => {
      const rows = await prisma.$queryRawUnsafe<{ roomId: string }[]>(
        `UPDATE "TableLease" SET "owner" = ?, "epoch" = "epoch" + 1, "expiresAt" = MIN("expiresAt", ${NOW})
          WHERE substr("owner", 1, ?) = ? AND "owner" <> ?
          RETURNING "roomId"`,
        owner,
        prefix.length,
        prefix,
        owner,
      );
      return rows.map((row) => row.roomId);
    },
  };
}
