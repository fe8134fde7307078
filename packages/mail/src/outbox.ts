// The outbox sender: claims due OutboxMail rows, sends them over SMTP, records the outcome.
//
// Delivery is at-least-once with a stable Message-ID: a row is claimed by moving it to `sending` with a
// lease (its nextAttemptAt pushed forward). If the process dies after the SMTP server accepted the mail
// but before the row was marked `sent`, the lease runs out and another sender sends it again with the
// same Message-ID, which mail clients recognise as the same message. Rows are never lost: a row leaves
// `pending`/`sending` only as `sent`, `failed` (refused, invalid, or out of attempts) or `superseded`.
import type { Db } from '@arbiter/db';
import { composeMail, validateOutgoing } from './compose.ts';
import type { OutgoingAttachment, OutgoingMail } from './compose.ts';
import { classifySendError, DEFAULT_RETRY_POLICY, retryDelayMs } from './delivery.ts';
import type { RetryPolicy } from './delivery.ts';
import type { MailTransport } from './transport.ts';
import { resolveReportBodies, type ResolvedBody } from './report-body.ts';

export interface SendOutboxOptions {
  /** Most rows claimed by this call. */
  limit: number;
  /** The From: of every mail, e.g. `Arbiter <arbiter@example.org>`. */
  from: string;
  retry?: RetryPolicy;
  /** How long a claimed row stays reserved for this sender (ms); after that another sender may retry it. Default 5 min. */
  leaseMs?: number;
  /** Mails sent in parallel; default 4. */
  concurrency?: number;
  /**
   * Produces the bytes of an attachment stored by reference (`{ filename, contentType, source }`
   * instead of `content`), e.g. a report's PNG map rasterised from the stored SVG at sending time.
   * Rows with such attachments fail with a clear reason when no resolver is given.
   */
  resolveAttachment?: AttachmentResolver;
}

/** See SendOutboxOptions.resolveAttachment. Throwing fails the send as a transient error (retried). */
export type AttachmentResolver = (ref: { gameId: string | null; nationId: string | null; filename: string; source: unknown }) => Promise<Uint8Array>;

export interface SendOutboxResult {
  /** Rows claimed (due pending rows, and `sending` rows whose lease ran out). */
  claimed: number;
  sent: number;
  /** Refused for good by the receiving server (recorded on the nation). */
  refused: number;
  /** Failed for now; will be retried after a backoff. */
  deferred: number;
  /** Given up: out of attempts (failed sends, or senders that died during them), or the row itself is malformed. */
  failed: number;
}

/**
 * Where a mail's text and HTML carry a nation's secret (welcome mails): the row keeps the placeholder and
 * the secret in its own column, which the sender fills in at sending and clears once the row is sent,
 * failed or superseded (docs/security.md).
 */
export const SECRET_PLACEHOLDER = '{{arbiter-nation-secret}}';

interface ClaimedRow {
  id: string;
  secret: string | null;
  gameId: string | null;
  nationId: string | null;
  toAddresses: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: unknown;
  messageId: string;
  headers: unknown;
  attempts: number;
}

/** Claims at most `limit` due rows and sends them. Safe to run in any number of processes at once. */
export async function sendOutboxBatch(db: Db, transport: MailTransport, options: SendOutboxOptions): Promise<SendOutboxResult> {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError(`limit must be a positive integer, got ${options.limit}`);
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const leaseMs = options.leaseMs ?? 300_000;
  const gaveUp = await giveUpAbandoned(db, policy.maxAttempts);
  const rows = await db.prisma.$queryRaw<ClaimedRow[]>`
    UPDATE "OutboxMail" AS o
       SET "status" = 'sending', "attempts" = o."attempts" + 1,
           "nextAttemptAt" = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
     WHERE o."id" IN (
       SELECT "id" FROM "OutboxMail"
        WHERE "status" IN ('pending', 'sending') AND "nextAttemptAt" <= now()
        ORDER BY "nextAttemptAt", "id"
        LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING o."id", o."gameId", o."nationId", o."toAddresses", o."subject", o."text", o."html",
              o."attachments", o."messageId", o."headers", o."attempts", o."secret"`;
  const result: SendOutboxResult = { claimed: rows.length + gaveUp, sent: 0, refused: 0, deferred: 0, failed: gaveUp };
  // A report mail's text and HTML are the nation's stored report (report-body.ts): read once for the batch.
  const bodies = await resolveReportBodies(db, rows);
  const queue = rows.map((row, i) => ({ row, body: bodies[i]! }));
  const workers = Array.from({ length: Math.min(options.concurrency ?? 4, queue.length) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const outcome = await sendOne(db, transport, next, options.from, policy, options.resolveAttachment);
      result[outcome]++;
    }
  });
  await Promise.all(workers);
  return result;
}

