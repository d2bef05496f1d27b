-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "botLevel" TEXT;
