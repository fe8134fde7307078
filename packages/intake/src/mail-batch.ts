// The mail intake's statements for a batch of mails (group commit, issue 30): the mails that arrive
// while the database is busy with earlier ones share one pool connection and three round trips in all,
// instead of six each: take their Message-ID locks and read what is known of each (an earlier record or
// submission, and the quota usage of its sender and SMTP client) in one round trip, write every record
// with its replies in one statement, give the locks back. The rules are mail-records.ts's (a Message-ID is processed
// once: the lock and the record; a record and its replies are stored together) and mail-quota.ts's (the
// counts); `MailBatcher` below runs them for the mails in hand (apps/mail-in's pipeline).

import type { PoolClient, QueryConfig, QueryResult } from 'pg';
import type { Db } from '@arbiter/db';
import { GroupCommit, type Outcome } from './group-commit.ts';
import { authenticatedAnswer, strangerAnswer, type MailQuota, type MailSource, type QuotaAnswer } from './mail-quota.ts';
import { pipelined } from './pipeline.ts';
import { MESSAGE_LOCK_PREFIX, recordInboundMany, type InboundWrite, type PriorState } from './mail-records.ts';

/** One mail of a batch: its Message-ID, who it is counted against, and the game it authenticated to (null: a stranger's). */
export interface MailClaim {
  messageId: string;
  source: MailSource;
  /** The authenticated game: the mail is counted within that game's quota; null: within the stranger quota. */
  gameId: string | null;
  /** Its size as it would be stored in full. */
  rawBytes: number;
}

/** What the database knew of a claimed mail once its lock was held. */
export interface ClaimedMail {
  prior: PriorState;
  /** The mail's quota: kept in full, or its header section only (mail-quota.ts). */
  quota: QuotaAnswer;
}

/** A Message-ID's lock key (mail-records.ts's prefix: the same key in every process and version, so they exclude each other). */
const LOCK_KEY = `hashtextextended('${MESSAGE_LOCK_PREFIX}' || id, 0)`;

/**
 * Takes the session locks of the Message-IDs, one after the other in key order, so two batches never wait
 * for each other in a cycle; waits while another connection holds one. The order is certain, not left to
 * the planner: an aggregate over an ORDER BY subquery need not read it in that order, but each step of the
 * recursive query below takes the next key only once the step before has its lock (its row comes from
 * that step's row). One statement, one round trip. The same ID twice in one batch is the caller's to
 * prevent (a session lock is re-entrant).
 */
export async function lockMessages(client: PoolClient, messageIds: readonly string[]): Promise<void> {
  await client.query(lockStatement(messageIds));
}

function lockStatement(messageIds: readonly string[]): QueryConfig {
  return {
    name: 'mail-batch-lock',
    text: `WITH RECURSIVE keys AS MATERIALIZED (
             SELECT array_agg(k ORDER BY k) AS ks FROM (SELECT DISTINCT ${LOCK_KEY} AS k FROM unnest($1::text[]) AS id) AS d
           ), taken(i, held) AS (
             SELECT 0, ''
             UNION ALL
             SELECT t.i + 1, pg_advisory_lock(keys.ks[t.i + 1])::text FROM taken AS t, keys WHERE t.i < cardinality(keys.ks)
           )
           SELECT max(i) AS n FROM taken`,
    values: [messageIds],
  };
}

/** Gives back the locks `lockMessages` took (each key once, as it was taken). */
export async function unlockMessages(client: PoolClient, messageIds: readonly string[]): Promise<void> {
  await client.query({ name: 'mail-batch-unlock', text: `SELECT count(pg_advisory_unlock(k)) FROM (SELECT DISTINCT ${LOCK_KEY} AS k FROM unnest($1::text[]) AS id) AS keys`, values: [messageIds] });
}

interface ClaimRow {
  inbound: PriorState['inbound'];
  submission: PriorState['submission'];
  sb: string;
  sf: string;
  cb: string;
  cf: string;
}

/**
 * `lockMessages`, then what is known of each claimed mail, in one round trip (intake's `pipelined`: sent
 * together, run one after the other, each with its own Sync): the read starts, and takes its snapshot, only
 * once every lock is held, so it sees what a previous holder of a lock committed. What it reads: the mail's
 * earlier record or email submission, and the quota usage that applies to it (mail-quota.ts: the
 * stranger's, or the game's when the mail authenticated).
 */
