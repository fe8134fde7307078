// What one sender may make the intake store (issue 13, findings 3 and 7). Mail is stored in full
// (InboundMail.raw, redacted) for the GM; these limits bound the disk a sender can fill and the
// wrong-secret mails it can have stored and answered, counted from InboundMail itself over a window:
// - a stranger (a mail that did not authenticate: refused or ignored), per From address: after
//   `strangerFailures` wrong-secret mails, or `strangerBytes` stored, its further unauthenticated mails are
//   recorded with their header section only, and get no refusal;
// - an authenticated sender, per (game, address): past `senderBytes` stored, header section only.
// A mail that presents a correct secret is always processed, whatever anyone else sent under its From
// address (From is forged at will): only how much of it is kept can change. docs/security.md.

import type { PoolClient } from 'pg';
import { headerSection } from './redact.ts';

export interface MailQuota {
  /** The window all counts are over, ms. */
  windowMs: number;
  /** Raw bytes stored in full per game and sender address for authenticated mail. */
  senderBytes: number;
  /** Raw bytes stored in full per sender address for mail that did not authenticate. */
  strangerBytes: number;
  /** Wrong-secret mails per sender address stored in full and answered. */
  strangerFailures: number;
}

export const DEFAULT_MAIL_QUOTA: MailQuota = { windowMs: 86_400_000, senderBytes: 50 * 1024 * 1024, strangerBytes: 5 * 1024 * 1024, strangerFailures: 20 };

export interface StrangerUsage {
  bytes: number;
  failures: number;
}

/** What mail from `fromAddress` that did not authenticate has stored within the window. */
export async function strangerUsage(client: PoolClient, fromAddress: string, windowMs: number): Promise<StrangerUsage> {
  const r = await client.query<{ bytes: string; failures: string }>(
    `SELECT coalesce(sum(octet_length(raw)), 0) AS bytes, count(*) FILTER (WHERE reason = 'not-authenticated') AS failures
       FROM "InboundMail"
      WHERE "fromAddress" = $1 AND status <> 'processed' AND "receivedAt" > now() - make_interval(secs => $2::double precision)`,
    [fromAddress, windowMs / 1000],
  );
  return { bytes: Number(r.rows[0]?.bytes ?? 0), failures: Number(r.rows[0]?.failures ?? 0) };
}

/** Raw bytes that authenticated mail from `fromAddress` to `gameId` has stored within the window. */
export async function senderBytes(client: PoolClient, gameId: string, fromAddress: string, windowMs: number): Promise<number> {
  const r = await client.query<{ bytes: string }>(
    `SELECT coalesce(sum(octet_length(raw)), 0) AS bytes
       FROM "InboundMail"
      WHERE "gameId" = $1 AND "fromAddress" = $2 AND status = 'processed' AND "receivedAt" > now() - make_interval(secs => $3::double precision)`,
    [gameId, fromAddress, windowMs / 1000],
  );
  return Number(r.rows[0]?.bytes ?? 0);
}

/** The header section of a mail and a header saying why the body was not kept. */
export function headersOnly(raw: Buffer, why: string): Buffer {
  return Buffer.from(`X-Arbiter-Body-Not-Kept: ${why}\r\n${headerSection(raw.toString('latin1'))}`, 'latin1');
}
