-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('active', 'paused', 'finished');

-- CreateEnum
CREATE TYPE "TurnStatus" AS ENUM ('open', 'adjudicating', 'done', 'held');

-- CreateEnum
CREATE TYPE "SubmissionSource" AS ENUM ('rest', 'email');

-- CreateEnum
CREATE TYPE "MailKind" AS ENUM ('report', 'receipt', 'refusal', 'notice');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'superseded');

-- CreateEnum
CREATE TYPE "InboundStatus" AS ENUM ('processed', 'ignored', 'refused');

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'active',
    "settings" JSONB NOT NULL,
    "scenario" JSONB NOT NULL,
    "timeZone" TEXT NOT NULL,
    "schedule" JSONB NOT NULL,
    "currentTurn" INTEGER NOT NULL DEFAULT 1,
    "runEarlyWhenAllFinal" BOOLEAN NOT NULL DEFAULT false,
    "missingOrdersHoldShare" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    "gmEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Nation" (
    "gameId" TEXT NOT NULL,
    "nationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "ordersFinal" BOOLEAN NOT NULL DEFAULT false,
    "lastBounceAt" TIMESTAMPTZ(3),
    "lastBounceReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Nation_pkey" PRIMARY KEY ("gameId","nationId")
);

-- CreateTable
CREATE TABLE "Turn" (
    "gameId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "TurnStatus" NOT NULL DEFAULT 'open',
    "deadline" TIMESTAMPTZ(3) NOT NULL,
    "state" JSONB NOT NULL,
    "result" JSONB,
    "resultHash" TEXT,
    "openedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMPTZ(3),
    "claimedBy" TEXT,
    "adjudicatedAt" TIMESTAMPTZ(3),
    "heldReason" TEXT,

    CONSTRAINT "Turn_pkey" PRIMARY KEY ("gameId","number")
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "turnNumber" INTEGER NOT NULL,
    "nationId" TEXT NOT NULL,
    "source" "SubmissionSource" NOT NULL,
    "rawText" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "messageId" TEXT,
    "parsed" JSONB NOT NULL,
    "receipt" JSONB NOT NULL,

    CONSTRAINT "Submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StandingOrder" (
    "gameId" TEXT NOT NULL,
    "turnNumber" INTEGER NOT NULL,
    "unitId" TEXT NOT NULL,
    "nationId" TEXT NOT NULL,
    "orders" JSONB NOT NULL,
    "submissionId" UUID NOT NULL,
    "receivedAt" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "StandingOrder_pkey" PRIMARY KEY ("gameId","turnNumber","unitId")
);

-- CreateTable
CREATE TABLE "NationReport" (
    "gameId" TEXT NOT NULL,
    "turnNumber" INTEGER NOT NULL,
    "nationId" TEXT NOT NULL,
    "view" JSONB NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "svg" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NationReport_pkey" PRIMARY KEY ("gameId","turnNumber","nationId")
);

-- CreateTable
CREATE TABLE "OutboxMail" (
    "id" UUID NOT NULL,
    "gameId" TEXT,
    "nationId" TEXT,
    "kind" "MailKind" NOT NULL,
    "toAddresses" TEXT[],
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "messageId" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "status" "OutboxStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "supersedesId" UUID,

    CONSTRAINT "OutboxMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboundMail" (
    "messageId" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fromAddress" TEXT NOT NULL,
    "envelopeFrom" TEXT,
    "gameId" TEXT,
    "status" "InboundStatus" NOT NULL,
    "reason" TEXT,
    "submissionId" UUID,

    CONSTRAINT "InboundMail_pkey" PRIMARY KEY ("messageId")
);

-- CreateTable
CREATE TABLE "RefusalNotice" (
    "id" UUID NOT NULL,
    "sender" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefusalNotice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL,
    "gameId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Game_status_idx" ON "Game"("status");

-- CreateIndex
CREATE INDEX "Nation_email_idx" ON "Nation"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Nation_gameId_secretHash_key" ON "Nation"("gameId", "secretHash");

-- CreateIndex
CREATE INDEX "Turn_status_deadline_idx" ON "Turn"("status", "deadline");

-- CreateIndex
CREATE UNIQUE INDEX "Submission_seq_key" ON "Submission"("seq");

-- CreateIndex
CREATE INDEX "Submission_gameId_turnNumber_nationId_receivedAt_idx" ON "Submission"("gameId", "turnNumber", "nationId", "receivedAt");

-- CreateIndex
CREATE INDEX "Submission_messageId_idx" ON "Submission"("messageId");

-- CreateIndex
CREATE INDEX "StandingOrder_gameId_turnNumber_nationId_idx" ON "StandingOrder"("gameId", "turnNumber", "nationId");

-- CreateIndex
CREATE INDEX "StandingOrder_submissionId_idx" ON "StandingOrder"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMail_messageId_key" ON "OutboxMail"("messageId");

-- CreateIndex
CREATE INDEX "OutboxMail_status_nextAttemptAt_idx" ON "OutboxMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMail_gameId_nationId_kind_idx" ON "OutboxMail"("gameId", "nationId", "kind");

-- CreateIndex
CREATE INDEX "InboundMail_fromAddress_receivedAt_idx" ON "InboundMail"("fromAddress", "receivedAt");

-- CreateIndex
CREATE INDEX "RefusalNotice_sender_sentAt_idx" ON "RefusalNotice"("sender", "sentAt");

-- CreateIndex
CREATE INDEX "AuditEntry_gameId_at_idx" ON "AuditEntry"("gameId", "at");

-- AddForeignKey
ALTER TABLE "Nation" ADD CONSTRAINT "Nation_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Turn" ADD CONSTRAINT "Turn_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_gameId_turnNumber_fkey" FOREIGN KEY ("gameId", "turnNumber") REFERENCES "Turn"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_gameId_nationId_fkey" FOREIGN KEY ("gameId", "nationId") REFERENCES "Nation"("gameId", "nationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_gameId_turnNumber_fkey" FOREIGN KEY ("gameId", "turnNumber") REFERENCES "Turn"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_gameId_nationId_fkey" FOREIGN KEY ("gameId", "nationId") REFERENCES "Nation"("gameId", "nationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingOrder" ADD CONSTRAINT "StandingOrder_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationReport" ADD CONSTRAINT "NationReport_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationReport" ADD CONSTRAINT "NationReport_gameId_turnNumber_fkey" FOREIGN KEY ("gameId", "turnNumber") REFERENCES "Turn"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NationReport" ADD CONSTRAINT "NationReport_gameId_nationId_fkey" FOREIGN KEY ("gameId", "nationId") REFERENCES "Nation"("gameId", "nationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxMail" ADD CONSTRAINT "OutboxMail_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxMail" ADD CONSTRAINT "OutboxMail_supersedesId_fkey" FOREIGN KEY ("supersedesId") REFERENCES "OutboxMail"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboundMail" ADD CONSTRAINT "InboundMail_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
