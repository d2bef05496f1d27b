-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "heldUntil" TIMESTAMP(3),
ADD COLUMN     "seatLeft" BOOLEAN NOT NULL DEFAULT false;
