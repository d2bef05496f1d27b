-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "players" JSONB;
