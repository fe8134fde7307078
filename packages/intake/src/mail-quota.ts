// What mail may make the intake store and send (issue 13 findings 3 and 7, issue 27), counted from
// InboundMail and RefusalNotice themselves over a window, so the limits hold across intake processes and
// restarts. Each limit holds per sender address (From, forged at will) and per SMTP client address (the
// machine that connected, which a stranger cannot choose freely), so a client forging a new From for
// each mail is bounded too. apps/mail-in decides what to do past a limit; docs/security.md lists them.

import type { PoolClient } from 'pg';

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
