// The group commit's statements (commit.ts), every value a parameter: the batch's keys go in as arrays
// (`unnest($1::text[], ...)`) and its rows as JSON arrays (`jsonb_to_recordset($1::jsonb)`), so each
// statement has one constant text, prepared once per connection. They go out in node-postgres's pipeline
// mode (pipeline.ts): begin, the locks and the read in one round trip, the write and the commit in
// another (issue 30; six round trips before, docs/benchmarks.md "Parameterised SQL in the group commit").
import type pg from 'pg';
import { recordUsage, type NationKey } from './nation-usage.ts';
import { pipelined } from './pipeline.ts';
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
  /**
   * JSON text of the receipt (receipt.ts `receiptJson`, the REST answer's bytes), put into the batch's
   * JSON as it is: serialised once, parsed once by PostgreSQL. The stored `parsed` column is the receipt's
   * `{ orders, cancels, errors }`, taken from it in the statement.
   */
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
// has stored for the current turn (the submission quota), kept on the row by RECORD_USAGE: one row read,
// where counting the turn's Submission rows read every one of them (issue 30). Usage of an earlier turn
// counts as none (the turn rows are share-locked above, so the current turn cannot change meanwhile).
const LOCK_NATIONS = `SELECT n."gameId", n."nationId", n.name AS "nationName",
       CASE WHEN n."usageTurn" = g."currentTurn" THEN n."usageSubmissions" ELSE 0 END AS "turnSubmissions",
       (CASE WHEN n."usageTurn" = g."currentTurn" THEN n."usageBytes" ELSE 0 END)::float8 AS "turnBytes"
  FROM "Nation" n
  JOIN unnest($1::text[], $2::text[]) AS k("gameId", "nationId") ON n."gameId" = k."gameId" AND n."nationId" = k."nationId"
  JOIN "Game" g ON g.id = n."gameId"
 ORDER BY n."gameId", n."nationId"
   FOR UPDATE OF n`;

const READ_STANDING = `SELECT s."gameId", s."nationId", s."unitId", s.orders, s."submissionId", s."receivedAt"
  FROM "StandingOrder" s
  JOIN "Game" g ON g.id = s."gameId" AND g."currentTurn" = s."turnNumber"
  JOIN unnest($1::text[], $2::text[]) AS k("gameId", "nationId") ON s."gameId" = k."gameId" AND s."nationId" = k."nationId"`;

// One statement for every write of the batch. The submissions come as one JSON array parameter, each
// receipt spliced in as the JSON text the API answers with (no second JSON.stringify escaping it into a
// string, no second parse on the server: jsonb_to_recordset parses the array once and hands each receipt
// on as jsonb); `parsed` is the receipt's orders, cancels and errors. The standing orders come as a second
// JSON array. The raw submissions go in their order of arrival, so their sequence numbers follow it; a
// standing order is replaced only by a later receive time (an earlier submission that arrives late never
// overwrites). The standing orders' foreign key to their submission is checked at the end of the statement,
// when the submissions are in.
const WRITE_BATCH = `WITH submitted AS (
  INSERT INTO "Submission" (id, "gameId", "turnNumber", "nationId", source, "rawText", "receivedAt", "messageId", parsed, receipt)
  SELECT s.id, s."gameId", s.turn, s."nationId", s.source, s."rawText", s."receivedAt", s."messageId",
         jsonb_build_object('orders', s.receipt->'orders', 'cancels', s.receipt->'cancels', 'errors', s.receipt->'errors'), s.receipt
    FROM jsonb_to_recordset($1::jsonb) AS s(arrival int, id uuid, "gameId" text, turn int, "nationId" text, source "SubmissionSource",
         "rawText" text, "receivedAt" timestamptz, "messageId" text, receipt jsonb)
   ORDER BY s.arrival
  RETURNING 1
), standing AS (
  INSERT INTO "StandingOrder" ("gameId", "turnNumber", "unitId", "nationId", orders, "submissionId", "receivedAt")
  SELECT w."gameId", w.turn, w.unit, w."nationId", w.orders, w."submissionId", w."receivedAt"
    FROM jsonb_to_recordset($2::jsonb)
         AS w("gameId" text, turn int, unit text, "nationId" text, orders jsonb, "submissionId" uuid, "receivedAt" timestamptz)
  ON CONFLICT ("gameId", "turnNumber", "unitId") DO UPDATE
     SET orders = EXCLUDED.orders, "nationId" = EXCLUDED."nationId",
         "submissionId" = EXCLUDED."submissionId", "receivedAt" = EXCLUDED."receivedAt"
   WHERE "StandingOrder"."receivedAt" <= EXCLUDED."receivedAt"
  RETURNING 1
)
SELECT 1`;

