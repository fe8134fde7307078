// The deadline sweep against PostgreSQL and a real BullMQ queue: what it (re)creates, and what it leaves alone.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { adjudicateJobId, QueueTurnDispatcher, TURN_QUEUE } from '@arbiter/turns';
import type { AdjudicateJobData } from '@arbiter/turns';
import { seedGame } from '@arbiter/turns/testing';
import { sweep } from '../src/index.ts';
import { dropPrefix, quietLog, uniquePrefix } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = uniquePrefix();
let tdb: TestDatabase;
let connection: Redis;
let queue: Queue<AdjudicateJobData>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue<AdjudicateJobData>(TURN_QUEUE, { connection, prefix });
}, 60_000);
afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await Promise.all([tdb?.drop(), dropPrefix(REDIS_URL, prefix)]);
});

const stateOf = async (gameId: string, turn = 1) => (await queue.getJob(adjudicateJobId(gameId, turn)))?.getState();

describe('sweep', () => {
  it('schedules open turns at their deadline, due ones at once, and leaves paused games, held turns and live claims alone', async () => {
    const p = tdb.db.prisma;
    const future = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() + 3_600_000) });
    const due = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() - 1000) });
    const early = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() + 3_600_000), runEarlyWhenAllFinal: true });
    await p.nation.updateMany({ where: { gameId: early.gameId }, data: { ordersFinal: true } });
    const stalled = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() - 1000) });
    await p.turn.update({ where: { gameId_number: { gameId: stalled.gameId, number: 1 } }, data: { status: 'adjudicating', claimedBy: 'dead/1', claimedAt: new Date(Date.now() - 120_000) } });
    const working = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() - 1000) });
    await p.turn.update({ where: { gameId_number: { gameId: working.gameId, number: 1 } }, data: { status: 'adjudicating', claimedBy: 'live/1', claimedAt: new Date() } });
    const paused = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() - 1000) });
    await p.game.update({ where: { id: paused.gameId }, data: { status: 'paused' } });
    const held = await seedGame(tdb.db, { nations: 2, unitsPerNation: 1, deadline: new Date(Date.now() - 1000) });
    await p.turn.update({ where: { gameId_number: { gameId: held.gameId, number: 1 } }, data: { status: 'held', heldReason: 'test' } });

    const result = await sweep({ db: tdb.db, dispatcher: new QueueTurnDispatcher(queue), log: quietLog, staleClaimMs: 60_000 });
    // Other test files' games live in other databases: exactly these are counted.
    expect(result).toEqual({ scheduled: 1, dueNow: 2, stalled: 1, reminders: 0, moves: 0, timedOut: 0 });
    expect(await stateOf(future.gameId)).toBe('delayed');
    const job = await queue.getJob(adjudicateJobId(future.gameId, 1));
    expect(Math.abs(job!.timestamp + job!.delay - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    expect(await stateOf(due.gameId)).toBe('waiting');
    expect(await stateOf(early.gameId)).toBe('waiting');
    expect(await stateOf(stalled.gameId)).toBe('waiting');
    expect(await stateOf(working.gameId)).toBeUndefined();
    expect(await stateOf(paused.gameId)).toBeUndefined();
    expect(await stateOf(held.gameId)).toBeUndefined();

    // Sweeping again changes nothing: one job per turn.
    await sweep({ db: tdb.db, dispatcher: new QueueTurnDispatcher(queue), log: quietLog, staleClaimMs: 60_000 });
    const counts = await queue.getJobCounts('waiting', 'delayed');
    expect(counts).toEqual({ waiting: 3, delayed: 1 });

    // A deadline moved (extended, then brought forward) moves the one job's timer; run now promotes it.
    const dispatcher = new QueueTurnDispatcher(queue);
    await dispatcher.dispatch(future.gameId, 1, new Date(Date.now() + 7_200_000));
    await dispatcher.dispatch(future.gameId, 1, new Date(Date.now() + 600_000));
    expect(await stateOf(future.gameId)).toBe('delayed');
    expect((await queue.getJob(adjudicateJobId(future.gameId, 1)))!.delay).toBeLessThanOrEqual(600_000);
    await dispatcher.dispatch(future.gameId, 1);
    expect(await stateOf(future.gameId)).toBe('waiting');
    expect(await queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 4, delayed: 0 });
  });
});
