// Integration: the data model's keys and guards on the real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, transaction } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.prisma.game.create({
    data: {
      id: 'g1',
      name: 'Test',
      ruleset: 'mepbm-movement',
      settings: {},
      scenario: {},
      timeZone: 'Europe/Berlin',
      schedule: { kind: 'every', days: 3, time: '18:00' },
      nations: { create: [{ nationId: 'north', name: 'North', email: 'n@example.org', secretHash: 'a'.repeat(64) }] },
      turns: { create: [{ number: 1, deadline: new Date('2030-01-01T17:00:00Z'), state: { turn: 1 } }] },
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

describe('data model', () => {
  it('a second Turn row for the same game and number is impossible', async () => {
    const again = t.db.prisma.turn.create({ data: { gameId: 'g1', number: 1, deadline: new Date(), state: {} } });
    await expect(again).rejects.toSatisfy(isUniqueViolation);
  });

  it('state-guarded claim: only one of two concurrent claims wins', async () => {
    const claim = (by: string) =>
      t.db.prisma.turn.updateMany({
        where: { gameId: 'g1', number: 1, status: 'open' },
        data: { status: 'adjudicating', claimedBy: by, claimedAt: new Date() },
      });
    const [a, b] = await Promise.all([claim('w1'), claim('w2')]);
    expect(a.count + b.count).toBe(1);
    await t.db.prisma.turn.update({ where: { gameId_number: { gameId: 'g1', number: 1 } }, data: { status: 'open', claimedBy: null, claimedAt: null } });
  });

  it('transactions roll back as a whole', async () => {
    await expect(
      transaction(t.db, async (tx) => {
        await tx.auditEntry.create({ data: { gameId: 'g1', actor: 'gm', action: 'pause' } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.prisma.auditEntry.count()).toBe(0);
  });

  it('submissions get a total receive order and standing orders point at them', async () => {
    const s1 = await t.db.prisma.submission.create({
      data: { gameId: 'g1', turnNumber: 1, nationId: 'north', source: 'rest', rawText: 'x', parsed: {}, receipt: {} },
    });
    const s2 = await t.db.prisma.submission.create({
      data: { gameId: 'g1', turnNumber: 1, nationId: 'north', source: 'email', rawText: 'y', parsed: {}, receipt: {}, messageId: 'm@x' },
    });
    expect(s2.seq).toBeGreaterThan(s1.seq);
    await t.db.prisma.standingOrder.create({
      data: { gameId: 'g1', turnNumber: 1, nationId: 'north', unitId: 'aragorn', orders: ['aragorn, 850, no, nw'], submissionId: s2.id, receivedAt: s2.receivedAt },
    });
    const dup = t.db.prisma.standingOrder.create({
      data: { gameId: 'g1', turnNumber: 1, nationId: 'north', unitId: 'aragorn', orders: [], submissionId: s1.id, receivedAt: s1.receivedAt },
    });
    await expect(dup).rejects.toSatisfy(isUniqueViolation);
  });

  it('outbox Message-IDs are unique', async () => {
    const mail = { kind: 'notice' as const, toAddresses: ['a@example.org'], subject: 's', text: 't', messageId: 'stable-1@arbiter' };
    await t.db.prisma.outboxMail.create({ data: mail });
    await expect(t.db.prisma.outboxMail.create({ data: mail })).rejects.toSatisfy(isUniqueViolation);
  });
});
