// The group commit's statements (commit.ts), every value a parameter: the batch's keys go in as arrays
// (`unnest($1::text[], ...)`) and its rows as JSON arrays (`json_to_recordset($1::json)`), so each
// statement has one constant text, prepared once per connection. Each statement is its own round trip
// (node-postgres sends one query at a time, and a parameterised statement cannot share a message with
// another): six per batch, against two when the values were escaped into multi-statement text; the
// cost is in docs/benchmarks.md ("Parameterised SQL in the group commit").
import type pg from 'pg';
import type { StandingRow, TurnContext } from './merge.ts';

/** A game's current turn as the batch reads it (the turn context less the nation's name). */
export type TurnRow = Omit<TurnContext, 'gameName' | 'nationName'> & { gameId: string; name: string };

export interface NationRow {
  gameId: string;
  nationId: string;
  nationName: string;
  /**
   * Submissions the nation has stored for the game's current turn, and their bytes as PostgreSQL stores
   * them (order text and receipt, compressed where it compresses: read without decompressing them) for the
   * quota (submission-quota.ts).
   */
  turnSubmissions: number;
  turnBytes: number;
}

export type KeyedStandingRow = StandingRow & { gameId: string; nationId: string };

/** A nation of the batch, by game and nation id. */
export interface NationKey {
  gameId: string;
  nationId: string;
}

/** A raw submission to store. */
export interface SubmissionWrite {
  id: string;
  gameId: string;
  turn: number;
  nationId: string;
  source: string;
  rawText: string;
  receivedAt: string;
  messageId: string | null;
  /** JSON text of `{ orders, cancels, errors }`. */
  parsed: string;
  /** JSON text of the receipt. */
  receipt: string;
}

/** A standing order a submission wins (unless a later one is stored already). */
export interface StandingWrite {
  gameId: string;
  turn: number;
  unit: string;
  nationId: string;
  orders: string[];
  submissionId: string;
  receivedAt: string;
}

// The turn rows are share-locked, so a claim (UPDATE ... WHERE status = 'open') waits for this
// transaction and a submission after the claim sees the new status.
const LOCK_TURNS = `SELECT g.id AS "gameId", g.name, g.ruleset, g.status::text AS "gameStatus", g."timeZone", g."currentTurn" AS turn,
       t.status::text AS "turnStatus", t.deadline, t."openedAt"
  FROM "Game" g
  JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
 WHERE g.id = ANY($1::text[])
 ORDER BY g.id
   FOR SHARE OF t`;

// The nation rows are locked so that one nation's submissions merge one at a time; with them what each
// has stored for the current turn (the submission quota: at most the quota's rows, their sizes only).
const LOCK_NATIONS = `SELECT n."gameId", n."nationId", n.name AS "nationName", u.submissions AS "turnSubmissions", u.bytes AS "turnBytes"
  FROM "Nation" n
  JOIN unnest($1::text[], $2::text[]) AS k("gameId", "nationId") ON n."gameId" = k."gameId" AND n."nationId" = k."nationId"
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS submissions, coalesce(sum(pg_column_size(s."rawText") + pg_column_size(s.receipt)), 0)::float8 AS bytes
      FROM "Submission" s
     WHERE s."gameId" = n."gameId" AND s."nationId" = n."nationId"
       AND s."turnNumber" = (SELECT g."currentTurn" FROM "Game" g WHERE g.id = n."gameId")
  ) u
 ORDER BY n."gameId", n."nationId"
   FOR UPDATE OF n`;

const READ_STANDING = `SELECT s."gameId", s."nationId", s."unitId", s.orders, s."submissionId", s."receivedAt"
  FROM "StandingOrder" s
  JOIN "Game" g ON g.id = s."gameId" AND g."currentTurn" = s."turnNumber"
  JOIN unnest($1::text[], $2::text[]) AS k("gameId", "nationId") ON s."gameId" = k."gameId" AND s."nationId" = k."nationId"`;