export async function lockAndReadClaims(client: PoolClient, claims: readonly MailClaim[], q: MailQuota): Promise<ClaimedMail[]> {
  const [, read] = await pipelined(client, [lockStatement(claims.map((c) => c.messageId)), readStatement(claims, q)]);
  return claimsOf(read as QueryResult<ClaimRow>, claims, q);
}

function readStatement(claims: readonly MailClaim[], q: MailQuota): QueryConfig {
  // A named statement: parsed once per connection, and planned once it has a generic plan.
  return {
    name: 'mail-batch-read',
    text: `SELECT (SELECT status::text FROM "InboundMail" WHERE "messageId" = m.id) AS inbound,
            (SELECT json_build_object('id', s.id, 'gameId', s."gameId", 'nationId', s."nationId", 'receipt', s.receipt)
               FROM "Submission" s WHERE s."messageId" = m.id AND s.source = 'email' ORDER BY s.seq LIMIT 1) AS submission,
            coalesce(st.sb, au.sb, 0) AS sb, coalesce(st.sf, 0) AS sf, coalesce(st.cb, au.cb, 0) AS cb, coalesce(st.cf, 0) AS cf
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS m(id, sender, client, game, n)
       LEFT JOIN LATERAL (
         SELECT coalesce(sum(octet_length(raw)) FILTER (WHERE "fromAddress" = m.sender), 0) AS sb,
                count(*) FILTER (WHERE "fromAddress" = m.sender AND reason = 'not-authenticated') AS sf,
                coalesce(sum(octet_length(raw)) FILTER (WHERE "clientAddress" = m.client), 0) AS cb,
                count(*) FILTER (WHERE "clientAddress" = m.client AND reason = 'not-authenticated') AS cf
           FROM "InboundMail"
          WHERE m.game IS NULL AND ("fromAddress" = m.sender OR "clientAddress" = m.client) AND status <> 'processed'
            AND "receivedAt" > now() - make_interval(secs => $5::double precision)
       ) AS st ON m.game IS NULL
       LEFT JOIN LATERAL (
         SELECT coalesce(sum(octet_length(raw)) FILTER (WHERE "fromAddress" = m.sender), 0) AS sb,
                coalesce(sum(octet_length(raw)) FILTER (WHERE "clientAddress" = m.client), 0) AS cb
           FROM "InboundMail"
          WHERE m.game IS NOT NULL AND "gameId" = m.game AND ("fromAddress" = m.sender OR "clientAddress" = m.client) AND status = 'processed'
            AND "receivedAt" > now() - make_interval(secs => $5::double precision)
       ) AS au ON m.game IS NOT NULL
      ORDER BY m.n`,
    values: [claims.map((c) => c.messageId), claims.map((c) => c.source.fromAddress), claims.map((c) => c.source.clientAddress), claims.map((c) => c.gameId), q.windowMs / 1000],
  };
}

function claimsOf(r: QueryResult<ClaimRow>, claims: readonly MailClaim[], q: MailQuota): ClaimedMail[] {
  return claims.map((c, i) => {
    const row = r.rows[i];
    if (row === undefined) throw new Error(`lockAndReadClaims: no row for mail ${i}`);
    const quota =
      c.gameId === null
        ? strangerAnswer({ sender: { bytes: Number(row.sb), failures: Number(row.sf) }, client: { bytes: Number(row.cb), failures: Number(row.cf) } }, c.rawBytes, q)
        : authenticatedAnswer({ sender: Number(row.sb), client: Number(row.cb) }, c.rawBytes, q);
    return { prior: { inbound: row.inbound ?? null, submission: row.submission ?? null }, quota };
  });
}

/** What handling one mail came to: its outcome, the record to write (null: nothing, or written on its own), and what runs once it is stored. */
export interface HandledMail<O> {
  value: O;
  write: InboundWrite | null;
  /** Runs after the record committed (a turn made due early is dispatched then); must not throw. */
  after?: () => Promise<void>;
}

