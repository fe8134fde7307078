// What one sender, and one SMTP client, may make the intake store and send (issue 13 findings 3 and 7,
// issue 27). Mail is stored in full (InboundMail.raw, redacted) for the GM; these limits bound the disk a
// stranger can fill and the refusals it can have sent, counted by @arbiter/intake (mail-quota.ts) from
// InboundMail itself over a window, per sender address and per SMTP client address alike:
// - mail that did not authenticate (refused or ignored): after `strangerFailures` wrong-secret mails from
//   an address (`clientFailures` from a client), or `strangerBytes` stored from either, further such
//   mail is recorded with its header section only and gets no refusal;
// - authenticated mail, per game: past `senderBytes` stored from the address or from the client, header
//   section only.
// A mail that presents a correct secret is always processed, whatever anyone else sent under its From
// address or from its client: only how much of it is kept can change. docs/security.md.

import { headerSection } from './redact.ts';

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

/** The header section of a mail and a header saying why the body was not kept. */
export function headersOnly(raw: Buffer, why: string): Buffer {
  return Buffer.from(`X-Arbiter-Body-Not-Kept: ${why}\r\n${headerSection(raw.toString('latin1'))}`, 'latin1');
}
