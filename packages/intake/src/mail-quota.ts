// What mail may make the intake store and send (issue 13 findings 3 and 7, issue 27), counted from
// InboundMail and RefusalNotice themselves over a window, so the limits hold across intake processes and
// restarts. Each limit holds per sender address (From, forged at will) and per SMTP client address (the
// machine that connected, which a stranger cannot choose freely), so a client forging a new From for
// each mail is bounded too. The limits and what a mail comes to under them (kept in full, or its header
// section only, and why) are here; apps/mail-in keeps the header section and answers accordingly;
// docs/security.md lists them.
//
// Mail is stored in full (InboundMail.raw, redacted) for the GM; these limits bound the disk a stranger
// can fill and the refusals it can have sent:
// - mail that did not authenticate (refused or ignored): after `strangerFailures` wrong-secret mails from
//   an address (`clientFailures` from a client), or `strangerBytes` stored from either, further such
//   mail is recorded with its header section only and gets no refusal;
// - authenticated mail, per game: past `senderBytes` stored from the address or from the client, header
//   section only.
// A mail that presents a correct secret is always processed, whatever anyone else sent under its From
// address or from its client: only how much of it is kept can change.


export interface MailQuota {
  /** The window all counts are over, ms. */
  windowMs: number;
  /** Raw bytes stored in full per game, per sender address and per SMTP client, for authenticated mail. */
  senderBytes: number;
  /** Raw bytes stored in full per sender address and per SMTP client for mail that did not authenticate. */
  strangerBytes: number;
  /** Wrong-secret mails per sender address stored in full and answered. */
  strangerFailures: number;
  /** Wrong-secret mails per SMTP client address (any sender) stored in full and answered. */
  clientFailures: number;
}

export const DEFAULT_MAIL_QUOTA: MailQuota = {
  windowMs: 86_400_000,
  senderBytes: 50 * 1024 * 1024,
  strangerBytes: 5 * 1024 * 1024,
  strangerFailures: 20,
  clientFailures: 100,
};

/** A mail under its quota (kept in full), or over it: its header section only, and why (the stored mail's note). */
export type QuotaAnswer = { over: false } | { over: true; why: string };

/**
 * Whether a mail that has not authenticated (yet) is within the stranger quotas of its sender address and
 * of its SMTP client, from what they stored within the window (read under the mail's lock by
 * mail-batch.ts): past them it is kept as its header section only and gets no refusal.
 */
export function strangerAnswer(usage: { sender: StrangerUsage; client: StrangerUsage }, rawBytes: number, q: MailQuota): QuotaAnswer {
  const over = usage.sender.failures >= q.strangerFailures || usage.client.failures >= q.clientFailures || Math.max(usage.sender.bytes, usage.client.bytes) + rawBytes > q.strangerBytes;
  if (!over) return { over: false };
  return {
    over: true,
    why: `the sender or its mail server is over its quota of unauthenticated mail (${q.strangerFailures} wrong secrets per address, ${q.clientFailures} per mail server, or ${q.strangerBytes} bytes, per ${q.windowMs / 1000} s)`,
  };
}

/**
 * Whether an authenticated mail is within its game's storage quota of its sender and of its client (it is
 * processed either way), from the bytes they stored in that game within the window (mail-batch.ts).
 */
export function authenticatedAnswer(used: { sender: number; client: number }, rawBytes: number, q: MailQuota): QuotaAnswer {
  if (Math.max(used.sender, used.client) + rawBytes <= q.senderBytes) return { over: false };
  return { over: true, why: `the sender is over its storage quota (${q.senderBytes} bytes per ${q.windowMs / 1000} s)` };
}

/** Who a mail is counted against: its sender address, and its SMTP client's address (null over IMAP). */
export interface MailSource {
  fromAddress: string;
  clientAddress: string | null;
}

export interface StrangerUsage {
  bytes: number;
  failures: number;
}
