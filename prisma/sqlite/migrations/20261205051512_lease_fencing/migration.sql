-- Fencing (not expressible in schema.prisma), as PostgreSQL's lease_fencing migration: a
-- game-log row must carry the epoch of its table's current lease. A game whose table
-- never had a lease (rows written by tools, or before a lease was taken) is not fenced.
-- SQLite runs one writer at a time, so a take-over (an UPDATE of the lease row) and an
-- append can never overlap: after the take-over commits, no row of an older epoch gets in.
-- The message starts with KF001, the code PostgreSQL's trigger raises, so both stores'
-- refusals read the same (db/errors.ts: LeaseLostError).
CREATE TRIGGER "GameAction_lease_fencing" BEFORE INSERT ON "GameAction"
FOR EACH ROW
WHEN NEW."epoch" <> COALESCE(
  (SELECT l."epoch" FROM "TableLease" l JOIN "Game" g ON g."roomId" = l."roomId" WHERE g."id" = NEW."gameId"),
  NEW."epoch")
BEGIN
  SELECT RAISE(ABORT, 'KF001: game log row refused: written under another lease epoch than its table''s');
END;
