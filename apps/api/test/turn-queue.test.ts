// The API's turn queue (issue 13, findings 5 and 6): the worker's queue (prefix, job options), and a
// Redis that is down or does not answer gives a clear 503 at once, leaves the deadline alone, and makes
// /readyz say so.
import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicateJobId, createTurnQueue, QueueUnavailableError, TURN_QUEUE, type ApiTurnQueue } from '@arbiter/turns';
import { gm, harness, newGame } from './helpers/setup.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP server that accepts connections and never answers: a Redis that hangs. */
let silent: Server;
const sockets = new Set<Socket>();
let silentUrl: string;
beforeAll(async () => {
  silent = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `redis://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the API turn queue', () => {
  it('is the worker\'s queue: its key prefix and the turn job options (attempts, backoff)', async () => {
    const prefix = `hostile-${randomBytes(4).toString('hex')}`;
    const q = createTurnQueue({ url: REDIS, prefix });
    const reader = new Queue(TURN_QUEUE, { connection: { url: REDIS }, prefix });
    try {
      await q.ready();
      await q.dispatcher.dispatch('g1', 1, new Date(Date.now() + 60_000));
      const job = await reader.getJob(adjudicateJobId('g1', 1));
      expect(job?.opts).toMatchObject({ attempts: 12, backoff: { type: 'exponential', delay: 5_000 } });
    } finally {
      await reader.obliterate({ force: true });
      await reader.close();
      await q.close();
    }
  });

  for (const [what, url] of [
    ['down (nothing listens)', () => 'redis://127.0.0.1:1'],
    ['hanging (never answers)', () => silentUrl],
  ] as const) {
    it(`with Redis ${what}: dispatch and ready fail within the timeout with QueueUnavailableError`, async () => {
      const q = createTurnQueue({ url: url(), prefix: 'hostile', timeoutMs: 300 });
      try {
        const t0 = Date.now();
        await expect(q.dispatcher.dispatch('g1', 1)).rejects.toBeInstanceOf(QueueUnavailableError);
        await expect(q.ready()).rejects.toThrow(/the turn queue \(Redis\) does not answer/);
        expect(Date.now() - t0).toBeLessThan(3_000);
      } finally {
        await q.close();
      }
    });
  }
});

describe('"run now" with the turn queue unavailable', () => {
  // The real queue on the test Redis while the game is made, then one that never answers.
  let up: ApiTurnQueue;
  let hanging: ApiTurnQueue;
  let down = false;
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    up = createTurnQueue({ url: REDIS, prefix: `hostile-${randomBytes(4).toString('hex')}`, timeoutMs: 2_000 });
    hanging = createTurnQueue({ url: silentUrl, prefix: 'hostile', timeoutMs: 300 });
    const current = () => (down ? hanging : up);
    h = await harness({ queue: { dispatcher: { dispatch: (g, t, at) => current().dispatcher.dispatch(g, t, at) }, ready: () => current().ready(), close: async () => undefined } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await up?.close();
    await hanging?.close();
  });

  it('answers 503 queue-unavailable at once and leaves the deadline as it was, so players can still send orders', async () => {
    down = false;
    const game = await newGame(h.app);
    down = true;
    const t0 = Date.now();
    const res = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/turns/${game.turn}/run`, headers: gm });
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'queue-unavailable', detail: expect.stringContaining('The turn queue (Redis) does not answer') });
    expect(res.headers['retry-after']).toBe('10');
    const turn = await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: game.turn } } });
    expect(turn.deadline.toISOString()).toBe(game.deadline);
    const orders = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { authorization: `Bearer ${game.secret('north')}`, 'content-type': 'text/plain' }, payload: 'aragorn, 840, ne' });
    expect(orders.statusCode).toBe(200);
  });

  it('/readyz says the turn queue does not answer', async () => {
    down = false;
    expect((await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    down = true;
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', detail: 'the turn queue (Redis) does not answer' });
  });
});
