-- AlterTable
ALTER TABLE "GameAction" ADD COLUMN     "epoch" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "TableLease" (
    "roomId" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "epoch" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TableLease_pkey" PRIMARY KEY ("roomId")
);

-- AddForeignKey
ALTER TABLE "TableLease" ADD CONSTRAINT "TableLease_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Fencing (not expressible in schema.prisma): a game-log row must carry the epoch of its
-- table's current lease. FOR SHARE makes a take-over (which updates the lease row) wait
-- for every append under way, and an append wait for a take-over under way: after a new
-- owner's take-over commits, no row of an older epoch can be stored, and a take-over's
-- replay sees every row stored before it. A game whose table never had a lease (rows
-- written before leases existed, or by tools) is not fenced.
CREATE FUNCTION "kibitz_fence_game_action"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_epoch INTEGER;
BEGIN
  SELECT l."epoch" INTO current_epoch
    FROM "TableLease" l JOIN "Game" g ON g."roomId" = l."roomId"
   WHERE g."id" = NEW."gameId"
     FOR SHARE OF l;
  IF current_epoch IS NOT NULL AND NEW."epoch" <> current_epoch THEN
    RAISE EXCEPTION 'game log row refused: written under lease epoch %, the table is at epoch %',
      NEW."epoch", current_epoch
      USING ERRCODE = 'KF001';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "GameAction_lease_fencing" BEFORE INSERT ON "GameAction"
  FOR EACH ROW EXECUTE FUNCTION "kibitz_fence_game_action"();
