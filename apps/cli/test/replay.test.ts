// `arbiter replay` against the real PostgreSQL: a stored turn replays to the same hash; tampered inputs do not.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { runTurn } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { replay } from '../src/commands/replay.ts';

let tdb: TestDatabase;
// Read by the tests that change nothing; the test that tampers with stored inputs plays its own game.
let gameId: string;
let hash: string;

/** A game whose turn 1 was played and stored. */
async function playedGame(): Promise<{ gameId: string; hash: string }> {
  const { gameId } = await seedGame(tdb.db, { nations: 3, unitsPerNation: 4, deadline: new Date(Date.now() - 60_000) });
  const done = await runTurn(tdb.db, { gameId, turn: 1, workerId: 'test' }, { mailFrom: 'Arbiter <arbiter@arbiter.example>' });
  if (done.kind !== 'done') throw new Error(`setup: turn not done (${done.kind})`);
  return { gameId, hash: done.hash };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ gameId, hash } = await playedGame());
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

async function run(argv: string[], env: Record<string, string | undefined> = { DATABASE_URL: tdb.url }) {
  let out = '';
  let err = '';
  const code = await replay(argv, { env, io: { out: (s) => { out += s; }, err: (s) => { err += s; } } });
  return { code, out, err };
}

describe('arbiter replay', () => {
  it('exits 0 and names the hash when the replay matches', async () => {
    expect(await run([gameId, '1'])).toEqual({ code: 0, out: `turn 1 of game ${gameId}: the replay matches the stored result (sha256 ${hash})\n`, err: '' });
  }, 30_000);

  it('exits 2 naming the problem for bad arguments, unknown games and turns, and a missing DATABASE_URL', async () => {
    expect(await run([gameId])).toMatchObject({ code: 2, err: expect.stringMatching(/^arbiter replay: expected a game id and a turn number \(and a move number\), got 1 argument\n/) });
    expect(await run([gameId, 'three'])).toMatchObject({ code: 2, err: 'arbiter replay: "three" is not a turn number (a whole number from 1)\n' });
    expect(await run(['bad id!', '1'])).toMatchObject({ code: 2, err: 'arbiter replay: "bad id!" is not a game id (letters, digits, "_" and "-")\n' });
    expect(await run([gameId, '1', '--fast'])).toMatchObject({ code: 2, err: expect.stringMatching(/^arbiter replay: unknown option --fast\n/) });
    expect(await run(['nosuchgame', '1'])).toEqual({ code: 2, out: '', err: 'arbiter replay: game nosuchgame does not exist\n' });
    // After `--` a game id may start with `-` (ids drawn before ids began with a letter or digit could).
    expect(await run(['--', '-xy4hMsxoAfv', '1'])).toEqual({ code: 2, out: '', err: 'arbiter replay: game -xy4hMsxoAfv does not exist\n' });
    expect(await run(['-xy4hMsxoAfv', '1'])).toMatchObject({ code: 2, err: expect.stringMatching(/^arbiter replay: unknown option -xy4hMsxoAfv\n/) });
    expect(await run([gameId, '2'])).toEqual({ code: 2, out: '', err: `arbiter replay: turn 2 of game ${gameId} is open: it has no stored result yet\n` });
    // Without DATABASE_URL the embedded database is used: a bad ARBITER_DB_PORT is named.
    expect(await run([gameId, '1'], { ARBITER_DB_PORT: 'x' })).toMatchObject({ code: 2, out: '', err: expect.stringMatching(/^arbiter replay: no database to use: ARBITER_DB_PORT .+\n$/) });
    const unreachable = await run([gameId, '1'], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/x' });
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toMatch(/^arbiter replay: cannot read the database at postgresql:\/\/postgres@127\.0\.0\.1:1\/x/);
  }, 30_000);

  it('exits 1 with both hashes when the stored inputs were changed (through the real command line)', async () => {
    const { gameId, hash } = await playedGame();
    await tdb.db.prisma.standingOrder.update({
      where: { gameId_turnNumber_unitId: { gameId, turnNumber: 1, unitId: 'n2-a0' } },
      data: { orders: ['n2-a0, 850, no, sw'] },
    });
    const bin = fileURLToPath(new URL('../bin/arbiter.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'replay', gameId, '1'], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: tdb.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(out).toContain(`turn 1 of game ${gameId}: the replay DIFFERS from the stored result\n  stored hash: ${hash}\n  replay hash: `);
  }, 60_000);
});
