// Integration: the mail intake's group commit (mail-batch.ts), against the real PostgreSQL. Mails that
// queue while a batch runs are handled in one batch; each sees what was stored before its lock was held,
// so the same Message-ID twice (at once, in one process) is handled once and then seen; a record that
// cannot be written fails only its own mail; the quota usage read is the stranger's or the game's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { DEFAULT_MAIL_QUOTA, MailBatcher, type ClaimedMail, type InboundRecord, type MailClaim } from '../src/index.ts';

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
