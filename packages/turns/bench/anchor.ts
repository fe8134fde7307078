// The turn benchmark's anchor: the rows a turn wrote (its result, the reports, the outbox mails, the next
// turn's state), written again in one transaction with plain SQL and nothing rendered, into copies of the
// tables (same columns, indexes and TOAST compression). The pipeline's time over this one is what rendering
// and the pipeline's own work cost; measured in the same run, it makes figures of a shared machine comparable.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** Rows per INSERT, as the pipeline writes them (run.ts WRITE_CHUNK). */
const CHUNK = 50;

interface Table {
  name: string;
  /** Columns read as text (jsonb as its text) and written back with their casts. */
  columns: [name: string, cast: string][];
  /** Which of the game's rows the turn wrote. */
  where: string;
  /** A column's value as read, where not the column itself. */
  read?: Record<string, string>;
}

const REPORTS: Table = {
  name: 'NationReport',
  columns: [['gameId', ''], ['turnNumber', '::int'], ['nationId', ''], ['view', '::jsonb'], ['text', ''], ['html', ''], ['svg', '']],
  where: `"turnNumber" = 1`,
};
const MAILS: Table = {
  name: 'OutboxMail',
  columns: [
    ['id', '::uuid'], ['gameId', ''], ['nationId', ''], ['kind', '::"MailKind"'], ['toAddresses', '::text[]'], ['subject', ''], ['text', ''], ['html', ''],
    ['attachments', '::jsonb'], ['messageId', ''], ['headers', '::jsonb'], ['status', '::"OutboxStatus"'], ['secret', ''],
  ],
  where: `"kind" = 'report'`,
};
const TURNS: Table = {
  name: 'Turn',
  columns: [['gameId', ''], ['number', '::int'], ['status', '::"TurnStatus"'], ['deadline', '::timestamptz'], ['state', '::jsonb'], ['result', '::jsonb'], ['resultHash', '']],
  // Turn 1's result (its state was there before the turn) and turn 2 with its state.
  where: `"number" IN (1, 2)`,
  read: { state: `CASE WHEN "number" = 1 THEN '{}' ELSE "state"::text END` },
};

/** What the anchor wrote and how long its transaction took. */
export interface AnchorFigures {
  ms: number;
  rows: number;
  /** Bytes of the values sent (text), before compression. */
  bytes: number;
}

/** The game's rows of `table` with every value as text (`toAddresses` as an array). */
async function readRows(client: pg.PoolClient, table: Table, gameId: string): Promise<unknown[][]> {
  const select = table.columns.map(([c, cast]) => table.read?.[c] ?? (cast === '::text[]' || cast === '::int' ? `"${c}"` : `"${c}"::text`)).join(', ');
  const r = await client.query({ text: `SELECT ${select} FROM "${table.name}" WHERE "gameId" = $1 AND ${table.where}`, values: [gameId], rowMode: 'array' });
  return r.rows as unknown[][];
}

async function insertRows(client: pg.PoolClient, table: Table, rows: unknown[][]): Promise<void> {
  const cols = table.columns.map(([c]) => `"${c}"`).join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const at = values.length;
      values.push(...row);
      return `(${table.columns.map(([, cast], c) => `$${at + c + 1}${cast}`).join(', ')})`;
    });
    await client.query(`INSERT INTO "anchor_${table.name}" (${cols}) VALUES ${tuples.join(', ')}`, values);
  }
}

const sizeOf = (rows: unknown[][]): number =>
  rows.reduce<number>((n, row) => n + row.reduce<number>((m, v) => m + (typeof v === 'string' ? Buffer.byteLength(v) : 8), 0), 0);

/** Writes the turn's rows of `gameId` again in one transaction (lz4 TOAST compression where the pipeline uses it). */
export async function measureAnchor(pool: pg.Pool, gameId: string): Promise<AnchorFigures> {
  const client = await pool.connect();
  try {
    const tables = [TURNS, REPORTS, MAILS];
    for (const t of tables) await client.query(`CREATE TABLE "anchor_${t.name}" (LIKE "${t.name}" INCLUDING ALL)`);
    const data: unknown[][][] = [];
    for (const t of tables) data.push(await readRows(client, t, gameId));
    const lz4 = (await client.query<{ ok: boolean }>(`SELECT coalesce('lz4' = ANY(enumvals), false) AS ok FROM pg_settings WHERE name = 'default_toast_compression'`)).rows[0]?.ok === true;
    const t0 = performance.now();
    await client.query('BEGIN');
    if (lz4) await client.query(`SET LOCAL default_toast_compression = 'lz4'`);
    for (const [i, t] of tables.entries()) await insertRows(client, t, data[i]!);
    await client.query('COMMIT');
    const ms = performance.now() - t0;
    for (const t of tables) await client.query(`DROP TABLE "anchor_${t.name}"`);
    return { ms, rows: data.reduce((n, rows) => n + rows.length, 0), bytes: data.reduce((n, rows) => n + sizeOf(rows), 0) };
  } finally {
    client.release();
  }
}