// One statement for every write of the batch. The submissions and standing orders come as one JSON array
// parameter each (JSON.stringify is native; node-postgres serialises a text[] element by element, which
// for the 3 KB receipts cost 0.04 ms of CPU per submission: docs/benchmarks.md); the final flags as two
// text arrays. The raw submissions go in their order of arrival, so their sequence numbers follow
// it; a standing order is replaced only by a later receive time (an earlier submission that arrives late
// never overwrites); then the "final" flags. The standing orders' foreign key to their submission is
// checked at the end of the statement, when the submissions are in.
const WRITE_BATCH = `WITH submitted AS (
  INSERT INTO "Submission" (id, "gameId", "turnNumber", "nationId", source, "rawText", "receivedAt", "messageId", parsed, receipt)
  SELECT s.id, s."gameId", s.turn, s."nationId", s.source, s."rawText", s."receivedAt", s."messageId", s.parsed::jsonb, s.receipt::jsonb
    FROM json_to_recordset($1::json) AS s(arrival int, id uuid, "gameId" text, turn int, "nationId" text, source "SubmissionSource",
         "rawText" text, "receivedAt" timestamptz, "messageId" text, parsed text, receipt text)
   ORDER BY s.arrival
  RETURNING 1
), standing AS (
  INSERT INTO "StandingOrder" ("gameId", "turnNumber", "unitId", "nationId", orders, "submissionId", "receivedAt")
  SELECT w."gameId", w.turn, w.unit, w."nationId", w.orders, w."submissionId", w."receivedAt"
    FROM json_to_recordset($2::json)
         AS w("gameId" text, turn int, unit text, "nationId" text, orders jsonb, "submissionId" uuid, "receivedAt" timestamptz)
  ON CONFLICT ("gameId", "turnNumber", "unitId") DO UPDATE
     SET orders = EXCLUDED.orders, "nationId" = EXCLUDED."nationId",
         "submissionId" = EXCLUDED."submissionId", "receivedAt" = EXCLUDED."receivedAt"
   WHERE "StandingOrder"."receivedAt" <= EXCLUDED."receivedAt"
  RETURNING 1
), final AS (
  UPDATE "Nation" n SET "ordersFinal" = true, "updatedAt" = now()
    FROM unnest($3::text[], $4::text[]) AS f("gameId", "nationId")
   WHERE n."gameId" = f."gameId" AND n."nationId" = f."nationId"
  RETURNING 1
)
SELECT 1`;

/**
 * Round trips 1-4: begin, lock the turns of `gameIds` and then the `nations` (each in key order, the order
 * the turn pipeline and every other batch take them in, so they cannot deadlock), and read the nations'
 * standing orders in a later statement, i.e. after the locks are held, with a snapshot that includes every
 * earlier submission of these nations. `gameIds` and `nations` must be sorted.
 */
export async function beginAndRead(
  client: pg.PoolClient,
  gameIds: string[],
  nations: NationKey[],
): Promise<{ turns: TurnRow[]; nations: NationRow[]; standing: KeyedStandingRow[] }> {
  const keys = [nations.map((n) => n.gameId), nations.map((n) => n.nationId)];
  await client.query('BEGIN');
  const turns = await client.query<TurnRow>({ name: 'intake-batch-lock-turns', text: LOCK_TURNS, values: [gameIds] });
  const locked = await client.query<NationRow>({ name: 'intake-batch-lock-nations', text: LOCK_NATIONS, values: keys });
  const standing = await client.query<KeyedStandingRow>({ name: 'intake-batch-standing', text: READ_STANDING, values: keys });
  return { turns: turns.rows, nations: locked.rows, standing: standing.rows };
}

/** Round trips 5-6: every write of the batch in one statement (none when there is nothing to write), then commit. */
export async function writeAndCommit(
  client: pg.PoolClient,
  submissions: SubmissionWrite[],
  standing: StandingWrite[],
  finals: NationKey[],
): Promise<void> {
  if (submissions.length + standing.length + finals.length > 0) {
    await client.query({
      name: 'intake-batch-write',
      text: WRITE_BATCH,
      values: [
        JSON.stringify(submissions.map((row, arrival) => ({ arrival, ...row }))),
        JSON.stringify(standing),
        finals.map((f) => f.gameId),
        finals.map((f) => f.nationId),
      ],
    });
  }
  await client.query('COMMIT');
}
