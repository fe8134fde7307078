// Integration: what one nation may store per turn (issue 27), against the real PostgreSQL. Counted in the
// batch's transaction from the stored rows, so it holds across batches and for submissions of one batch.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createGame, receiveOrders, type CreatedGame, type SubmissionQuota } from '../src/index.ts';
import { exampleScenario, players } from '../src/testing.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

const newGame = (): Promise<CreatedGame> =>
  createGame(t.db, { name: 'Quota', scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations: players });
const submit = (game: CreatedGame, rawText: string, quota: SubmissionQuota) => receiveOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText, quota });

describe('the submission quota per nation and turn', () => {
  it('refuses past the count, nothing stored, another nation unaffected', async () => {
    const game = await newGame();
    const quota = { submissionsPerTurn: 3, storedBytesPerTurn: 10_000_000 };
    const kinds = [];
    for (let i = 0; i < 5; i++) kinds.push((await submit(game, `aragorn, 850, no, e\n# ${i}\n`, quota)).kind);
    expect(kinds).toEqual(['accepted', 'accepted', 'accepted', 'refused', 'refused']);
    const refused = await submit(game, 'aragorn, 850, no, e\n', quota);
    expect(refused).toMatchObject({ kind: 'refused', refusal: { code: 'submission-quota' } });
    expect(await t.db.prisma.submission.count({ where: { gameId: game.gameId, nationId: 'north' } })).toBe(3);
    expect((await receiveOrders(t.db, { gameId: game.gameId, nationId: 'south', source: 'email', rawText: 'grond, 850, no, w, h\n', quota })).kind).toBe('accepted');
  });

  it('refuses past the bytes stored (incompressible text), also within one batch of concurrent submissions', async () => {
    const game = await newGame();
    const quota = { submissionsPerTurn: 1_000, storedBytesPerTurn: 60_000 };
    const text = () => `aragorn, 850, no, e\n# ${randomBytes(7_500).toString('base64')}\n`; // 10,000 characters
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => submit(game, text(), quota)));
    const accepted = outcomes.filter((o) => o.kind === 'accepted').length;
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted).toBeLessThanOrEqual(6);
    const stored = await t.db.pool.query<{ bytes: number }>(
      `SELECT sum(pg_column_size("rawText") + pg_column_size(receipt))::int AS bytes FROM "Submission" WHERE "gameId" = $1 AND "nationId" = 'north'`,
      [game.gameId],
    );
    expect(stored.rows[0]?.bytes).toBeLessThanOrEqual(60_000);
  });

  it('keeps the usage on the nation row as the rows stored, and starts again from zero when the next turn opens', async () => {
    const game = await newGame();
    const quota = { submissionsPerTurn: 2, storedBytesPerTurn: 10_000_000 };
    const kinds = [];
    for (let i = 0; i < 3; i++) kinds.push((await submit(game, `aragorn, 850, no, e\n# ${i}\n`, quota)).kind);
    expect(kinds).toEqual(['accepted', 'accepted', 'refused']);
    const usage = async () => {
      const { rows } = await t.db.pool.query<{ turn: number; submissions: number; bytes: number; stored: number }>(
        `SELECT n."usageTurn" AS turn, n."usageSubmissions" AS submissions, n."usageBytes" AS bytes,
                (SELECT coalesce(sum(pg_column_size(s."rawText") + pg_column_size(s.receipt)), 0)::int FROM "Submission" s
                  WHERE s."gameId" = n."gameId" AND s."nationId" = n."nationId" AND s."turnNumber" = n."usageTurn") AS stored
           FROM "Nation" n WHERE n."gameId" = $1 AND n."nationId" = 'north'`,
        [game.gameId],
      );
      return rows[0];
    };
    const first = await usage();
    expect(first).toMatchObject({ turn: 1, submissions: 2 });
    expect(first?.bytes).toBe(first?.stored);
    // The next turn opens (as the turn pipeline leaves it: the old turn done, a new open one current).
    await t.db.pool.query(
      `WITH closed AS (UPDATE "Turn" SET status = 'done' WHERE "gameId" = $1 AND number = 1 RETURNING state, deadline)
       INSERT INTO "Turn" ("gameId", number, status, deadline, state) SELECT $1, 2, 'open', deadline + interval '3 days', state FROM closed`,
      [game.gameId],
    );
    await t.db.pool.query(`UPDATE "Game" SET "currentTurn" = 2 WHERE id = $1`, [game.gameId]);
    expect((await submit(game, 'aragorn, 850, no, e\n', quota)).kind).toBe('accepted');
    const second = await usage();
    expect(second).toMatchObject({ turn: 2, submissions: 1 });
    expect(second?.bytes).toBe(second?.stored);
  });

  it("counts a move's submission (a game played as each move arrives) as stored, for the mover only", async () => {
    const scenario = JSON.parse(readFileSync(new URL('../../../examples/scenarios/expeditions/off-basecamp.json', import.meta.url), 'utf8')) as unknown;
    const game = await createGame(t.db, {
      name: 'Moves usage',
      scenario,
      schedule: { kind: 'every', days: 7, time: '18:00' },
      timeZone: 'UTC',
      nations: ['ann', 'ben', 'cat'].map((id) => ({ nationId: id, email: `${id}@example.org` })),
      sequentialMode: 'as-each-move-arrives',
    });
    expect(await receiveOrders(t.db, { gameId: game.gameId, nationId: 'ann', source: 'rest', rawText: 'red, move, 1' })).toMatchObject({ kind: 'accepted-move', seq: 1 });
    const { rows } = await t.db.pool.query<{ nationId: string; turn: number; submissions: number; bytes: number; stored: number; final: boolean }>(
      `SELECT n."nationId", n."usageTurn" AS turn, n."usageSubmissions" AS submissions, n."usageBytes" AS bytes, n."ordersFinal" AS final,
              (SELECT coalesce(sum(pg_column_size(s."rawText") + pg_column_size(s.receipt)), 0)::int FROM "Submission" s
                WHERE s."gameId" = n."gameId" AND s."nationId" = n."nationId" AND s."turnNumber" = 1) AS stored
         FROM "Nation" n WHERE n."gameId" = $1 ORDER BY n."nationId"`,
      [game.gameId],
    );
    expect(rows).toHaveLength(3);
    const [ann, ben] = rows;
    expect(ann).toMatchObject({ nationId: 'ann', turn: 1, submissions: 1, final: false });
    expect(ann?.bytes).toBeGreaterThan(0);
    expect(ann?.bytes).toBe(ann?.stored);
    expect(ben).toMatchObject({ nationId: 'ben', submissions: 0, bytes: 0, stored: 0 });
  });
});
