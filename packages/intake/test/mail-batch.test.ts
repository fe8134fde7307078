// Integration: the mail intake's group commit (mail-batch.ts), against the real PostgreSQL. Mails that
// queue while a batch runs are handled in one batch; each sees what was stored before its lock was held,
// so the same Message-ID twice (at once, in one process) is handled once and then seen; a record that
// cannot be written fails only its own mail; the quota usage read is the stranger's or the game's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { DEFAULT_MAIL_QUOTA, lockMessages, MailBatcher, unlockMessages, type ClaimedMail, type InboundRecord, type MailClaim } from '../src/index.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const claim = (messageId: string, fromAddress = 'a@home.test'): MailClaim => ({ messageId, source: { fromAddress, clientAddress: '192.0.2.1' }, gameId: null, rawBytes: 100 });
const record = (messageId: string, raw = Buffer.from('Subject: x\r\n\r\nbody\r\n')): InboundRecord => ({
  messageId, receivedAt: new Date(), fromAddress: 'a@home.test', envelopeFrom: null, gameId: null, status: 'ignored', reason: 'test', submissionId: null, raw, clientAddress: '192.0.2.1',
});

describe('MailBatcher', () => {
  it('handles mails that queue together in one batch, each with its own record', async () => {
    const batcher = new MailBatcher(t.db, DEFAULT_MAIL_QUOTA, { maxBatch: 32, maxInFlight: 1 });
    const seen: ClaimedMail[] = [];
    const ids = Array.from({ length: 6 }, (_, i) => `<batch-${i}@home.test>`);
    const values = await Promise.all(
      ids.map((id) =>
        batcher.run(claim(id), async (claimed) => {
          seen.push(claimed);
          return { value: id, write: { inbound: record(id), replies: [] } };
        }),
      ),
    );
    expect(values).toEqual(ids);
    expect(seen.every((c) => c.prior.inbound === null && !c.quota.over)).toBe(true);
    // The first goes alone at once; the five that queued meanwhile go together.
    expect(batcher.stats).toMatchObject({ batches: 2, items: 6, largestBatch: 5 });
    expect(await t.db.prisma.inboundMail.count({ where: { messageId: { in: ids } } })).toBe(6);
  });

  it('handles the same Message-ID twice at once one after the other: the second sees the first one stored', async () => {
    const batcher = new MailBatcher(t.db, DEFAULT_MAIL_QUOTA);
    const id = '<twice@home.test>';
    const handle = async (claimed: ClaimedMail) =>
      claimed.prior.inbound !== null ? { value: 'duplicate', write: null } : { value: 'stored', write: { inbound: record(id), replies: [] } };
    const outcomes = await Promise.all([batcher.run(claim(id), handle), batcher.run(claim(id), handle)]);
    expect(outcomes.sort()).toEqual(['duplicate', 'stored']);
  });

  it('fails only the mail whose record cannot be written', async () => {
    const batcher = new MailBatcher(t.db, DEFAULT_MAIL_QUOTA, { maxBatch: 32, maxInFlight: 1 });
    await batcher.run(claim('<first@home.test>'), async () => ({ value: 1, write: null }));
    const ids = ['<ok-1@home.test>', '<bad@home.test>', '<ok-2@home.test>'];
    const blocker = batcher.run(claim('<blocker@home.test>'), async () => ({ value: 0, write: null }));
    const results = await Promise.allSettled(
      ids.map((id) => batcher.run(claim(id), async () => ({ value: id, write: { inbound: id === '<bad@home.test>' ? { ...record(id), submissionId: 'not-a-uuid' } : record(id), replies: [] } }))),
    );
    await blocker;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await t.db.prisma.inboundMail.count({ where: { messageId: { in: ids } } })).toBe(2);
  });

  it("reads a stranger's usage by sender and client, an authenticated mail's within its game", async () => {
    const batcher = new MailBatcher(t.db, { ...DEFAULT_MAIL_QUOTA, strangerFailures: 1 });
    await batcher.run(claim('<wrong-1@home.test>', 'b@home.test'), async () => ({ value: 0, write: { inbound: { ...record('<wrong-1@home.test>'), fromAddress: 'b@home.test', status: 'refused', reason: 'not-authenticated' }, replies: [] } }));
    const stranger = await batcher.run(claim('<wrong-2@home.test>', 'b@home.test'), async (c) => ({ value: c.quota, write: null }));
    expect(stranger).toMatchObject({ over: true });
    const authenticated = await batcher.run({ ...claim('<right@home.test>', 'b@home.test'), gameId: 'no-such-game' }, async (c) => ({ value: c.quota, write: null }));
    expect(authenticated).toEqual({ over: false });
  });
});

describe('lockMessages', () => {
  // The lock keys of some Message-IDs, as PostgreSQL computes them (mail-records' lock key), smallest first.
  const keysOf = async (ids: string[]) => {
    const r = await t.db.pool.query<{ id: string; k: string }>(`SELECT id, hashtextextended('arbiter-inbound:' || id, 0)::text AS k FROM unnest($1::text[]) AS id`, [ids]);
    return r.rows.sort((a, b) => (BigInt(a.k) < BigInt(b.k) ? -1 : 1));
  };
  // The advisory locks a backend holds (granted) or waits for, as keys.
  const locksOf = async (pid: number) =>
    (
      await t.db.pool.query<{ k: string; granted: boolean }>(
        `SELECT ((classid::bigint << 32) | objid::bigint)::text AS k, granted FROM pg_locks WHERE locktype = 'advisory' AND pid = $1`,
        [pid],
      )
    ).rows;

  it('takes the locks one at a time in key order: held below a key another session holds, none above it', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `<order-${i}@home.test>`);
    const sorted = await keysOf(ids);
    const middle = sorted[3]!;
    const other = await t.db.pool.connect();
    const batch = await t.db.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1::bigint)', [middle.k]);
      const pid = (await batch.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const taking = lockMessages(batch, [...ids].reverse());
      let locks = await locksOf(pid);
      for (let tries = 0; !locks.some((l) => !l.granted) && tries < 200; tries++) {
        await new Promise((r) => setTimeout(r, 10));
        locks = await locksOf(pid);
      }
      expect(locks.filter((l) => l.granted).map((l) => l.k).sort()).toEqual(sorted.slice(0, 3).map((s) => s.k).sort());
      expect(locks.filter((l) => !l.granted).map((l) => l.k)).toEqual([middle.k]);
      await other.query('SELECT pg_advisory_unlock($1::bigint)', [middle.k]);
      await taking;
      expect((await locksOf(pid)).filter((l) => l.granted)).toHaveLength(7);
      await unlockMessages(batch, ids);
      expect(await locksOf(pid)).toEqual([]);
    } finally {
      other.release();
      batch.release();
    }
  });

  it('lets two overlapping batches given in opposite orders both complete, again and again', async () => {
    const ids = Array.from({ length: 24 }, (_, i) => `<overlap-${i}@home.test>`);
    const one = ids.slice(0, 16);
    const two = ids.slice(8).reverse();
    const a = await t.db.pool.connect();
    const b = await t.db.pool.connect();
    try {
      const round = async (client: typeof a, batch: string[]) => {
        await lockMessages(client, batch);
        await new Promise((r) => setImmediate(r));
        await unlockMessages(client, batch);
      };
      for (let i = 0; i < 40; i++) {
        const results = await Promise.allSettled([round(a, one), round(b, two), round(a, [...one].reverse()), round(b, [...two].reverse())]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      }
    } finally {
      a.release();
      b.release();
    }
  });
});
