-- CreateEnum
CREATE TYPE "ReportDelivery" AS ENUM ('full', 'text', 'none');

-- AlterEnum
ALTER TYPE "OutboxStatus" ADD VALUE 'withheld';

-- AlterTable
ALTER TABLE "Nation" ADD COLUMN     "reportDelivery" "ReportDelivery" NOT NULL DEFAULT 'full';
