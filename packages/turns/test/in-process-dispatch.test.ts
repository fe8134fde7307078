// The in-process dispatcher (embedded mode, CLI): runs the turn now or at its deadline, exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { adjudicateJobId, InProcessTurnDispatcher } from '../src/index.ts';
import type { RunTurnOutcome } from '../src/index.ts';
import { seedGame } from '../src/testing.ts';
import { config } from './helpers.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

describe('InProcessTurnDispatcher', () => {
  it('runs a due turn at once and a later one at its time; repeated dispatches run it once', async () => {
    const outcomes: RunTurnOutcome[] = [];
    const errors: unknown[] = [];
    const d = InProcessTurnDispatcher.forRunTurn(tdb.db, { workerId: 'inproc', config: config() }, { onOutcome: (o) => outcomes.push(o), onError: (e) => errors.push(e) });
    const a = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: new Date(Date.now() - 1000) });
    const b = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: new Date(Date.now() + 60_000) });
    const soon = new Date(Date.now() + 3000);
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId: b.gameId, number: 1 } }, data: { deadline: soon } });
    await d.dispatch(a.gameId, 1);
    await d.dispatch(b.gameId, 1, soon);
    await d.dispatch(b.gameId, 1, soon);
    await new Promise((r) => setTimeout(r, 100));
    expect((await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: b.gameId, number: 1 } } })).status).toBe('open');
    await new Promise((r) => setTimeout(r, soon.getTime() - Date.now() + 300));
    await d.close();
    expect(errors).toEqual([]);
    const done = outcomes.filter((o) => o.kind === 'done');
    expect(done.map((o) => o.gameId).sort()).toEqual([a.gameId, b.gameId].sort());
    expect(await tdb.db.prisma.auditEntry.count({ where: { gameId: { in: [a.gameId, b.gameId] }, action: 'turn.adjudicated' } })).toBe(2);
  });

  it('refuses ids a job id cannot hold', async () => {
    const d = new InProcessTurnDispatcher(async () => undefined, () => {});
    await expect(d.dispatch('bad:id', 1)).rejects.toThrow('must be a game id');
    expect(() => adjudicateJobId('g1', 0)).toThrow();
    expect(adjudicateJobId('g1', 3)).toBe('adjudicate-g1-3');
  });
});
