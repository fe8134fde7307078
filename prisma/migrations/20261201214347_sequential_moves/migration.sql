-- CreateEnum
CREATE TYPE "MoveKind" AS ENUM ('orders', 'timeout', 'skip');

-- CreateEnum
CREATE TYPE "MoveStatus" AS ENUM ('pending', 'done', 'takenBack');

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "moveTimeLimitMinutes" INTEGER NOT NULL DEFAULT 2880;

-- AlterTable
ALTER TABLE "Turn" ADD COLUMN     "moveDeadline" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Move" (
    "gameId" TEXT NOT NULL,
    "turnNumber" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "nationId" TEXT NOT NULL,
    "kind" "MoveKind" NOT NULL,
    "status" "MoveStatus" NOT NULL DEFAULT 'pending',
    "submissionId" UUID,
    "orders" JSONB NOT NULL,
    "result" JSONB,
    "resultHash" TEXT,
    "nextState" JSONB,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "adjudicatedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Move_pkey" PRIMARY KEY ("gameId","turnNumber","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "Move_submissionId_key" ON "Move"("submissionId");

-- CreateIndex
CREATE INDEX "Move_status_idx" ON "Move"("status");

-- AddForeignKey
ALTER TABLE "Move" ADD CONSTRAINT "Move_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Move" ADD CONSTRAINT "Move_gameId_turnNumber_fkey" FOREIGN KEY ("gameId", "turnNumber") REFERENCES "Turn"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;
