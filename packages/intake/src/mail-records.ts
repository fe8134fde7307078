// The records of mail taken in (InboundMail, RefusalNotice), and the replies queued with them (through the
// outbox's one writer, @arbiter/mail queue.ts), written with parameterised SQL on the one pool connection
// that holds the mail's Message-ID lock. The rules: a Message-ID is processed once (the lock and the
// record), an inbound record and its replies are stored together (one statement), and a sender gets at
// most one refusal per interval (RefusalNotice). This is the mail intake's hot path (one round trip to
// check, one to record), so it does not go through Prisma. apps/mail-in calls it; it holds no SQL itself.

import type { Pool, PoolClient } from 'pg';
import { OWN_X_LOOP, outboxInsert, type QueuedMail } from '@arbiter/mail';
import { uuidv7 } from './uuid.ts';

export type InboundStatus = 'processed' | 'ignored' | 'refused';
export type ReplyKind = 'receipt' | 'refusal' | 'notice' | 'report';

export interface InboundRecord {
  messageId: string;
  receivedAt: Date;
  fromAddress: string;
  envelopeFrom: string | null;
  gameId: string | null;
  status: InboundStatus;
  reason: string | null;
  submissionId: string | null;
  /** The message as it arrived (InboundMail.raw): stored with the row, in the same statement. */
  raw: Buffer;
  /** The SMTP client's address (null over IMAP), which the quotas also count per (mail-quota.ts). */
  clientAddress: string | null;
}

export interface ReplyRow {
  gameId: string | null;
  nationId: string | null;
  kind: ReplyKind;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** As the outbox stores it (see @arbiter/mail); default none. */
  attachments?: unknown;
  /** Without angle brackets. */
  messageId: string;
  /** The player's Message-ID this answers, without angle brackets. */
  inReplyTo: string | null;
}

export interface PriorState {
  /** Status of the InboundMail row of this Message-ID, if the mail was seen before. */
  inbound: InboundStatus | null;
  /** An email submission already stored under this Message-ID (a restart between storing and answering). */
  submission: { id: string; gameId: string; nationId: string; receipt: unknown } | null;
}

/** The prefix of a Message-ID's lock key (hashed with hashtextextended; mail-batch.ts takes the locks). */
export const MESSAGE_LOCK_PREFIX = 'arbiter-inbound:';

function headersOf(row: ReplyRow): Record<string, string> {
  const headers: Record<string, string> = { 'X-Loop': OWN_X_LOOP };
  if (row.gameId !== null) headers['X-Arbiter-Game'] = row.gameId;
  if (row.inReplyTo !== null) headers['In-Reply-To'] = row.inReplyTo;
  return headers;
}

/** The outbox rows of a mail's replies (the outbox's one writer, @arbiter/mail, writes them). */
export function queuedReplies(replies: readonly ReplyRow[]): QueuedMail[] {
  return replies.map((r) => ({
    gameId: r.gameId,
    nationId: r.nationId,
    kind: r.kind,
    toAddresses: [r.to],
    subject: r.subject,
    text: r.text,
    html: r.html ?? null,
    attachments: r.attachments ?? [],
    messageId: r.messageId,
    headers: headersOf(r),
  }));
}

/** Records the inbound mail (with its raw bytes) and queues its replies, atomically (one statement). */
export async function recordInbound(client: PoolClient, inbound: InboundRecord, replies: ReplyRow[]): Promise<void> {
  await recordInboundMany(client, [{ inbound, replies }]);
}

/** An inbound record and the replies queued with it. */
export interface InboundWrite {
  inbound: InboundRecord;
  replies: ReplyRow[];
}

const INBOUND_COLUMNS = '"messageId", "receivedAt", "fromAddress", "envelopeFrom", "gameId", status, reason, "submissionId", raw, "clientAddress"';
const INBOUND_CASTS = ['', '', '', '', '', '::"InboundStatus"', '', '::uuid', '::bytea', ''];

/** Records the inbound mails (with their raw bytes) and queues all their replies, atomically (one statement). */
export async function recordInboundMany(client: PoolClient, writes: readonly InboundWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const values: unknown[] = [];
  const rows: string[] = [];
  for (const { inbound } of writes) {
    const at = values.length + 1;
    rows.push(`(${INBOUND_CASTS.map((cast, c) => `$${at + c}${cast}`).join(', ')})`);
    values.push(
      inbound.messageId,
      inbound.receivedAt,
      inbound.fromAddress,
      inbound.envelopeFrom,
      inbound.gameId,
      inbound.status,
      inbound.reason === null ? null : inbound.reason.slice(0, 500),
      inbound.submissionId,
      inbound.raw,
      inbound.clientAddress,
    );
  }
  const record = `INSERT INTO "InboundMail" (${INBOUND_COLUMNS}) VALUES ${rows.join(', ')}`;
  const mails = writes.flatMap((w) => queuedReplies(w.replies));
  if (mails.length === 0) {
    await client.query(record, values);
    return;
  }
  const outbox = outboxInsert(mails, { firstParam: values.length + 1 });
  await client.query(`WITH inbound AS (${record}) ${outbox.text}`, [...values, ...outbox.values]);
}

