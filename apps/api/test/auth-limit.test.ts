// Integration: failed authentications are rate limited per client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthFailureLimiter } from '../src/auth.ts';
import { bearer, gm, harness, newGame, type Harness } from './helpers/setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness({ authFailureMax: 3 });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('auth failure limit', () => {
  it('after 3 failures a wrong token gets 429 with Retry-After; a correct secret or the GM token still passes', async () => {
    const game = await newGame(h.app);
    const url = `/v1/games/${game.gameId}`;
    const from = '10.7.7.7';
    for (let i = 0; i < 3; i++) {
      expect((await h.app.inject({ method: 'GET', url, headers: bearer(`wrong-${i}`), remoteAddress: from })).statusCode).toBe(401);
    }
    const blocked = await h.app.inject({ method: 'GET', url, headers: bearer('wrong-again'), remoteAddress: from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too-many-auth-failures' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Others behind the same address (a NAT, a proxy) are not locked out by the failures (issue 13).
    expect((await h.app.inject({ method: 'GET', url, headers: bearer(game.secret('north')), remoteAddress: from })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url, headers: gm, remoteAddress: from })).statusCode).toBe(200);
    // Another address is not affected at all.
    const elsewhere = await h.app.inject({ method: 'GET', url, headers: bearer('wrong'), remoteAddress: '10.1.2.3' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('every client address has a request rate limit; health checks are exempt', async () => {
    const limited = await harness({ rateLimitMax: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/v1/games/abc', remoteAddress: '10.9.9.9' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/v1/games/abc', remoteAddress: '10.9.9.9' });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 429, code: 'too-many-requests' });
      expect((await limited.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('6,000 requests without a token from one address use up that address only: a correct secret and the GM token from it still pass (issue 27)', async () => {
    const limited = await harness({ rateLimitMax: 6000 });
    try {
      const game = await newGame(limited.app);
      const url = `/v1/games/${game.gameId}`;
      const from = '10.8.8.8';
      for (let i = 0; i < 6000; i++) await limited.app.inject({ method: 'GET', url, remoteAddress: from });
      expect((await limited.app.inject({ method: 'GET', url, remoteAddress: from })).statusCode).toBe(429);
      expect((await limited.app.inject({ method: 'GET', url, headers: bearer('wrong'), remoteAddress: from })).statusCode).toBe(429);
      expect((await limited.app.inject({ method: 'GET', url, headers: bearer(game.secret('north')), remoteAddress: from })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url, headers: gm, remoteAddress: from })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('a correct secret has its own limit, per nation', async () => {
    const limited = await harness({ rateLimitMax: 3 });
    try {
      const game = await newGame(limited.app);
      const url = `/v1/games/${game.gameId}`;
      const north = [];
      for (let i = 0; i < 4; i++) north.push((await limited.app.inject({ method: 'GET', url, headers: bearer(game.secret('north')), remoteAddress: `10.5.5.${i}` })).statusCode);
      expect(north).toEqual([200, 200, 200, 429]);
      expect((await limited.app.inject({ method: 'GET', url, headers: bearer(game.secret('south')), remoteAddress: '10.5.5.1' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('the window resets', () => {
    let now = 0;
    const l = new AuthFailureLimiter(2, 1000, () => now);
    l.fail('a');
    l.fail('a');
    expect(() => l.check('a')).toThrow(/Too many failed authentications/);
    now = 1000;
    expect(() => l.check('a')).not.toThrow();
  });
});
