-- AlterTable
ALTER TABLE "InboundMail" ADD COLUMN     "clientAddress" TEXT;

-- AlterTable
ALTER TABLE "RefusalNotice" ADD COLUMN     "client" TEXT;

-- CreateIndex
CREATE INDEX "InboundMail_clientAddress_receivedAt_idx" ON "InboundMail"("clientAddress", "receivedAt");

-- CreateIndex
CREATE INDEX "RefusalNotice_client_sentAt_idx" ON "RefusalNotice"("client", "sentAt");
