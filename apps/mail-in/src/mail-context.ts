// The state of one mail in the pipeline (pipeline.ts) and the small rules it answers by: who an answer
// goes to, its recipients, the InboundMail row as an outcome fills it in, a subject quoted on one line.
import type { AuthenticatedNation, InboundRecord, InboundStatus, InboundWrite, MailSource, PriorState } from '@arbiter/intake';
import type { MailSubmission, RefusalReason } from './extract.ts';
import type { ReadMail } from './parse.ts';
import type { Envelope } from './processor.ts';
import { redactSecretText } from './redact.ts';

export const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+$/;
export const MESSAGE_ID = /^<?([^<>@\s]+@[^<>@\s]+)>?$/;

export interface MailContext {
  mail: ReadMail;
  /** The message as it arrived, its secrets redacted (redact.ts). */
  raw: Buffer;
  /** What InboundMail.raw gets: `raw`, or its header section past a quota (quota.ts). */
  storedRaw: Buffer;
  /** The sender is past its quota of unauthenticated mail: no refusal is sent. */
  strangerOverQuota: boolean;
  envelope: Envelope;
  receivedAt: Date;
  /** What the database knew of this Message-ID when the lock was taken. */
  prior: PriorState;
  /** Who the mail is counted against (quotas). */
  source: MailSource;
  /** The InboundMail row and its replies, for the batch to write (null: none, or written with a refusal). */
  write: InboundWrite | null;
  /** What runs once the record is stored (a turn or move dispatched early). */
  after: (() => Promise<void>) | null;
}

/** What a mail is before the database is asked (MailPipeline.admit). */
export type Admission =
  | { kind: 'ignored'; reason: string }
  | { kind: 'unreadable'; reason: RefusalReason; message: string }
  | { kind: 'unauthenticated'; submission: MailSubmission }
  | { kind: 'authenticated'; submission: MailSubmission; nation: AuthenticatedNation };

export interface Recipients {
  /** The sender and the nation's registered address (once when they are the same). */
  addresses: string[];
  nation: AuthenticatedNation;
  inReplyTo: string | null;
}

/** The InboundMail row of the mail in hand, with the outcome filled in. */
export type RecordFn = (status: InboundStatus, reason: string | null, gameId?: string | null, submissionId?: string | null) => InboundRecord;

/** The mail's InboundMail row as an outcome fills it in; what is stored of it (`ctx.storedRaw`) is read when the row is made. */
export function recordFor(ctx: MailContext, source: MailSource): RecordFn {
  return (status, reason, gameId = null, submissionId = null) => ({
    messageId: ctx.mail.messageId,
    receivedAt: ctx.receivedAt,
    fromAddress: source.fromAddress,
    envelopeFrom: ctx.envelope.mailFrom,
    gameId,
    status,
    reason,
    submissionId,
    raw: ctx.storedRaw,
    clientAddress: source.clientAddress,
  });
}

/**
 * The address a mail's answer goes to (besides a nation's registered address): its From, when the
 * envelope sender (SMTP MAIL FROM, or Return-Path over IMAP), where known, is the same address. Never a
 * Reply-To: a receipt quotes what the sender wrote, and must not go to a third party the sender named.
 * Null: answer nobody but the registered address (and refuse silently).
 */
export function answerAddress(from: string | null, envelopeFrom: string | null): string | null {
  if (from === null || !ADDRESS.test(from)) return null;
  const envelope = (envelopeFrom ?? '').trim().replace(/^<|>$/g, '');
  return envelope === '' || envelope.toLowerCase() === from.toLowerCase() ? from : null;
}

export function uniqueAddresses(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of list) {
    const k = a.trim().toLowerCase();
    if (k === '' || seen.has(k) || !ADDRESS.test(a.trim())) continue;
    seen.add(k);
    out.push(a.trim());
  }
  return out;
}

export function oneLine(s: string): string {
  const t = redactSecretText(s).replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t === '' ? '(no subject)' : t;
}
