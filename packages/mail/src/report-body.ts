// A report mail's text and HTML stored by reference: the turn stores each nation's report once
// (NationReport: text, HTML, SVG map), and its report mail's row carries a marker in place of each part
// (issue 30: the rows stored the report a second time, a third of a big turn's bytes). The sender puts the
// report in at sending time (outbox.ts), as it puts in a welcome mail's secret, so the mail a player gets
// is byte for byte what the row used to carry. A copy of the row (the mail intake's "resend-report" copies
// the last report mail's text, HTML and attachments) copies the markers, and is resolved the same way.
// Rows written before keep their inline text and HTML and are sent as they are.
import type { Db } from '@arbiter/db';

/** Which part of a nation's report a row's text or HTML column stands for. */
export type ReportPart = 'text' | 'html';

/** The marker a report mail's `text` (or `html`) column holds instead of the report of `turn`. */
export function reportBodyRef(turn: number, part: ReportPart): string {
  if (!Number.isInteger(turn) || turn < 0) throw new RangeError(`a report mail refers to a turn number, got ${turn}`);
  return `{{arbiter-nation-report:turn=${turn}:${part}}}`;
}

const REF = /^\{\{arbiter-nation-report:turn=(\d{1,9}):(text|html)\}\}$/;

/** The report a column's value refers to, or null for a mail stored inline (the whole value must be the marker). */
export function parseReportBodyRef(value: string | null): { turn: number; part: ReportPart } | null {
  if (value === null || value.length > 60) return null;
  const m = REF.exec(value);
  return m === null ? null : { turn: Number(m[1]), part: m[2] as ReportPart };
}

/** A row's text and HTML as stored (inline, or markers), with its game and nation. */
export interface StoredBody {
  gameId: string | null;
  nationId: string | null;
  text: string;
  html: string | null;
}

/** The row's text and HTML to send, or why they cannot be had (the report it refers to is gone). */
export type ResolvedBody = { kind: 'body'; text: string; html: string | null } | { kind: 'missing'; reason: string };

interface ReportRow {
  gameId: string;
  nationId: string;
  turnNumber: number;
  text: string;
  html: string;
}

const key = (gameId: string, nationId: string, turn: number): string => `${turn}\u0000${gameId}\u0000${nationId}`;

/**
 * The text and HTML of each row, with every marker replaced by the part of the nation's report it names,
 * read in one query for all rows. Rows without markers come back as they are, without a query.
 */
export async function resolveReportBodies(db: Pick<Db, 'pool'>, rows: readonly StoredBody[]): Promise<ResolvedBody[]> {
  const wanted = new Map<string, { gameId: string; nationId: string; turn: number }>();
  const refs = rows.map((row) => {
    const text = parseReportBodyRef(row.text);
    const html = parseReportBodyRef(row.html);
    for (const ref of [text, html]) {
      if (ref !== null && row.gameId !== null && row.nationId !== null) wanted.set(key(row.gameId, row.nationId, ref.turn), { gameId: row.gameId, nationId: row.nationId, turn: ref.turn });
    }
    return { text, html };
  });
  const reports = new Map<string, ReportRow>();
  if (wanted.size > 0) {
    const list = [...wanted.values()];
    const r = await db.pool.query<ReportRow>(
      `SELECT r."gameId", r."nationId", r."turnNumber", r."text", r."html"
         FROM "NationReport" r
         JOIN unnest($1::text[], $2::text[], $3::int[]) AS w("gameId", "nationId", "turnNumber")
           ON r."gameId" = w."gameId" AND r."nationId" = w."nationId" AND r."turnNumber" = w."turnNumber"`,
      [list.map((w) => w.gameId), list.map((w) => w.nationId), list.map((w) => w.turn)],
    );
    for (const row of r.rows) reports.set(key(row.gameId, row.nationId, row.turnNumber), row);
  }
  return rows.map((row, i) => {
    const { text, html } = refs[i]!;
    const part = (value: string | null, ref: { turn: number; part: ReportPart } | null): string | null | { missing: string } => {
      if (ref === null) return value;
      const report = row.gameId === null || row.nationId === null ? undefined : reports.get(key(row.gameId, row.nationId, ref.turn));
      if (report === undefined) return { missing: `its ${ref.part} is the report of turn ${ref.turn} for ${row.nationId ?? '(no nation)'} in game ${row.gameId ?? '(no game)'}, which is not stored` };
      return report[ref.part];
    };
    const t = part(row.text, text);
    const h = part(row.html, html);
    if (typeof t === 'object' && t !== null) return { kind: 'missing', reason: t.missing };
    if (typeof h === 'object' && h !== null) return { kind: 'missing', reason: h.missing };
    return { kind: 'body', text: t ?? '', html: h };
  });
}
