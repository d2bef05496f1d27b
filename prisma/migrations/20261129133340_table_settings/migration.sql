-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "removedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Room" ADD COLUMN     "settings" JSONB;
