-- AlterTable
ALTER TABLE "Nation" ADD COLUMN     "usageBytes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "usageSubmissions" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "usageTurn" INTEGER NOT NULL DEFAULT 0;

-- What each nation has stored for the current turn of its game so far (the intake quota read it from the
-- Submission rows until now, and keeps these columns from here on).
UPDATE "Nation" n
   SET "usageTurn" = u.turn, "usageSubmissions" = u.submissions, "usageBytes" = u.bytes
  FROM (
    SELECT s."gameId", s."nationId", s."turnNumber" AS turn, count(*)::int AS submissions,
           sum(pg_column_size(s."rawText") + pg_column_size(s.receipt))::int AS bytes
      FROM "Submission" s
      JOIN "Game" g ON g.id = s."gameId" AND g."currentTurn" = s."turnNumber"
     GROUP BY s."gameId", s."nationId", s."turnNumber"
  ) u
 WHERE n."gameId" = u."gameId" AND n."nationId" = u."nationId";
