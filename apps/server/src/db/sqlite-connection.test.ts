/**
 * The SQLite store's one connection, shared by Prisma and the game log's appender: a row
 * appended while a Prisma transaction is open waits for its end, and is never rolled
 * back with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { createRoomWithGame } from './test-support.ts';

describe('the SQLite connection', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('holds an append back while a transaction is open, and keeps it when the transaction rolls back', async () => {
    const room = await createRoomWithGame(db.prisma);
    const gameId = room.games[0]!.id;
    let appended = false;
    let append: Promise<void> | undefined;
    const transaction = db.prisma.$transaction(async (tx) => {
      await tx.room.update({ where: { id: room.id }, data: { name: 'renamed' } });
      append = db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' } }]).then(() => {
        appended = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(appended).toBe(false);
      throw new Error('roll back');
    });
    await expect(transaction).rejects.toThrow('roll back');
    await append;
    expect(appended).toBe(true);
    expect((await db.prisma.room.findUniqueOrThrow({ where: { id: room.id } })).name).toBe('Test table');
    expect(await db.prisma.gameAction.count({ where: { gameId } })).toBe(1);
  });
});
