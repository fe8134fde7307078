// Queueing mail: the one module that writes new OutboxMail rows. Every mail Arbiter sends (turn reports,
// receipts, notices and refusals of the mail intake, GM notices) is handed to it as a QueuedMail; the
// sender (outbox.ts) then owns each row's delivery. Parameterised SQL only, one multi-row INSERT, so that
// callers can put it in their own transaction (or in one statement with their own rows: `outboxInsert`).
import type { Tx } from '@arbiter/db';
import { v7 as uuidv7 } from 'uuid';

export type QueuedMailKind = 'report' | 'receipt' | 'refusal' | 'notice' | 'welcome' | 'reminder';

export interface QueuedMail {
  gameId: string | null;
  nationId: string | null;
  kind: QueuedMailKind;
  toAddresses: string[];
  subject: string;
  text: string;
  html?: string | null;
  /** As the sender reads them (outbox.ts): inline content, or a reference such as the report's map. */
  attachments?: unknown;
  /** Stable Message-ID without angle brackets (`outboxMessageId`): a second queueing of it is a duplicate. */
  messageId: string;
  headers?: Record<string, string>;
  /** `withheld`: stored, never sent (a player who asked for no report mail); default `pending`. */
  status?: 'pending' | 'withheld';
  /**
   * A welcome mail's nation secret, kept out of the text (which carries a placeholder): the sender fills
   * it in at sending and clears it once the row is sent or given up (docs/security.md).
   */
  secret?: string | null;
}

const COLUMNS = ['id', 'gameId', 'nationId', 'kind', 'toAddresses', 'subject', 'text', 'html', 'attachments', 'messageId', 'headers', 'status', 'secret'] as const;
const CASTS = ['::uuid', '', '', '::"MailKind"', '::text[]', '', '', '', '::jsonb', '', '::jsonb', '::"OutboxStatus"', ''] as const;

export interface OutboxInsertOptions {
  /** The number of the statement's first parameter (default 1), when the INSERT follows parameters of the caller's. */
  firstParam?: number;
  /** `skip`: a mail whose Message-ID is already queued is left out (default: the INSERT fails). */
  onDuplicate?: 'fail' | 'skip';
}

/** The INSERT of `mails` (at least one) as statement text and parameters, for a caller that runs it itself. */
export function outboxInsert(mails: readonly QueuedMail[], options: OutboxInsertOptions = {}): { text: string; values: unknown[] } {
  if (mails.length === 0) throw new Error('outboxInsert needs at least one mail');
  const first = options.firstParam ?? 1;
  const values: unknown[] = [];
  const rows: string[] = [];
  for (const m of mails) {
    const at = first + values.length;
    rows.push(`(${CASTS.map((cast, c) => `$${at + c}${cast}`).join(', ')})`);
    values.push(
      uuidv7(),
      m.gameId,
      m.nationId,
      m.kind,
      m.toAddresses,
      m.subject,
      m.text,
      m.html ?? null,
      JSON.stringify(m.attachments ?? []),
      m.messageId,
      JSON.stringify(m.headers ?? {}),
      m.status ?? 'pending',
      m.secret ?? null,
    );
  }
  const text =
    `INSERT INTO "OutboxMail" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${rows.join(', ')}` +
    (options.onDuplicate === 'skip' ? ' ON CONFLICT ("messageId") DO NOTHING' : '');
  return { text, values };
}

/** Anything that runs a parameterised statement: a pg pool or client (a Prisma transaction: outboxInsert + $executeRawUnsafe). */
export interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rowCount: number | null }>;
}

/** Queues the mails; returns how many rows were written (fewer than given only with `onDuplicate: 'skip'`). */
export async function queueMail(db: Queryable, mails: readonly QueuedMail[], options: Omit<OutboxInsertOptions, 'firstParam'> = {}): Promise<number> {
  if (mails.length === 0) return 0;
  const { text, values } = outboxInsert(mails, options);
  return (await db.query(text, values)).rowCount ?? 0;
}

/** The same inside a Prisma transaction (the caller's rows and the mails commit together). */
export async function queueMailInTx(tx: Tx, mails: readonly QueuedMail[], options: Omit<OutboxInsertOptions, 'firstParam'> = {}): Promise<number> {
  if (mails.length === 0) return 0;
  const { text, values } = outboxInsert(mails, options);
  return tx.$executeRawUnsafe(text, ...values);
}

/** A report not sent yet is out of date once a newer turn's report is queued: it is superseded (never sent). */
export async function supersedePendingReports(db: Queryable, gameId: string, nationIds: readonly string[]): Promise<number> {
  const r = await db.query(
    `UPDATE "OutboxMail" SET "status" = 'superseded' WHERE "gameId" = $1 AND "kind" = 'report' AND "status" = 'pending' AND "nationId" = ANY($2::text[])`,
    [gameId, nationIds],
  );
  return r.rowCount ?? 0;
}
