// Hostile requests (issue 13, findings 7 and 9): NUL bytes are a named 400 before any SQL, GM-given names
// cannot hold line breaks, a body that trickles in is cut off, a secret in a query string is not logged,
// and one submission cannot carry thousands of orders.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.ts';
import { bearer, exampleScenario, gm, GM_TOKEN, harness, newGame, players, type Harness } from './helpers/setup.ts';

let h: Harness;
let game: Awaited<ReturnType<typeof newGame>>;
beforeAll(async () => {
  h = await harness({ bodyLimit: 256 * 1024 });
  game = await newGame(h.app);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The API over the harness's database with other server options. */
async function server(extra: Partial<Parameters<typeof buildServer>[0]>): Promise<FastifyInstance> {
  const app = await buildServer({
    db: h.t.db,
    gmToken: GM_TOKEN,
    dispatcher: h.dispatcher,
    authFailureLimit: { max: 1000, windowMs: 60_000 },
    rateLimit: { max: 100_000, windowMs: 60_000 },
    bodyLimit: 64 * 1024,
    trustProxy: false,
    logLevel: 'silent',
    ...extra,
  });
  await app.ready();
  return app;
}

describe('NUL bytes (finding 9)', () => {
  it('in a path parameter: 400 nul-byte before authentication, not 500', async () => {
    for (const headers of [{}, bearer('anything'), gm]) {
      const res = await h.app.inject({ method: 'GET', url: '/v1/games/ab%00cd/orders', headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'nul-byte', detail: 'The request path holds a NUL byte (\\u0000), which Arbiter does not accept in any text.' });
    }
    expect((await h.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/orders?turn=1%00`, headers: bearer(game.secret('north')) })).json()).toMatchObject({ code: 'nul-byte', detail: expect.stringContaining('The query string') });
  });

  it('in a body field of the GM or in order text: 400 naming the field', async () => {
    const create = await h.app.inject({
      method: 'POST',
      url: '/v1/games',
      headers: gm,
      payload: { name: 'Third Age', scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin', nations: [{ ...players[0], name: 'No\u0000rth' }, ...players.slice(1)] },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ code: 'nul-byte', detail: expect.stringContaining('The request body field nations[0].name holds a NUL byte') });
    const orders = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { ...bearer(game.secret('north')), 'content-type': 'text/plain' }, payload: 'aragorn, 840, n\u0000e' });
    expect(orders.json()).toMatchObject({ status: 400, code: 'nul-byte', detail: expect.stringContaining('The request body holds a NUL byte') });
  });
});

describe('line breaks in GM-given names (finding 9)', () => {
  it('a nation or game name with CR/LF is refused, naming the field', async () => {
    const base = { scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin' };
    const nation = await h.app.inject({ method: 'POST', url: '/v1/games', headers: gm, payload: { ...base, name: 'Third Age', nations: [{ ...players[0], name: 'North\r\nBcc: victim@example.org' }, ...players.slice(1)] } });
    expect(nation.statusCode).toBe(400);
    expect(nation.json()).toMatchObject({ code: 'invalid-request', issues: [{ path: 'nations[0].name', message: 'must not hold control characters (line breaks, tabs, NUL)' }] });
    const name = await h.app.inject({ method: 'POST', url: '/v1/games', headers: gm, payload: { ...base, name: 'Third\nAge', nations: players } });
    expect(name.json()).toMatchObject({ code: 'invalid-request', issues: [{ path: 'name' }] });
  });
});

describe('a secret in the query string (finding 9)', () => {
  it('is not written to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await server({ logLevel: 'info', logStream: stream });
    try {
      const secret = game.secret('north');
      await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/orders?secret=${secret}&token=${secret}`, headers: bearer(secret) });
      const log = lines.join('');
      expect(log).toContain(`/v1/games/${game.gameId}/orders?secret=[redacted]&token=[redacted]`);
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe('a body that trickles in (finding 9)', () => {
  it('is cut off with 408 after the request timeout, not held for minutes', async () => {
    const app = await server({ requestTimeoutMs: 1_000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const t0 = Date.now();
    socket.write(`POST /v1/games/${game.gameId}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${game.secret('north')}\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n`);
    // One byte every 100 ms, far slower than the 1000 bytes announced; stops by itself after 10 s.
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    const stop = setTimeout(() => socket.destroy(), 10_000);
    try {
      const end = await closed;
      expect(end - t0).toBeLessThan(4_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      clearTimeout(stop);
      socket.destroy();
      await app.close();
    }
  }, 20_000);
});

describe('the size of one submission (finding 7)', () => {
  it('5,800 orders in one request (the issue\'s): 413 with the numbers, nothing stored; also past the line limit', async () => {
    const before = await h.t.db.prisma.submission.count();
    const post = (payload: string) => h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { ...bearer(game.secret('north')), 'content-type': 'text/plain' }, payload });
    const many = await post(Array.from({ length: 5_800 }, () => 'aragorn, 840, ne').join('\n'));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'orders-too-long', detail: 'The order text is 98599 characters long; at most 50000 are accepted in one submission. Nothing was stored.' });
    const lines = await post(Array.from({ length: 600 }, () => 'a,e').join('\n'));
    expect(lines.json()).toMatchObject({ status: 413, code: 'too-many-orders', detail: 'The submission holds 600 order lines; at most 500 are accepted in one submission. Nothing was stored.' });
    const long = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: bearer(game.secret('north')), payload: { orders: 'aragorn, 850, no' + ', x'.repeat(30_000) } });
    expect(long.json()).toMatchObject({ status: 413, code: 'orders-too-long' });
    expect(await h.t.db.prisma.submission.count()).toBe(before);
  });

  it('500 orders are taken', async () => {
    const text = Array.from({ length: 500 }, () => 'aragorn, 840, ne').join('\n');
    const res = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { ...bearer(game.secret('north')), 'content-type': 'text/plain' }, payload: text });
    expect(res.statusCode).toBe(200);
  });
});

describe('/docs (issue 27)', () => {
  it('is served with a Content-Security-Policy: it shares the origin where the browser keeps the GM token', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/index.html']) {
      const res = await h.app.inject({ method: 'GET', url });
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toMatch(/default-src 'self'/);
      expect(csp, url).toMatch(/script-src 'self'/);
      expect(csp, url).toMatch(/object-src 'none'/);
      expect(csp, url).toMatch(/frame-ancestors 'none'/);
      expect(csp, url).not.toMatch(/https:|upgrade-insecure-requests/);
    }
  });
});

