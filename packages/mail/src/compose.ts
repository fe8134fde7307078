// Turning one outbox row into the message nodemailer sends. Pure: no I/O, no clock.
import type { SendMailOptions } from 'nodemailer';

/** An attachment as the outbox stores it. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
  /** Set when the row stores the attachment by reference: the sender resolves it before sending. */
  source?: unknown;
}

/** Everything needed to send one mail; the outbox row, read from the database. */
export interface OutgoingMail {
  /** Recipient addresses (e.g. a receipt goes to the registered address and to the sender). */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Stable Message-ID without angle brackets (`id@domain`), chosen when the row was written (see `reportMessageId`). */
  messageId: string;
  /** The Message-ID this mail answers, without angle brackets (receipts answer the player's order mail). */
  inReplyTo: string | null;
  attachments: OutgoingAttachment[];
  /** `List-Unsubscribe` target (an https URL or a mailto:), when the mail is one of a series. */
  listUnsubscribe: string | null;
  /** Further headers the writer of the row chose (e.g. `X-Arbiter-Game`). */
  headers: Record<string, string>;
}

export interface ComposeOptions {
  /** The server's sender, e.g. `"Arbiter" <arbiter@example.org>`. */
  from: string;
}

const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'in-reply-to', 'references', 'date', 'mime-version', 'content-type', 'content-transfer-encoding', 'list-unsubscribe', 'list-unsubscribe-post']);

const MESSAGE_ID = /^[^<>@\s]+@[^<>@\s]+$/;

/**
 * A stable Message-ID for a nation's report of one turn. The same turn for the same nation always gets
 * the same id, so a report re-sent after a crash is recognisable as the same message by mail clients.
 * `revision` counts re-adjudications of the same turn (a GM rollback), so a corrected report is a new message.
 */
export function reportMessageId(input: { gameId: string; nationId: string; turn: number; revision?: number; domain: string }): string {
  const rev = input.revision && input.revision > 0 ? `.r${input.revision}` : '';
  return `report.${safeIdPart(input.gameId)}.${safeIdPart(input.nationId)}.t${input.turn}${rev}@${input.domain}`;
}

/** The domain part for Message-IDs: the domain of the From: address (`Arbiter <arbiter@example.org>` → `example.org`). */
export function messageIdDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  if (!m) throw new Error(`MAIL_FROM "${from}" has no domain to build Message-IDs from`);
  return m[1]!.toLowerCase();
}

/** A stable Message-ID for any other outbox mail (receipts, GM notices), from a caller-chosen key. */
export function outboxMessageId(kind: string, key: string, domain: string): string {
  return `${safeIdPart(kind)}.${safeIdPart(key)}@${domain}`;
}

function safeIdPart(s: string): string {
  // RFC 5322 dot-atom text without dots inside a part, so the parts stay readable and unambiguous.
  return s.replace(/[^A-Za-z0-9_-]/g, (c) => `=${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Validation of a row before it is handed to SMTP; the message names the problem. */
export function validateOutgoing(mail: OutgoingMail): string | null {
  if (mail.to.length === 0) return 'there is no recipient';
  for (const to of mail.to) {
    if (!/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(to)) return `recipient "${to}" is not a single mail address`;
  }
  if (!MESSAGE_ID.test(mail.messageId)) return `Message-ID "${mail.messageId}" is not of the form id@domain (without angle brackets)`;
  if (mail.subject.trim() === '') return 'subject is empty';
  if (/[\r\n]/.test(mail.subject)) return 'subject contains a line break';
  if (mail.inReplyTo !== null && !MESSAGE_ID.test(mail.inReplyTo)) return `In-Reply-To "${mail.inReplyTo}" is not of the form id@domain (without angle brackets)`;
  if (mail.listUnsubscribe !== null && !/^(https:\/\/|mailto:)\S+$/.test(mail.listUnsubscribe)) {
    return `List-Unsubscribe "${mail.listUnsubscribe}" is neither an https: URL nor a mailto: address`;
  }
  for (const [name, value] of Object.entries(mail.headers)) {
    if (!/^[A-Za-z0-9-]+$/.test(name)) return `header name "${name}" is not a header field name`;
    if (/[\r\n]/.test(value)) return `header ${name} contains a line break`;
    if (RESERVED_HEADERS.has(name.toLowerCase())) return `header ${name} is set by the sender itself and may not be given`;
  }
  for (const a of mail.attachments) {
    if (a.filename.trim() === '' || /[\r\n/\\]/.test(a.filename)) return `attachment file name "${a.filename}" is not a plain file name`;
    if (!/^[a-z]+\/[a-z0-9.+-]+$/i.test(a.contentType)) return `attachment "${a.filename}" has a malformed content type "${a.contentType}"`;
  }
  return null;
}

/** The X-Loop value on every mail Arbiter sends; the mail intake drops mail that carries it (our own, come back). */
export const OWN_X_LOOP = 'arbiter';

/**
 * The nodemailer message for an outbox row. Every mail Arbiter sends is machine-made:
 * `Auto-Submitted: auto-generated` (RFC 3834) keeps vacation responders from answering it,
 * `X-Auto-Response-Suppress` does the same for Exchange, and `X-Loop: arbiter` lets another robot
 * (or Arbiter's own intake) recognise it and never answer.
 */
export function composeMail(mail: OutgoingMail, options: ComposeOptions): SendMailOptions {
  const message: SendMailOptions = {
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: `<${mail.messageId}>`,
    headers: {
      ...mail.headers,
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'X-Loop': OWN_X_LOOP,
    },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
  if (mail.html !== null) message.html = mail.html;
  if (mail.inReplyTo !== null) {
    message.inReplyTo = `<${mail.inReplyTo}>`;
    message.references = [`<${mail.inReplyTo}>`];
  }
  if (mail.listUnsubscribe !== null) {
    message.list = { unsubscribe: mail.listUnsubscribe };
    // RFC 8058 one-click unsubscribe applies to https targets only.
    if (mail.listUnsubscribe.startsWith('https://')) {
      (message.headers as Record<string, string>)['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
  }
  return message;
}
