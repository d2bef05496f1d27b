-- DropIndex
DROP INDEX "GameAction_gameId_seq_key";

-- AlterTable
ALTER TABLE "GameAction" DROP CONSTRAINT "GameAction_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "GameAction_pkey" PRIMARY KEY ("gameId", "seq");
