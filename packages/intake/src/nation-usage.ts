// What a nation stored in the current turn, kept on its Nation row (usageTurn, usageSubmissions,
// usageBytes; the submission quota reads them under the nation's lock, submission-quota.ts): the one
// statement that adds stored submissions to it, run in the transaction that stored them, by the group
// commit (batch-statements.ts) and by a move taken in (moves.ts).
import type pg from 'pg';

/** A nation, by game and nation id. */
export interface NationKey {
  gameId: string;
  nationId: string;
}

// Each nation's usage of the turn grows by the submissions just stored for it, counted as PostgreSQL
// stored them (compressed: read back by id, as a statement's own RETURNING only sees them uncompressed); a
// nation's first submission of a turn starts from zero. The "final" flags in the same row update. Only
// nations with a stored submission are touched.
const RECORD_USAGE = `UPDATE "Nation" n
   SET "usageSubmissions" = CASE WHEN n."usageTurn" = u.turn THEN n."usageSubmissions" ELSE 0 END + u.submissions,
       "usageBytes" = CASE WHEN n."usageTurn" = u.turn THEN n."usageBytes" ELSE 0 END + u.bytes,
       "usageTurn" = u.turn,
       "ordersFinal" = n."ordersFinal" OR f."nationId" IS NOT NULL,
       "updatedAt" = CASE WHEN f."nationId" IS NOT NULL THEN now() ELSE n."updatedAt" END
  FROM (SELECT s."gameId", s."nationId", s."turnNumber" AS turn, count(*)::int AS submissions,
               sum(pg_column_size(s."rawText") + pg_column_size(s.receipt))::int AS bytes
          FROM "Submission" s
         WHERE s.id = ANY($1::uuid[])
         GROUP BY s."gameId", s."nationId", s."turnNumber") u
  LEFT JOIN unnest($2::text[], $3::text[]) AS f("gameId", "nationId") ON f."gameId" = u."gameId" AND f."nationId" = u."nationId"
 WHERE n."gameId" = u."gameId" AND n."nationId" = u."nationId"`;

/**
 * The statement that adds the submissions `submissionIds` (stored earlier in the same transaction) to
 * their nations' usage of the turn, and marks `finals` (nations among them) final.
 */
export function recordUsage(submissionIds: string[], finals: NationKey[]): pg.QueryConfig & { text: string; values: [string[], string[], string[]] } {
  return { name: 'intake-nation-usage', text: RECORD_USAGE, values: [submissionIds, finals.map((f) => f.gameId), finals.map((f) => f.nationId)] };
}
