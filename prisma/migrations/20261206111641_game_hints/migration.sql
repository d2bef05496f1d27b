-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "hints" JSONB;
