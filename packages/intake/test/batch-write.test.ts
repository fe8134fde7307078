// Integration: what the group commit's write stores (issue 30: two pipelined round trips a batch, the
// receipt spliced into the batch's JSON as the text the API answers with), against the real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createGame, receiptJson, submitOrders } from '../src/index.ts';
import { pipelined } from '../src/pipeline.ts';
import { exampleScenario, players } from '../src/testing.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase({ poolMax: 4 });
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

describe('the batch write', () => {
  it('stores the receipt the API answers with, its orders, cancels and errors as parsed, and the text exactly as sent', async () => {
    const game = await createGame(t.db, {
      name: 'Write',
      scenario: exampleScenario(),
      schedule: { kind: 'every', days: 3, time: '18:00' },
      timeZone: 'Europe/Berlin',
      nations: players,
    });
    // Quotes, backslashes, a comment past the BMP and a line that cannot be read: each must survive the JSON it travels in.
    const rawText = 'aragorn, 850, no, e\n# "quoted" \\ back\\slash \u{1F600} ünïcode\nfrodo, 810, 0405\nnot an order "at" all\\\n';
    const receipts = await Promise.all([
      submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText }),
      submitOrders(t.db, { gameId: game.gameId, nationId: 'south', source: 'email', rawText: 'grond, 850, no, w', messageId: '<a"b\\c@example.org>' }),
    ]);
    for (const receipt of receipts) {
      const { rows } = await t.db.pool.query<{ rawText: string; messageId: string | null; receipt: unknown; parsed: unknown }>(
        'SELECT "rawText", "messageId", receipt, parsed FROM "Submission" WHERE id = $1',
        [receipt.submissionId],
      );
      const row = rows[0];
      expect(row?.receipt).toEqual(JSON.parse(receiptJson(receipt)));
      expect(row?.parsed).toEqual(JSON.parse(JSON.stringify({ orders: receipt.orders, cancels: receipt.cancels, errors: receipt.errors })));
    }
    const [north, south] = receipts;
    expect(north?.errors.length).toBeGreaterThan(0);
    const stored = await t.db.pool.query<{ rawText: string; messageId: string | null }>('SELECT "rawText", "messageId" FROM "Submission" WHERE id = ANY($1::uuid[]) ORDER BY seq', [
      [north?.submissionId, south?.submissionId],
    ]);
    expect(new Set(stored.rows.map((r) => r.rawText))).toEqual(new Set([rawText, 'grond, 850, no, w']));
    expect(stored.rows.map((r) => r.messageId)).toContain('<a"b\\c@example.org>');
  });
});

describe('pipelined statements', () => {
  it('answers each statement in order, in one transaction that sees what the statements before it did', async () => {
    const client = await t.db.pool.connect();
    try {
      const [, , seen, , after] = await pipelined(client, [
        { text: 'BEGIN' },
        { text: 'CREATE TEMP TABLE pipe (n int) ON COMMIT DROP' },
        { text: 'INSERT INTO pipe SELECT generate_series(1, $1::int) RETURNING n', values: [3] },
        { text: 'COMMIT' },
        { text: 'SELECT to_regclass($1) AS t', values: ['pg_temp.pipe'] },
      ]);
      expect(seen?.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(after?.rows).toEqual([{ t: null }]);
      // The connection is an ordinary one again.
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it('throws the first failure, not the aborted statements after it, and leaves the connection usable', async () => {
    const client = await t.db.pool.connect();
    try {
      const failed = pipelined(client, [
        { text: 'BEGIN' },
        { text: 'SELECT 1 / $1::int AS x', values: [0] },
        { text: 'SELECT 2 AS y' },
        { text: 'COMMIT' },
      ]);
      await expect(failed).rejects.toMatchObject({ code: '22012' }); // division_by_zero, not 25P02 (transaction aborted)
      expect(client.getTransactionStatus()).toBe('I');
      expect((await client.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    } finally {
      client.release();
    }
  });
});