/**
 * Rows still `sending` whose lease ran out had an attempt that never got as far as recording its outcome:
 * the sender died during it (killed, or a crash such as a native abort while drawing the map). Their
 * attempts were counted when they were claimed, so a row that takes its sender down every time is given
 * up here after `maxAttempts`, like one whose sends failed, and its secret (a welcome) is cleared with it.
 * Returns how many were given up.
 */
async function giveUpAbandoned(db: Db, maxAttempts: number): Promise<number> {
  return db.prisma.$executeRaw`
    UPDATE "OutboxMail"
       SET "status" = 'failed', "secret" = NULL,
           "lastError" = 'gave up after ' || "attempts" || ' attempts: the sender stopped during each one before its outcome was recorded (it crashed or was killed)'
                         || coalesce('; the last recorded error: ' || "lastError", '')
     WHERE "status" = 'sending' AND "nextAttemptAt" <= now() AND "attempts" >= ${maxAttempts}`;
}

async function sendOne(
  db: Db,
  transport: MailTransport,
  { row, body }: { row: ClaimedRow; body: ResolvedBody },
  from: string,
  policy: RetryPolicy,
  resolve: AttachmentResolver | undefined,
): Promise<'sent' | 'refused' | 'deferred' | 'failed'> {
  if (body.kind === 'missing') {
    await finish(db, row.id, 'failed', `the report this mail carries is gone: ${body.reason}`);
    return 'failed';
  }
  const mail = withSecret(outgoingFromRow({ ...row, text: body.text, html: body.html }), row.secret);
  const problem = typeof mail === 'string' ? mail : validateOutgoing(mail);
  if (problem !== null || typeof mail === 'string') {
    await finish(db, row.id, 'failed', `malformed outbox row: ${problem}`);
    return 'failed';
  }
  const refs = mail.attachments.filter((a) => a.source !== undefined);
  if (refs.length > 0 && resolve === undefined) {
    await finish(db, row.id, 'failed', 'an attachment is stored by reference and this sender has no attachment resolver');
    return 'failed';
  }
  try {
    for (const a of refs) {
      a.content = await resolve!({ gameId: row.gameId, nationId: row.nationId, filename: a.filename, source: a.source });
    }
    const info = await transport.sendMail(composeMail(mail, { from }));
    const rejected = info.rejected.map(addressOf);
    await finish(db, row.id, 'sent', rejected.length > 0 ? `refused by the receiving server for ${rejected.join(', ')}: ${oneLine(info.response)}` : null);
    if (rejected.length > 0) await recordRefusal(db, row, rejected, `refused: ${oneLine(info.response)}`);
    return 'sent';
  } catch (err) {
    const failure = classifySendError(err);
    if (failure.kind === 'refused') {
      await finish(db, row.id, 'failed', failure.message);
      const rejected = refusedAddresses(err);
      await recordRefusal(db, row, rejected.length > 0 ? rejected : mail.to, failure.message);
      return 'refused';
    }
    if (row.attempts >= policy.maxAttempts) {
      await finish(db, row.id, 'failed', `gave up after ${row.attempts} attempts: ${failure.message}`);
      return 'failed';
    }
    const delayMs = retryDelayMs(row.attempts, policy);
    await db.prisma.$executeRaw`
      UPDATE "OutboxMail" SET "status" = 'pending', "lastError" = ${failure.message},
             "nextAttemptAt" = now() + make_interval(secs => ${delayMs / 1000}::double precision)
       WHERE "id" = ${row.id}::uuid AND "status" = 'sending'`;
    return 'deferred';
  }
}

/**
 * The row's secret put in place of SECRET_PLACEHOLDER. A row without a secret is sent as it is: only a
 * pending or sending row has one, and a placeholder a GM wrote into a name must not stop other mail.
 */
function withSecret(mail: OutgoingMail | string, secret: string | null): OutgoingMail | string {
  if (typeof mail === 'string' || secret === null) return mail;
  return { ...mail, text: mail.text.replaceAll(SECRET_PLACEHOLDER, secret), html: mail.html?.replaceAll(SECRET_PLACEHOLDER, secret) ?? null };
}

