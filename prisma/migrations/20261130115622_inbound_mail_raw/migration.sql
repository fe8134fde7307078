-- AlterTable
ALTER TABLE "InboundMail" ADD COLUMN     "raw" BYTEA;
