// Integration: a game that runs early runs its turn as soon as the last nation marks its orders final
// over REST, with the real in-process turn runner (its own database: the other API tests close theirs).
import { describe, expect, it } from 'vitest';
import { bearer, newGame, type Harness, useHarness } from './helpers/setup.ts';

let h: Harness;
useHarness((made) => (h = made));

const submit = (gameId: string, secret: string, orders: string, final: boolean) =>
  h.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: bearer(secret), payload: { orders, final } });

describe('run early when all orders are final', () => {
  it('the last final submission dispatches the turn at once; until then nothing runs', async () => {
    const g = await newGame(h.app, { runEarlyWhenAllFinal: true });
    const early = await newGame(h.app, { name: 'Not early' });
    expect((await submit(g.gameId, g.secret('north'), 'aragorn, 850, no, e', true)).statusCode).toBe(200);
    expect((await submit(g.gameId, g.secret('south'), 'grond, 850, no, w', true)).statusCode).toBe(200);
    expect((await submit(g.gameId, g.secret('east'), 'bard, 840, e', false)).statusCode).toBe(200);
    // A game that does not run early stays open however final its nations are.
    for (const n of ['north', 'south', 'east']) expect((await submit(early.gameId, early.secret(n), n === 'north' ? 'aragorn, 850, no, e' : n === 'south' ? 'grond, 850, no, w' : 'bard, 840, e', true)).statusCode).toBe(200);
    const turnOf = async (gameId: string) => (await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } })).status;
    expect(await turnOf(g.gameId)).toBe('open');

    expect((await submit(g.gameId, g.secret('east'), 'bard, 840, e', true)).statusCode).toBe(200);
    await h.dispatcher.close(); // waits for the dispatched turn to finish
    expect(h.errors).toEqual([]);
    expect(await turnOf(g.gameId)).toBe('done');
    expect(await turnOf(early.gameId)).toBe('open');
  });
});
