// The move service against a real PostgreSQL: a move is adjudicated once (a second run writes nothing),
// and a move the ruleset fails on is set aside with the GM told, so the game does not stall.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { createGame, receiveOrders } from '@arbiter/intake';
import { passMoves, runMove } from '../src/index.ts';

const MAIL = { from: 'Arbiter <arbiter@example.org>', domain: 'example.org' };
let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

async function expeditionsGame() {
  const scenario = JSON.parse(readFileSync(new URL('../../../examples/scenarios/expeditions/off-basecamp.json', import.meta.url), 'utf8')) as unknown;
  return createGame(tdb.db, {
    name: 'Moves',
    scenario,
    schedule: { kind: 'every', days: 7, time: '18:00' },
    timeZone: 'Europe/London',
    gmEmail: 'gm@example.org',
    nations: ['ann', 'ben', 'cat'].map((id) => ({ nationId: id, email: `${id}@example.org` })),
    sequentialMode: 'as-each-move-arrives',
  });
}

describe('runMove', () => {
  it('adjudicates a pending move once; a second run finds it done and writes nothing', async () => {
    const g = await expeditionsGame();
    const taken = await receiveOrders(tdb.db, { gameId: g.gameId, nationId: 'ann', source: 'rest', rawText: 'red, move, 1' });
    expect(taken).toMatchObject({ kind: 'accepted-move', turn: 1, seq: 1 });
    const [a, b] = await Promise.all([runMove(tdb.db, { gameId: g.gameId, turn: 1, seq: 1, workerId: 'a' }, MAIL), runMove(tdb.db, { gameId: g.gameId, turn: 1, seq: 1, workerId: 'b' }, MAIL)]);
    expect([a, b].map((o) => (o.kind === 'done' ? o.alreadyDone : o.kind)).sort()).toEqual([false, true]);
    expect(await tdb.db.prisma.auditEntry.count({ where: { gameId: g.gameId, action: 'move.adjudicated' } })).toBe(1);
  });

  it('two sweeps at once pass a timed-out move once: the next move has its fresh limit', async () => {
    const g = await expeditionsGame();
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId: g.gameId, number: 1 } }, data: { moveDeadline: new Date(Date.now() - 1000) } });
    const both = await Promise.all([1, 2].map(() => passMoves(tdb.db, { gameId: g.gameId, kind: 'timeout', actor: 'sweep', mail: MAIL })));
    expect(both.flatMap((r) => ('passed' in r ? r.passed : [r.message])).sort()).toEqual(['ann', 'the time for the move in turn 1 has not run out']);
    expect(await tdb.db.prisma.move.count({ where: { gameId: g.gameId } })).toBe(1);
  });

  it('sets aside a move the ruleset fails on (here a corrupted row: not that player\'s move), tells the GM, and takes the move again', async () => {
    const g = await expeditionsGame();
    await tdb.db.prisma.move.create({ data: { gameId: g.gameId, turnNumber: 1, seq: 1, nationId: 'cat', kind: 'orders', orders: ['green, move, 1'] } });
    const failed = await runMove(tdb.db, { gameId: g.gameId, turn: 1, seq: 1, workerId: 'w' }, MAIL);
    expect(failed).toMatchObject({ kind: 'failed', reason: "adjudicating move 1 failed: it is ann's move, not cat's" });
    expect((await tdb.db.prisma.move.findUniqueOrThrow({ where: { gameId_turnNumber_seq: { gameId: g.gameId, turnNumber: 1, seq: 1 } } })).status).toBe('takenBack');
    expect(await tdb.db.prisma.outboxMail.count({ where: { gameId: g.gameId, toAddresses: { has: 'gm@example.org' }, subject: { contains: 'move 1 of turn 1 failed' } } })).toBe(1);
    expect(await receiveOrders(tdb.db, { gameId: g.gameId, nationId: 'ann', source: 'rest', rawText: 'red, move, 1' })).toMatchObject({ kind: 'accepted-move', seq: 2 });
  });
});