/** How many refusals may go out (RefusalNotice). */
export interface RefusalThrottle {
  /** One refusal per this key (an address and SMTP client) per interval. */
  key: string;
  intervalMs: number;
  /** At most this many refusals per SMTP client address (the record's `clientAddress`) per interval. */
  perClient: number;
}

/**
 * A refused mail that named an existing game, for that game's audit log (`GET /v1/games/:id/audit`):
 * a wrong-secret mail is refused with one notice per address per interval, so without this a GM would
 * never learn of the ones answered with none.
 */
export interface RefusalAudit {
  /** The game the mail named (nothing is written when no such game exists). */
  gameId: string;
  /** The refusal's reason code, e.g. "not-authenticated". */
  reason: string;
  /** The address the mail came from. */
  sender: string;
}

/** Why a refusal notice was not sent, in the audit entry's words. */
export type NoticeWithheld =
  | 'one refusal notice per address per interval'
  | 'the SMTP client used up its refusal notices of the interval'
  | 'the sender is over its quota of unauthenticated mail'
  | 'the mail has no address to answer';

/** Writes the audit entry `mail.refused` of a refused mail to the game it named, if that game exists. */
export async function auditRefusedMail(client: Pool | PoolClient, audit: RefusalAudit, withheld: NoticeWithheld | null): Promise<void> {
  const detail = { reason: audit.reason, sender: audit.sender, notice: withheld === null ? 'sent' : `withheld: ${withheld}` };
  await client.query(
    `INSERT INTO "AuditEntry" (id, "gameId", actor, action, detail)
       SELECT $1::uuid, g.id, 'mail-in', 'mail.refused', $3::jsonb FROM "Game" g WHERE g.id = $2`,
    [uuidv7(), audit.gameId, JSON.stringify(detail)],
  );
}

/**
 * Records a refused mail and, unless its key got a refusal within the interval or its SMTP client used up
 * its refusals of the interval, queues the refusal and notes it (RefusalNotice); a mail that named an
 * existing game (`audit`) is written to that game's audit log, with whether its notice was sent. Returns
 * whether a refusal was queued.
 */
export async function recordRefusal(
  client: PoolClient,
  inbound: InboundRecord,
  reply: ReplyRow,
  throttle: RefusalThrottle,
  audit: RefusalAudit | null = null,
): Promise<boolean> {
  const key = throttle.key.toLowerCase();
  const secs = throttle.intervalMs / 1000;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`arbiter-refusal:${key}`]);
    if (inbound.clientAddress !== null) await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`arbiter-refusal-client:${inbound.clientAddress}`]);
    const recent = await client.query<{ key: boolean; client: string }>(
      `SELECT EXISTS (SELECT 1 FROM "RefusalNotice" WHERE sender = $1 AND "sentAt" > now() - make_interval(secs => $2::double precision)) AS key,
              (SELECT count(*) FROM "RefusalNotice" WHERE client = $3 AND "sentAt" > now() - make_interval(secs => $2::double precision)) AS client`,
      [key, secs, inbound.clientAddress],
    );
    const keyFree = recent.rows[0]?.key === false;
    const clientFree = Number(recent.rows[0]?.client ?? 0) < throttle.perClient;
    const send = keyFree && clientFree;
    if (send) await client.query('INSERT INTO "RefusalNotice" (id, sender, client) VALUES ($1::uuid, $2, $3)', [uuidv7(), key, inbound.clientAddress]);
    await recordInbound(client, inbound, send ? [reply] : []);
    if (audit !== null) {
      const withheld = send ? null : !keyFree ? 'one refusal notice per address per interval' : 'the SMTP client used up its refusal notices of the interval';
      await auditRefusedMail(client, audit, withheld);
    }
    await client.query('COMMIT');
    return send;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The nation's latest report mail as the turn queued it (text, HTML, map), for `command: resend-report`; null before turn 1 ran. */
export async function latestReportMail(
  client: Pool | PoolClient,
  gameId: string,
  nationId: string,
): Promise<{ subject: string; text: string; html: string | null; attachments: unknown } | null> {
  const r = await client.query<{ subject: string; text: string; html: string | null; attachments: unknown }>(
    `SELECT subject, text, html, attachments FROM "OutboxMail"
      WHERE "gameId" = $1 AND "nationId" = $2 AND kind = 'report' AND status <> 'superseded'
      ORDER BY "createdAt" DESC LIMIT 1`,
    [gameId, nationId],
  );
  return r.rows[0] ?? null;
}

/**
 * The rulesets whose order lines the mail help shows a sender not yet matched to a game (issue 26): those
 * of this server's games that are not finished, in `known`'s order; every one of `known` when there are
 * none. *Decision:* not the sender's own games: a refusal goes to an address nobody proved to own, and
 * which games an address plays is not a stranger's to learn.
 */
export async function helpRulesets(client: Pool | PoolClient, known: readonly string[]): Promise<string[]> {
  const r = await client.query<{ ruleset: string }>(`SELECT DISTINCT ruleset FROM "Game" WHERE status <> 'finished'`);
  const inUse = new Set(r.rows.map((row) => row.ruleset));
  const shown = known.filter((id) => inUse.has(id));
  return shown.length > 0 ? shown : [...known];
}
