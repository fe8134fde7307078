// The one thing both ways in (SMTP, IMAP) call: raw mail bytes in, an outcome out. Implemented by
// the intake pipeline (pipeline.ts).

export interface Envelope {
  /** SMTP MAIL FROM / Return-Path; `''` for the null sender `<>`; null when unknown. */
  mailFrom: string | null;
  /** SMTP RCPT TO addresses (empty for IMAP). */
  rcptTo: string[];
  /** Which way the mail came in. */
  via: 'smtp' | 'imap';
  /** The SMTP client's IP address (SMTP only): refusals are throttled per address and client. */
  remoteAddress?: string | null;
}

export type ProcessOutcome =
  /** Orders stored (or status / report re-send queued); receipt queued. */
  | { kind: 'accepted'; messageId: string; gameId: string; nationId: string; command: string; submissionId: string | null }
  /** A refusal was decided; `replied` says whether a refusal mail was queued (at most one per sender per hour). */
  | { kind: 'refused'; messageId: string; reason: string; replied: boolean }
  /** Robot, bounce, list or loop mail: recorded, never answered. */
  | { kind: 'ignored'; messageId: string; reason: string }
  /** Same Message-ID seen before: nothing done. */
  | { kind: 'duplicate'; messageId: string };

export interface MailProcessor {
  /**
   * Processes one mail completely (stored, receipts queued) before resolving. Throws only for
   * infrastructure failures (database down): then nothing was stored and the mail should be
   * offered again later (SMTP 451, IMAP: left in the mailbox).
   */
  process(raw: Buffer, envelope: Envelope): Promise<ProcessOutcome>;
}