interface BatchItem {
  claim: MailClaim;
  handle: (claimed: ClaimedMail) => Promise<HandledMail<unknown>>;
}

/**
 * Mail batch limits: one batch at a time, holding one pooled connection from its locks to its records. A
 * batch waits mostly on round trips (its own and its submissions'), so the mails that arrive meanwhile
 * queue and go together in the next: measured (docs/benchmarks.md, "Issue 30 goal 3, second round"), one
 * in flight cost 3.0-3.6 ms of CPU a mail in all where two cost 3.8-4.0 and five 4.6-4.8, at no loss of
 * mails per second. A lone mail still goes at once.
 */
export const MAIL_BATCH = { maxBatch: 32, maxInFlight: 1 } as const;

/**
 * The mail intake's group commit: each mail is handled with its Message-ID lock held and what the
 * database knew of it, exactly as when it was processed alone, but the mails that queue while a batch runs
 * share its connection and its statements. A mail's own answer does not wait for its lock to be given back.
 */
export class MailBatcher {
  private readonly commit: GroupCommit<BatchItem, unknown>;
  /** Mails of this process by Message-ID: the same ID again waits for the first (a session lock is re-entrant). */
  private readonly inHand = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly quota: MailQuota,
    limits: { maxBatch: number; maxInFlight: number } = MAIL_BATCH,
  ) {
    this.commit = new GroupCommit((items) => this.runBatch(items), limits);
  }

  /** Handles one mail under its lock; resolves with its outcome once its record committed (throws for infrastructure failures). */
  async run<O>(claim: MailClaim, handle: (claimed: ClaimedMail) => Promise<HandledMail<O>>): Promise<O> {
    const id = claim.messageId;
    for (let earlier = this.inHand.get(id); earlier !== undefined; earlier = this.inHand.get(id)) await earlier.catch(() => undefined);
    const mine = this.commit.submit({ claim, handle });
    this.inHand.set(id, mine);
    try {
      return (await mine) as O;
    } finally {
      if (this.inHand.get(id) === mine) this.inHand.delete(id);
    }
  }

  get stats(): GroupCommit<BatchItem, unknown>['stats'] {
    return this.commit.stats;
  }

  private async runBatch(items: BatchItem[]): Promise<Outcome<unknown>[]> {
    const client = await this.db.pool.connect();
    const ids = items.map((i) => i.claim.messageId);
    let broken = false;
    try {
      const claimed = await lockAndReadClaims(client, items.map((i) => i.claim), this.quota);
      const handled = await Promise.allSettled(items.map((item, i) => item.handle(claimed[i] as ClaimedMail)));
      const failed = await this.write(client, handled);
      const outcomes = handled.map((h, i): Outcome<unknown> => {
        if (h.status === 'rejected') return { ok: false, error: h.reason };
        const error = failed.get(i);
        return error === undefined ? { ok: true, value: h.value.value } : { ok: false, error };
      });
      await Promise.all(handled.map((h, i) => (h.status === 'fulfilled' && !failed.has(i) ? h.value.after?.() : undefined)));
      return outcomes;
    } catch (e) {
      broken = true;
      throw e;
    } finally {
      // The answers go out now; the locks are given back behind them (a failed unlock ends the session, and so its locks).
      if (broken) client.release(true);
      else void unlockMessages(client, ids).then(() => client.release(), () => client.release(true));
    }
  }

  /** Writes the batch's records in one statement; if it fails, each on its own, so a failure fails only its mail. Returns the failures by index. */
  private async write(client: PoolClient, handled: PromiseSettledResult<HandledMail<unknown>>[]): Promise<Map<number, unknown>> {
    const writes = handled.flatMap((h, i) => (h.status === 'fulfilled' && h.value.write !== null ? [{ i, write: h.value.write }] : []));
    const failed = new Map<number, unknown>();
    try {
      await recordInboundMany(client, writes.map((w) => w.write));
    } catch (e) {
      if (writes.length <= 1) {
        for (const w of writes) failed.set(w.i, e);
        return failed;
      }
      for (const w of writes) await recordInboundMany(client, [w.write]).catch((error: unknown) => failed.set(w.i, error));
    }
    return failed;
  }
}
