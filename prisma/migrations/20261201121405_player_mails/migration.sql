-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "MailKind" ADD VALUE 'welcome';
ALTER TYPE "MailKind" ADD VALUE 'reminder';

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "reminderHours" INTEGER NOT NULL DEFAULT 24;

-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "secret" TEXT;
