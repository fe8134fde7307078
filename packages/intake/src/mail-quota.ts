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

import type { PoolClient } from 'pg';

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
 * of its SMTP client: past them it is kept as its header section only and gets no refusal.
 */
export async function strangerQuota(client: PoolClient, source: MailSource, rawBytes: number, q: MailQuota): Promise<QuotaAnswer> {
  return strangerAnswer(await strangerUsage(client, source, q.windowMs), rawBytes, q);
}

/** `strangerQuota`'s answer from the usage read (`strangerUsage`, or a batch's read: mail-batch.ts). */
export function strangerAnswer(usage: { sender: StrangerUsage; client: StrangerUsage }, rawBytes: number, q: MailQuota): QuotaAnswer {
  const over = usage.sender.failures >= q.strangerFailures || usage.client.failures >= q.clientFailures || Math.max(usage.sender.bytes, usage.client.bytes) + rawBytes > q.strangerBytes;
  if (!over) return { over: false };
  return {
    over: true,
    why: `the sender or its mail server is over its quota of unauthenticated mail (${q.strangerFailures} wrong secrets per address, ${q.clientFailures} per mail server, or ${q.strangerBytes} bytes, per ${q.windowMs / 1000} s)`,
  };
}

/** Whether an authenticated mail to `gameId` is within the game's storage quota of its sender and of its client (it is processed either way). */
export async function authenticatedQuota(client: PoolClient, gameId: string, source: MailSource, rawBytes: number, q: MailQuota): Promise<QuotaAnswer> {
  return authenticatedAnswer(await authenticatedBytes(client, gameId, source, q.windowMs), rawBytes, q);
}

/** `authenticatedQuota`'s answer from the bytes read (`authenticatedBytes`, or a batch's read: mail-batch.ts). */
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

/**
 * What mail that did not authenticate has stored within the window: from this sender address, and from
 * this SMTP client (any sender). `failures` counts wrong secrets.
 */
export async function strangerUsage(client: PoolClient, source: MailSource, windowMs: number): Promise<{ sender: StrangerUsage; client: StrangerUsage }> {
  const r = await client.query<{ sb: string; sf: string; cb: string; cf: string }>(
    `SELECT coalesce(sum(octet_length(raw)) FILTER (WHERE "fromAddress" = $1), 0) AS sb,
            count(*) FILTER (WHERE "fromAddress" = $1 AND reason = 'not-authenticated') AS sf,
            coalesce(sum(octet_length(raw)) FILTER (WHERE "clientAddress" = $2), 0) AS cb,
            count(*) FILTER (WHERE "clientAddress" = $2 AND reason = 'not-authenticated') AS cf
       FROM "InboundMail"
      WHERE ("fromAddress" = $1 OR "clientAddress" = $2) AND status <> 'processed'
        AND "receivedAt" > now() - make_interval(secs => $3::double precision)`,
    [source.fromAddress, source.clientAddress, windowMs / 1000],
  );
  const row = r.rows[0];
  return {
    sender: { bytes: Number(row?.sb ?? 0), failures: Number(row?.sf ?? 0) },
    client: { bytes: Number(row?.cb ?? 0), failures: Number(row?.cf ?? 0) },
  };
}

/** Raw bytes that authenticated mail to `gameId` has stored within the window: from this sender address, and from this SMTP client. */
export async function authenticatedBytes(client: PoolClient, gameId: string, source: MailSource, windowMs: number): Promise<{ sender: number; client: number }> {
  const r = await client.query<{ sb: string; cb: string }>(
    `SELECT coalesce(sum(octet_length(raw)) FILTER (WHERE "fromAddress" = $2), 0) AS sb,
            coalesce(sum(octet_length(raw)) FILTER (WHERE "clientAddress" = $3), 0) AS cb
       FROM "InboundMail"
      WHERE "gameId" = $1 AND ("fromAddress" = $2 OR "clientAddress" = $3) AND status = 'processed'
        AND "receivedAt" > now() - make_interval(secs => $4::double precision)`,
    [gameId, source.fromAddress, source.clientAddress, windowMs / 1000],
  );
  return { sender: Number(r.rows[0]?.sb ?? 0), client: Number(r.rows[0]?.cb ?? 0) };
}