// Both ends of a row clear its secret (welcome mails): once sent, or given up, it is not kept.
async function finish(db: Db, id: string, status: 'sent' | 'failed', lastError: string | null): Promise<void> {
  if (status === 'sent') {
    await db.prisma.$executeRaw`
      UPDATE "OutboxMail" SET "status" = 'sent', "sentAt" = now(), "lastError" = ${lastError}, "secret" = NULL
       WHERE "id" = ${id}::uuid AND "status" = 'sending'`;
  } else {
    await db.prisma.$executeRaw`
      UPDATE "OutboxMail" SET "status" = 'failed', "lastError" = ${lastError}, "secret" = NULL
       WHERE "id" = ${id}::uuid AND "status" = 'sending'`;
  }
}

/** A refusal of the nation's registered address is shown to the GM (Nation.lastBounceAt / lastBounceReason). */
async function recordRefusal(db: Db, row: ClaimedRow, addresses: string[], reason: string): Promise<void> {
  if (row.gameId === null || row.nationId === null) return;
  const lower = addresses.map((a) => a.toLowerCase());
  await db.prisma.$executeRaw`
    UPDATE "Nation" SET "lastBounceAt" = now(), "lastBounceReason" = ${reason.slice(0, 500)}, "updatedAt" = now()
     WHERE "gameId" = ${row.gameId} AND "nationId" = ${row.nationId} AND lower("email") = ANY(${lower}::text[])`;
}

function refusedAddresses(err: unknown): string[] {
  const rejected = (err as { rejected?: unknown } | null)?.rejected;
  return Array.isArray(rejected) ? rejected.map(addressOf) : [];
}

function addressOf(a: unknown): string {
  if (typeof a === 'string') return a;
  if (typeof a === 'object' && a !== null && typeof (a as { address?: unknown }).address === 'string') return (a as { address: string }).address;
  return String(a);
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** The row as an OutgoingMail, or what is wrong with its JSON columns. */
export function outgoingFromRow(row: Pick<ClaimedRow, 'toAddresses' | 'subject' | 'text' | 'html' | 'attachments' | 'messageId' | 'headers'>): OutgoingMail | string {
  if (!Array.isArray(row.attachments)) return 'attachments is not a JSON array';
  const attachments: (OutgoingAttachment & { source?: unknown })[] = [];
  for (const [i, a] of row.attachments.entries()) {
    const item = a as { filename?: unknown; contentType?: unknown; content?: unknown; source?: unknown } | null;
    const shaped = item !== null && typeof item === 'object' && typeof item.filename === 'string' && typeof item.contentType === 'string';
    if (shaped && typeof item.content === 'string' && item.source === undefined) {
      attachments.push({ filename: item.filename as string, contentType: item.contentType as string, content: Buffer.from(item.content, 'base64') });
    } else if (shaped && item.content === undefined && item.source !== undefined && item.source !== null) {
      attachments.push({ filename: item.filename as string, contentType: item.contentType as string, content: new Uint8Array(0), source: item.source });
    } else {
      return `attachments[${i}] must be { filename, contentType, content (base64) } or { filename, contentType, source }`;
    }
  }
  if (row.headers === null || typeof row.headers !== 'object' || Array.isArray(row.headers)) return 'headers is not a JSON object';
  const headers: Record<string, string> = {};
  let listUnsubscribe: string | null = null;
  // Set by the sender itself in every mail; a copy in the row is redundant, not an error.
  let inReplyTo: string | null = null;
  const implied = new Set(['auto-submitted', 'x-auto-response-suppress']);
  for (const [name, value] of Object.entries(row.headers as Record<string, unknown>)) {
    if (typeof value !== 'string') return `headers.${name} is not a string`;
    if (implied.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === 'list-unsubscribe') {
      listUnsubscribe = bare(value);
      continue;
    }
    if (name.toLowerCase() === 'list-unsubscribe-post') continue;
    if (name.toLowerCase() === 'in-reply-to') {
      inReplyTo = bare(value);
      continue;
    }
    headers[name] = value;
  }
  return {
    to: row.toAddresses,
    subject: row.subject,
    text: row.text,
    html: row.html,
    messageId: bare(row.messageId),
    inReplyTo,
    attachments,
    listUnsubscribe,
    headers,
  };
}

function bare(id: string): string {
  return id.trim().replace(/^<(.*)>$/, '$1');
}
