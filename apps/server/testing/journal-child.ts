/**
 * For sqlite-journal.test.ts: opens the embedded store in `argv[2]`, appends three rows of
 * game `argv[3]` (acknowledged: written to the journal), says so, and is killed at once,
 * before anything could fold them into the table or close the store.
 */
import { openDatabase } from '../src/db/database.ts';

const [dataDir, gameId] = process.argv.slice(2);
if (dataDir === undefined || gameId === undefined)
  throw new Error('usage: journal-child.ts DATA_DIR GAME_ID');
const db = await openDatabase({ dataDir });
await db.appendLog([
  { gameId, seq: 0, seat: 0, action: { type: 'pass' } },
  { gameId, seq: 1, seat: 1, action: { type: 'pass' } },
]);
await db.appendLog([{ gameId, seq: 2, seat: 2, action: { type: 'bid', amount: 300 } }]);
process.stdout.write('stored 3\n', () => process.kill(process.pid, 'SIGKILL'));
