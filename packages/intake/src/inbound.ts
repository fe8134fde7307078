// The GM's view of a game's inbound mail: every order mail the mail intake tied to the game, what became
// of it (processed, ignored as a robot or loop, refused with the reason) and the message exactly as it
// arrived. "My orders never arrived" is answered from here.
import type { Db } from '@arbiter/db';
import { IntakeError } from './errors.ts';
import { requireGame } from './games.ts';

export interface InboundMailSummary {
  messageId: string;
  receivedAt: string;
  from: string;
  envelopeFrom: string | null;
  status: 'processed' | 'ignored' | 'refused';
  reason: string | null;
  /** The submission it made, if it gave orders. */
  submissionId: string | null;
  /** Size of the stored message in bytes; null for mail received before messages were kept. */
  size: number | null;
}

export interface InboundMailPage {
  gameId: string;
  mail: InboundMailSummary[];
  /** Pass as `before` for the next (older) page (an opaque cursor); null when this is the last one. */
  nextBefore: string | null;
}

export const INBOUND_PAGE_MAX = 200;

// The paging cursor: the last row's receive time (24 characters of ISO 8601) and its Message-ID, so rows
// received in the same millisecond are neither skipped nor repeated.
const cursorOf = (receivedAt: Date, messageId: string) => `${receivedAt.toISOString()}~${messageId}`;

function parseCursor(before: string): { at: Date; messageId: string } {
  const at = new Date(before.slice(0, 24));
  if (before.length < 26 || before[24] !== '~' || Number.isNaN(at.getTime()) || at.toISOString() !== before.slice(0, 24)) {
    throw new IntakeError('invalid-input', 'before must be the nextBefore value of an earlier page.');
  }
  return { at, messageId: before.slice(25) };
}

/** A game's inbound mail, newest first, `limit` at a time; `before` (an earlier page's `nextBefore`) pages back. */
export async function listInboundMail(db: Db, gameId: string, options: { limit?: number; before?: string } = {}): Promise<InboundMailPage> {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > INBOUND_PAGE_MAX) {
    throw new IntakeError('invalid-input', `limit must be a whole number from 1 to ${INBOUND_PAGE_MAX}.`);
  }
  const cursor = options.before === undefined ? null : parseCursor(options.before);
  await requireGame(db, gameId);
  const { rows } = await db.pool.query<{
    messageId: string; receivedAt: Date; fromAddress: string; envelopeFrom: string | null; status: InboundMailSummary['status'];
    reason: string | null; submissionId: string | null; size: number | null;
  }>(
    `SELECT "messageId", "receivedAt", "fromAddress", "envelopeFrom", status::text AS status, reason, "submissionId",
            octet_length(raw) AS size
       FROM "InboundMail"
      WHERE "gameId" = $1 AND ($2::timestamptz IS NULL OR ("receivedAt", "messageId") < ($2, $3))
      ORDER BY "receivedAt" DESC, "messageId" DESC
      LIMIT $4`,
    [gameId, cursor?.at ?? null, cursor?.messageId ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    gameId,
    mail: page.map((r) => ({
      messageId: r.messageId,
      receivedAt: r.receivedAt.toISOString(),
      from: r.fromAddress,
      envelopeFrom: r.envelopeFrom,
      status: r.status,
      reason: r.reason,
      submissionId: r.submissionId,
      size: r.size,
    })),
    nextBefore: rows.length > limit ? cursorOf((page.at(-1) as (typeof rows)[number]).receivedAt, (page.at(-1) as (typeof rows)[number]).messageId) : null,
  };
}

/** One inbound mail of the game exactly as it arrived (RFC 5322 bytes). */
export async function getInboundMailRaw(db: Db, gameId: string, messageId: string): Promise<Buffer> {
  const { rows } = await db.pool.query<{ raw: Buffer | null }>('SELECT raw FROM "InboundMail" WHERE "gameId" = $1 AND "messageId" = $2', [gameId, messageId]);
  const row = rows[0];
  if (row === undefined) {
    await requireGame(db, gameId);
    throw new IntakeError('mail-not-found', `Game "${gameId}" has no inbound mail with Message-ID ${messageId}.`);
  }
  if (row.raw === null) throw new IntakeError('mail-not-found', `The mail ${messageId} was received before messages were kept; only its summary exists.`);
  return row.raw;
}