/** The submissions as the write's JSON array: each row's fields, its arrival, and its receipt's JSON text as it is. */
function submissionsJson(submissions: SubmissionWrite[]): string {
  let json = '[';
  for (const [arrival, { receipt, ...fields }] of submissions.entries()) {
    // `{"arrival":0,...}` less its closing brace, then the receipt's own JSON.
    json += `${arrival > 0 ? ',' : ''}${JSON.stringify({ arrival, ...fields }).slice(0, -1)},"receipt":${receipt}}`;
  }
  return `${json}]`;
}

/**
 * Round trip 1: begin, lock the turns of `gameIds` and then the `nations` (each in key order, the order
 * the turn pipeline and every other batch take them in, so they cannot deadlock), and read the nations'
 * standing orders in a later statement, i.e. after the locks are held, with a snapshot that includes every
 * earlier submission of these nations (pipelined: sent together, run one after the other). `gameIds` and
 * `nations` must be sorted.
 */
export async function beginAndRead(
  client: pg.PoolClient,
  gameIds: string[],
  nations: NationKey[],
  lz4: boolean,
): Promise<{ turns: TurnRow[]; nations: NationRow[]; standing: KeyedStandingRow[] }> {
  const keys = [nations.map((n) => n.gameId), nations.map((n) => n.nationId)];
  // The receipts (3 KB and more, past PostgreSQL's 2 KB TOAST threshold) are compressed as they are
  // stored: lz4, where the server has it, costs half of pglz's CPU (docs/benchmarks.md, API, issue 30).
  const begin: pg.QueryConfig[] = lz4 ? [{ text: 'BEGIN' }, { text: "SET LOCAL default_toast_compression = 'lz4'" }] : [{ text: 'BEGIN' }];
  const answers = await pipelined(client, [
    ...begin,
    { name: 'intake-batch-lock-turns', text: LOCK_TURNS, values: [gameIds] },
    { name: 'intake-batch-lock-nations', text: LOCK_NATIONS, values: keys },
    { name: 'intake-batch-standing', text: READ_STANDING, values: keys },
  ]);
  const [turns, locked, standing] = answers.slice(begin.length) as [pg.QueryResult<TurnRow>, pg.QueryResult<NationRow>, pg.QueryResult<KeyedStandingRow>];
  return { turns: turns.rows, nations: locked.rows, standing: standing.rows };
}

/**
 * Round trip 2: every write of the batch (none when there is nothing to write), the nations' usage and
 * final flags, and the commit. `finals` are nations with a submission in `submissions`.
 */
export async function writeAndCommit(
  client: pg.PoolClient,
  submissions: SubmissionWrite[],
  standing: StandingWrite[],
  finals: NationKey[],
): Promise<void> {
  if (submissions.length === 0) {
    await client.query('COMMIT');
    return;
  }
  await pipelined(client, [
    { name: 'intake-batch-write', text: WRITE_BATCH, values: [submissionsJson(submissions), JSON.stringify(standing)] },
    recordUsage(submissions.map((s) => s.id), finals),
    { text: 'COMMIT' },
  ]);
}
