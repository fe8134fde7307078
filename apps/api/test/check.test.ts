// The dry-run order check and the scenario maps (issue #19) over the real PostgreSQL and the real turn
// runner: what the receipt would say, the path as space ids and as points on the nation's report map,
// and nothing stored.
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../src/routes/check.ts';
import { bearer, exampleScenario, gm, newGame, type Harness, useHarness } from './helpers/setup.ts';

let h: Harness;
useHarness((made) => (h = made));

const check = (gameId: string, headers: Record<string, string>, text: string) =>
  h.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders/check`, headers: { ...headers, 'content-type': 'text/plain' }, payload: text });

async function runTurn(gameId: string, turn: number) {
  const res = await h.app.inject({ method: 'POST', url: `/v1/games/${gameId}/turns/${turn}/run`, headers: gm });
  expect(res.statusCode).toBe(202);
  await h.dispatcher.close(); // waits for the in-process run
  expect(h.errors).toEqual([]);
}

describe('POST /v1/games/:gameId/orders/check', () => {
  it('answers with every error at its line and column, each order with its path, and stores nothing', async () => {
    const g = await newGame(h.app);
    const res = await check(g.gameId, bearer(g.secret('north')), 'aragorn, 850, no, e, e, e\nswan, 830, no, n\nfrodo, 8l0, 0405\n');
    expect(res.statusCode).toBe(200);
    const body = checkSchema.parse(res.json());
    expect(body).toMatchObject({ gameId: g.gameId, nationId: 'north', turn: 1, stored: false, summary: { accepted: 1, rejected: 0, unreadable: 2 } });
    // Before the first report the path is placed on the opening map (issue #25; it was null before).
    expect(body.map).toMatchObject({ turn: 1, opening: true });
    expect(body.map?.paths[0]?.points.map((p) => p.space)).toEqual(['0303', '0403', '0503', '0603']);
    expect(body.errors.map((e) => [e.line, e.column, e.unit])).toEqual([
      [2, 16, 'swan'],
      [3, 8, 'frodo'],
    ]);
    expect(body.errors[1]?.message).toMatch(/"8l0" is not an order number/);
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({ line: 1, unit: 'aragorn', status: 'accepted', previewPath: ['0303', '0403', '0503', '0603'] });
    expect(body.orders[0]?.preview).toMatch(/end at 0603/);

    // Nothing stored: no submission, no standing order.
    const standing = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/orders`, headers: bearer(g.secret('north')) });
    expect(standing.json()).toMatchObject({ standingOrders: [], submissions: [] });
  });

  it("gives each path as points on the nation's latest report map, in that map's coordinates", async () => {
    const g = await newGame(h.app, { missingOrdersHoldShare: 1 }); // runs unless every nation's orders are missing
    const south = await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders`, headers: bearer(g.secret('south')), payload: { orders: 'grond, 850, no, w, w, h' } });
    expect(south.statusCode).toBe(200);
    await runTurn(g.gameId, 1);
    const res = await check(g.gameId, bearer(g.secret('north')), 'aragorn, 850, no, e, e\nswan, 840, stand\n');
    expect(res.statusCode, res.body).toBe(200);
    const body = checkSchema.parse(res.json());
    expect(body.turn).toBe(2);
    expect(body.map?.turn).toBe(1);
    const path = body.map?.paths.find((p) => p.unit === 'aragorn');
    expect(path?.points.map((p) => p.space)).toEqual(['0303', '0403', '0503']);
    // Each step east is one hex width to the right on the same row of the drawn map.
    const [a, b, c] = path?.points ?? [];
    expect(b!.y).toBeCloseTo(a!.y);
    expect(b!.x - a!.x).toBeGreaterThan(10);
    expect(c!.x - b!.x).toBeCloseTo(b!.x - a!.x);
    // The points lie inside that report's SVG.
    const svg = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/turns/1/report`, headers: { ...bearer(g.secret('north')), accept: 'image/svg+xml' } });
    const [, w, hgt] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg.body) ?? [];
    // The map labels each hex it shows at its centre's x, a little above it: the points are those centres.
    for (const p of path!.points.filter((q) => svg.body.includes(`>${q.space}</text>`))) {
      const [, lx, ly] = new RegExp(`<text x="([\\d.]+)" y="([\\d.]+)">${p.space}</text>`).exec(svg.body) ?? [];
      expect(Number(lx)).toBeCloseTo(p.x, 1);
      expect(p.y - Number(ly)).toBeCloseTo(30 * 0.48, 1); // hex size 30, ids 0.48 of it above the centre
    }
    expect(svg.body).toContain('>0303</text>');
    for (const p of path!.points) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(Number(w));
      expect(p.y).toBeLessThan(Number(hgt));
    }
  });

  it("serves the nation's opening map before its first report, the one the welcome mail draws (issue #25)", async () => {
    const g = await newGame(h.app);
    const res = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/opening-map`, headers: bearer(g.secret('north')) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg|<\?xml/);
    expect(res.body).toContain('Kingdom of the North: the starting position');
    expect(res.body).toContain('>0303</text>'); // aragorn's hex, labelled
    const asGm = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/opening-map`, headers: gm });
    expect(asGm.statusCode).toBe(403);
    const none = await h.app.inject({ method: 'GET', url: `/v1/games/no-such-game/opening-map`, headers: bearer(g.secret('north')) });
    expect(none.statusCode).toBeGreaterThanOrEqual(401);
  });

  it("the status names the game's ruleset and its words, for the web client (issue #25)", async () => {
    const g = await newGame(h.app);
    for (const headers of [bearer(g.secret('north')), gm]) {
      const res = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}`, headers });
      expect(res.json().ruleset).toEqual({ id: 'mepbm', title: 'Middle-earth PBM', words: { player: 'nation', players: 'nations', unit: 'unit', units: 'units' } });
    }
  });

  it("gives the GM the whole board of the open turn and any nation's report (issue #25); a nation gets neither", async () => {
    const g = await newGame(h.app, { missingOrdersHoldShare: 1 });
    await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders`, headers: bearer(g.secret('south')), payload: { orders: 'grond, 850, no, w' } });
    await runTurn(g.gameId, 1);
    const board = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/board-map`, headers: gm });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.body).toContain('turn 2: the whole map');
    const north = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/turns/1/reports/north`, headers: { ...gm, accept: 'text/plain' } });
    expect(north.statusCode).toBe(200);
    expect(north.body).toMatch(/Kingdom of the North/);
    const map = await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/turns/1/reports/north`, headers: { ...gm, accept: 'image/svg+xml' } });
    expect(map.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await h.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/board-map`, headers: bearer(g.secret('north')) })).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('refuses the GM token, a wrong secret, a closed turn and a text with NUL, each with a problem', async () => {
    const g = await newGame(h.app);
    const asGm = await check(g.gameId, gm, 'aragorn, 840');
    expect([asGm.statusCode, asGm.json().code]).toEqual([403, 'nation-only']);
    const wrong = await check(g.gameId, bearer('not-the-secret'), 'aragorn, 840');
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'invalid-credentials']);
    const nul = await check(g.gameId, bearer(g.secret('north')), 'aragorn, 840\u0000');
    expect([nul.statusCode, nul.json().code]).toEqual([400, 'nul-byte']);
    const pause = await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/finish`, headers: gm });
    expect(pause.statusCode).toBe(200);
    const finished = await check(g.gameId, bearer(g.secret('north')), 'aragorn, 840');
    expect([finished.statusCode, finished.json().code]).toEqual([409, 'game-finished']);
    expect(String(finished.headers['content-type'])).toMatch(/^application\/problem\+json/);
  });

  it('takes the JSON body of a submission too, and is in the OpenAPI document', async () => {
    const g = await newGame(h.app);
    const res = await h.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders/check`, headers: bearer(g.secret('south')), payload: { orders: ['grond, 850, no, w, w, h'] } });
    expect(res.statusCode).toBe(200);
    expect(checkSchema.parse(res.json()).orders[0]).toMatchObject({ unit: 'grond', status: 'accepted' });
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> };
    expect(Object.keys(doc.paths['/v1/games/{gameId}/orders/check']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '409']));
    expect(doc.paths['/v1/scenarios/maps']?.post).toBeDefined();
  });
});

describe('POST /v1/scenarios/maps', () => {
  it("draws each nation's opening map of a scenario, and names every problem of a bad one", async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario: exampleScenario() } });
    expect(res.statusCode).toBe(200);
    const { nations } = res.json() as { nations: { nationId: string; name: string; svg: string }[] };
    expect(nations.map((n) => n.nationId)).toEqual(['north', 'south', 'east']);
    for (const n of nations) expect(n.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox=/);
    expect(nations[0]?.svg).toContain('the opening position');

    const bad = exampleScenario() as { units: { hex: string }[] };
    bad.units[0]!.hex = '9999';
    const refused = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario: bad } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('invalid-scenario');
    expect(refused.json().issues[0].path).toMatch(/^scenario\.units\[0\]/);
    const asPlayer = await h.app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: bearer('x'.repeat(40)), payload: { scenario: exampleScenario() } });
    expect(asPlayer.statusCode).toBe(401);
  });
});
