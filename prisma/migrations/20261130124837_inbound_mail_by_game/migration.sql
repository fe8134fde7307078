-- CreateIndex
CREATE INDEX "InboundMail_gameId_receivedAt_idx" ON "InboundMail"("gameId", "receivedAt");