describe('smaller findings (issue 27)', () => {
  it('10,000 nested arrays or objects in a JSON body: 400 body-too-deep, not 500', async () => {
    const routes: [string, Record<string, string>][] = [
      ['/v1/games', gm],
      ['/v1/scenarios/maps', gm],
      [`/v1/games/${game.gameId}/orders`, bearer(game.secret('north'))],
      [`/v1/games/${game.gameId}/orders/check`, bearer(game.secret('north'))],
    ];
    const bodies = ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), `{"scenario":${'['.repeat(10_000)}${']'.repeat(10_000)}}`];
    for (const [url, headers] of routes) {
      for (const payload of bodies) {
        const res = await h.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ code: 'body-too-deep' });
      }
    }
  });

  it("a scenario's turn of 2147483648 is refused naming scenario.turn, for every ruleset, not a 500 at the database", async () => {
    const examples = ['first-turn.json', 'descent/gate-of-bones.json', 'expeditions/empty-bag.json', 'guards-of-atlantis/two-lanes.json', 'mage-knight/first-reconnaissance.json'];
    for (const file of examples) {
      const scenario = { ...(JSON.parse(readFileSync(new URL(`../../../examples/scenarios/${file}`, import.meta.url), 'utf8')) as object), turn: 2_147_483_648 };
      const res = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario } });
      expect(res.statusCode, file).toBe(422);
      expect(res.json().issues, file).toContainEqual({ path: 'scenario.turn', message: expect.stringMatching(/1000000/) });
    }
    const created = await h.app.inject({
      method: 'POST',
      url: '/v1/games',
      headers: gm,
      payload: { name: 'Far future', scenario: { ...exampleScenario(), turn: 2_147_483_648 }, schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations: players },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({ code: 'invalid-scenario', issues: [{ path: 'scenario.turn' }] });
  });
});

describe('a secret line sent by REST (issue 27)', () => {
  it('is stored with its value replaced, and neither the receipt nor the history shows it', async () => {
    const secret = game.secret('east');
    const headers = { ...bearer(secret), 'content-type': 'text/plain' };
    const posted = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers, payload: `game: ${game.gameId}\nsecret: ${secret}\nesgaroth, 850, no, w, h\n` });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).not.toContain(secret);
    const history = await h.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/orders`, headers: bearer(secret) });
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('secret: (secret-removed)');
    expect(history.body).not.toContain(secret);
    const stored = await h.t.db.prisma.submission.findMany({ where: { gameId: game.gameId, nationId: 'east' } });
    expect(stored.length).toBeGreaterThan(0);
    for (const s of stored) expect(JSON.stringify({ rawText: s.rawText, receipt: s.receipt, parsed: s.parsed })).not.toContain(secret);
  });
});

describe('storage per nation and turn (issue 27)', () => {
  it('200 submissions of 20,000 characters: past the quota a 429 submission-quota naming it, nothing stored, standing orders unchanged', async () => {
    const own = await newGame(h.app);
    const headers = { ...bearer(own.secret('north')), 'content-type': 'text/plain' };
    const text = (i: number) => {
      const head = `aragorn, 850, no, e\n# submission ${i}\n`;
      return head + `# ${'x'.repeat(97)}\n`.repeat(Math.floor((20_000 - head.length) / 100));
    };
    const statuses: number[] = [];
    let refused: { code: string; detail: string } | null = null;
    for (let i = 0; i < 200; i++) {
      const res = await h.app.inject({ method: 'POST', url: `/v1/games/${own.gameId}/orders`, headers, payload: text(i) });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200 && refused === null) refused = res.json();
    }
    const accepted = statuses.filter((s) => s === 200).length;
    expect(statuses.slice(accepted).every((s) => s === 429)).toBe(true);
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThanOrEqual(100);
    expect(refused).toMatchObject({ code: 'submission-quota' });
    expect(refused?.detail).toMatch(/at most 100 submissions and 2000000 bytes are kept per nation and turn/);
    const stored = await h.t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Submission" WHERE "gameId" = $1 AND "nationId" = 'north'`, [own.gameId]);
    expect(stored.rows[0]?.n).toBe(accepted);
    // Another nation of the game is not affected.
    const south = await h.app.inject({ method: 'POST', url: `/v1/games/${own.gameId}/orders`, headers: { ...bearer(own.secret('south')), 'content-type': 'text/plain' }, payload: 'grond, 850, no, w, h\n' });
    expect(south.statusCode).toBe(200);
  }, 180_000);
});
