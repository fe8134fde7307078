-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "sequentialMode" TEXT NOT NULL DEFAULT 'at-deadline';
