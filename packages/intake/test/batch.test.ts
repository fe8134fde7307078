// Integration: group commit against the real PostgreSQL. Submissions that arrive together are stored in
// shared transactions, and each still gets exactly the outcome and receipt it would have had alone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createGame, getStandingOrders, IntakeError, submissionBatchStats, submitOrders, type CreatedGame, type Receipt } from '../src/index.ts';
import { exampleScenario, players } from '../src/testing.ts';

let t: TestDatabase;

/** Games of the test's own: no test sees another's submissions, whatever the order they run in. */
async function newGames(n: number): Promise<CreatedGame[]> {
  const games: CreatedGame[] = [];
  for (let i = 0; i < n; i++) {
    games.push(
      await createGame(t.db, {
        name: `Batch ${i}`,
        scenario: exampleScenario(),
        schedule: { kind: 'every', days: 3, time: '18:00' },
        timeZone: 'Europe/Berlin',
        nations: players,
      }),
    );
  }
  return games;
}

beforeAll(async () => {
  t = await createTestDatabase({ poolMax: 6 });
  // A real database failure for one submission: the test database refuses any submission whose text
  // says BOOM (as a broken row would), which aborts the whole transaction it is in.
  await t.db.pool.query(`
    CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."rawText" LIKE '%BOOM%' THEN RAISE EXCEPTION 'refused by the test trigger'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_boom BEFORE INSERT ON "Submission" FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const MOVES: Record<string, string[]> = {
  north: ['aragorn, 850, no, e', 'aragorn, 850, no, e, e', 'frodo, 810, 0405', 'swan, 830, no, sw'],
  south: ['grond, 850, no, w', 'riders, 860, ev, nw, w', 'grond, 850, no, w, w, h'],
  east: ['bard, 840, e', 'esgaroth, 850, no, w, h', 'bard, 850, no, w'],
};

describe('group commit', () => {
  it('many submissions at once share transactions; each nation ends with what applying them one by one gives', async () => {
    const games = await newGames(3);
    const before = submissionBatchStats(t.db);
    const base = Date.now() - 60_000;
    const sent: { gameId: string; nationId: string; rawText: string; receivedAt: Date }[] = [];
    for (let i = 0; i < 90; i++) {
      const game = games[i % 3] as CreatedGame;
      const nationId = (['north', 'south', 'east'] as const)[Math.floor(i / 3) % 3] as string;
      const texts = MOVES[nationId] as string[];
      sent.push({ gameId: game.gameId, nationId, rawText: texts[i % texts.length] as string, receivedAt: new Date(base + i) });
    }
    const receipts = await Promise.all(sent.map((s) => submitOrders(t.db, { ...s, source: 'rest' })));
    const after = submissionBatchStats(t.db);
    expect(after.items - before.items).toBe(90);
    expect(after.batches - before.batches).toBeLessThan(90); // some shared a transaction
    expect(after.largestBatch).toBeGreaterThan(1);

    expect(await t.db.prisma.submission.count({ where: { gameId: { in: games.map((g) => g.gameId) } } })).toBe(90);
    for (const game of games) {
      for (const nationId of ['north', 'south', 'east']) {
        // Expected: apply this nation's submissions one at a time in receive order.
        const expected = new Map<string, string>();
        const mine = sent.map((s, i) => ({ ...s, i })).filter((s) => s.gameId === game.gameId && s.nationId === nationId);
        for (const s of mine) expected.set(s.rawText.split(',')[0] as string, s.rawText);
        const standing = await getStandingOrders(t.db, game.gameId, nationId);
        expect(new Map(standing.standingOrders.map((u) => [u.unit, u.orders.map((o) => o.text).join('\n')]))).toEqual(expected);
        // The receipt of the nation's last submission shows exactly the standing set that was stored.
        const last = receipts[(mine.at(-1) as { i: number }).i] as Receipt;
        expect(last.standingOrders).toEqual(standing.standingOrders);
        // History: every submission, in receive order, each with its receipt's id.
        expect(standing.submissions.map((s) => s.id)).toEqual(mine.map((s) => (receipts[s.i] as Receipt).submissionId));
      }
    }
  }, 60_000); // 90 submissions and nine nations' histories: seconds when the machine is busy

  it('in one batch, each submission gets its own outcome: refusals and a database failure touch only their own', async () => {
    const [g0, g1] = (await newGames(2)) as [CreatedGame, CreatedGame];
    const before = submissionBatchStats(t.db);
    const ours = { where: { gameId: { in: [g0.gameId, g1.gameId] } } };
    const countBefore = await t.db.prisma.submission.count(ours);
    // Two submissions of nations not used below fill both slots, so the rest queue and go as one batch.
    // The fillers' nation rows are held by a transaction of the test's own, so both fillers wait in the
    // database (holding both slots) until every case has queued: no timing decides how they group.
    const holder = await t.db.pool.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM "Nation" WHERE "gameId" = $1 AND "nationId" IN ('north', 'south') FOR UPDATE`, [g1.gameId]);
    const fillers = [
      submitOrders(t.db, { gameId: g1.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 850, no, e' }),
      submitOrders(t.db, { gameId: g1.gameId, nationId: 'south', source: 'rest', rawText: 'grond, 850, no, w' }),
    ];
    const cases = [
      submitOrders(t.db, { gameId: g0.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 850, no, e, e, e' }),
      submitOrders(t.db, { gameId: g0.gameId, nationId: 'south', source: 'rest', rawText: 'grond, 850, no, w BOOM' }),
      submitOrders(t.db, { gameId: g0.gameId, nationId: 'east', source: 'rest', rawText: 'bard, 840, e', receivedAt: new Date(g0.deadline.getTime() + 1) }),
      submitOrders(t.db, { gameId: g0.gameId, nationId: 'west', source: 'rest', rawText: 'bard, 840, e' }),
      submitOrders(t.db, { gameId: 'no-such-game', nationId: 'north', source: 'rest', rawText: 'aragorn, 840, e' }),
      submitOrders(t.db, { gameId: g1.gameId, nationId: 'east', source: 'rest', rawText: 'grond, 850, no, w', refuseIfNothingAccepted: true }),
      submitOrders(t.db, { gameId: g1.gameId, nationId: 'east', source: 'email', rawText: 'bard, 850, no, w\nbard, 840, e', messageId: 'bad\u0000id@example.org' }),
      submitOrders(t.db, { gameId: g0.gameId, nationId: 'east', source: 'email', rawText: 'esgaroth, 850, no, w, h', messageId: 'ok@example.org' }),
    ];
    const allSettled = Promise.allSettled([...fillers, ...cases]);
    // Seven cases queue behind the fillers (the Message-ID with a NUL is refused before it queues).
    await vi.waitFor(() => expect(submissionBatchStats(t.db).waiting).toBe(7), { timeout: 30_000, interval: 5 });
    await holder.query('COMMIT');
    holder.release();
    const settled = await allSettled;
    const after = submissionBatchStats(t.db);
    // The two fillers alone, then the seven that reach the database together (the Message-ID with a NUL
    // is refused before it queues; the one that failed in the database made the batch fall back to
    // storing each of them on its own, so only it failed).
    expect(after.batches - before.batches).toBe(3);
    expect(after.items - before.items).toBe(2 + 7);
    expect(after.largestBatch).toBeGreaterThanOrEqual(7);
    const outcome = (r: PromiseSettledResult<Receipt>) =>
      r.status === 'fulfilled' ? 'stored' : r.reason instanceof IntakeError ? r.reason.code : String((r.reason as Error).message);
    expect(settled.map(outcome)).toEqual([
      'stored',
      'stored',
      'stored',
      'refused by the test trigger',
      'deadline-passed',
      'nation-not-found',
      'game-not-found',
      'no-orders-accepted',
      'invalid-input',
      'stored',
    ]);
    // Stored: the two fillers and the two good ones; nothing of the others.
    expect(await t.db.prisma.submission.count(ours)).toBe(countBefore + 4);
    const east = await getStandingOrders(t.db, g0.gameId, 'east');
    expect(east.submissions.at(-1)?.messageId).toBe('ok@example.org');
  }, 60_000);
});
