// Integration: the REST API over the real PostgreSQL and the real turn runner (no mocks).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receiptSchema } from '../src/schemas.ts';
import { bearer, exampleScenario, gm, harness, newGame, players, type Harness } from './helpers/setup.ts';

// One server and database for the file; every test makes the games it needs, so that each passes alone
// and in any order (`npm test` shuffles).
let h: Harness;
type Game = Awaited<ReturnType<typeof newGame>>;

beforeAll(async () => {
  h = await harness({ bodyLimit: 16 * 1024 });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const post = (url: string, headers: Record<string, string>, payload?: unknown, contentType?: string) =>
  h.app.inject({ method: 'POST', url, headers: contentType ? { ...headers, 'content-type': contentType } : headers, ...(payload === undefined ? {} : { payload: payload as string }) });
const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

/** Every nation's orders for turn 1, as the players of the example scenario would send them. */
async function submitTurnOneOrders(g: Game) {
  const north = await post(`/v1/games/${g.gameId}/orders`, bearer(g.secret('north')), 'aragorn, 850, no, e, e, e\nfrodo, 810, 0405\nswan, 830, no, n\n', 'text/plain');
  const south = await post(`/v1/games/${g.gameId}/orders`, bearer(g.secret('south')), { orders: ['grond, 850, no, w, w, h', 'riders, 860, ev, nw, w'], final: true });
  const east = await post(`/v1/games/${g.gameId}/orders`, bearer(g.secret('east')), { orders: 'bard, 840, e' });
  expect([north.statusCode, south.statusCode, east.statusCode]).toEqual([200, 200, 200]);
}

const setDelivery = (g: Game, nation: string, headers: Record<string, string>, reportDelivery: unknown) =>
  h.app.inject({ method: 'PUT', url: `/v1/games/${g.gameId}/nations/${nation}/report-delivery`, headers, payload: { reportDelivery } as unknown as string });

/** The GM runs turn 1 at once; resolves when the in-process run has finished. */
async function runTurnOne(g: Game) {
  const res = await post(`/v1/games/${g.gameId}/turns/1/run`, gm);
  expect(res.statusCode).toBe(202);
  // The answer says whether the worker will run the turn or hold it for missing orders (issue 26).
  const answer = res.json() as { status: string; hold: string | null; message: string };
  expect(answer.status).toBe('dispatched');
  expect(answer.message).toBe(answer.hold === null ? 'turn 1 runs now' : `turn 1 will be held for you, not run: ${answer.hold}`);
  await h.dispatcher.close(); // waits for the runs in progress (dispatch still works afterwards)
  expect(h.errors).toEqual([]);
  return res;
}

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const p = res.json() as { status: number; code: string; detail: string; title: string };
  expect(p.status).toBe(status);
  expect(p.code).toBe(code);
  expect(p.detail.length).toBeGreaterThan(10);
  return p;
}

describe('operations', () => {
  it('healthz, readyz, openapi.json and /docs', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    const doc = (await get('/openapi.json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/games',
        '/v1/games/{gameId}',
        '/v1/games/{gameId}/orders',
        '/v1/games/{gameId}/turns',
        '/v1/games/{gameId}/turns/{turn}/report',
        '/v1/games/{gameId}/turns/{turn}/run',
        '/v1/games/{gameId}/turns/{turn}/preview',
        '/v1/games/{gameId}/nations/{nationId}/report-delivery',
        '/v1/games/{gameId}/mail',
        '/v1/games/{gameId}/mail/{messageId}/raw',
        '/v1/games/{gameId}/audit',
        '/v1/games/{gameId}/finish',
      ]),
    );
    const orders = (doc.paths['/v1/games/{gameId}/orders'] as { post: { requestBody: { content: Record<string, unknown> } } }).post;
    expect(Object.keys(orders.requestBody.content)).toEqual(['text/plain', 'application/json']);
    const docs = await get('/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('unknown routes are problems too', async () => {
    expectProblem(await get('/v2/nothing'), 404, 'route-not-found');
  });
});

describe('POST /v1/games', () => {
  it('needs the GM token', async () => {
    const game = await newGame(h.app);
    expectProblem(await post('/v1/games', {}, {}), 401, 'missing-credentials');
    expectProblem(await post('/v1/games', { authorization: 'Bearer wrong' }, {}), 401, 'invalid-credentials');
    expectProblem(await post('/v1/games', bearer(game.secret('north')), {}), 401, 'invalid-credentials');
  });

  it('returns the game id and each secret once', async () => {
    const game = await newGame(h.app);
    expect(game.gameId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(game.nations.map((n) => n.nationId)).toEqual(['north', 'south', 'east']);
    expect(new Date(game.deadline).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses bad input with precise problems and creates nothing', async () => {
    const before = await h.t.db.prisma.game.count();
    const base = { name: 'x', scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations: players };
    let p = expectProblem(await post('/v1/games', gm, { ...base, colour: 'red' }), 400, 'invalid-request');
    expect(p.detail).toContain('colour');
    p = expectProblem(await post('/v1/games', gm, { ...base, schedule: { kind: 'every', days: 'three', time: '18:00' } }), 400, 'invalid-request');
    expect((p as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe('schedule.days');
    p = expectProblem(await post('/v1/games', gm, '{"name": "x",', 'application/json'), 400, 'malformed-json');
    const bad = exampleScenario();
    (bad as { seed: unknown }).seed = 'seven';
    p = expectProblem(await post('/v1/games', gm, { ...base, scenario: bad }), 422, 'invalid-scenario');
    expect((p as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe('scenario.seed');
    expectProblem(await post('/v1/games', gm, { ...base, timeZone: 'Mordor/Barad-dur' }), 400, 'invalid-request');
    expectProblem(await post('/v1/games', gm, { ...base, name: 'y'.repeat(20_000) }), 413, 'body-too-large');
    expect(await h.t.db.prisma.game.count()).toBe(before);
  });
});

describe('GET /v1/games/:gameId', () => {
  it('the GM sees emails; a nation sees who submitted but no one else\'s details', async () => {
    const game = await newGame(h.app);
    const asGm = (await get(`/v1/games/${game.gameId}`, gm)).json() as { nations: { email?: string }[]; you?: unknown };
    expect(asGm.nations.map((n) => n.email)).toEqual(['east@example.org', 'north@example.org', 'south@example.org']);
    const res = await get(`/v1/games/${game.gameId}`, bearer(game.secret('south')));
    expect(res.statusCode).toBe(200);
    const asSouth = res.json() as { turn: number; turnStatus: string; you: { nationId: string }; nations: { nationId: string; submitted: boolean }[] };
    expect(asSouth.turn).toBe(1);
    expect(asSouth.turnStatus).toBe('open');
    expect(asSouth.you.nationId).toBe('south');
    expect(res.body).not.toContain('@example.org');
  });

  it('the GM sees refused addresses and undelivered mail; a nation sees neither', async () => {
    const game = await newGame(h.app);
    const db = h.t.db.prisma;
    await db.nation.updateMany({
      where: { gameId: game.gameId, nationId: 'east' },
      data: { lastBounceAt: new Date('2026-11-30T10:00:00Z'), lastBounceReason: '550 5.1.1 mailbox unavailable' },
    });
    await db.outboxMail.create({
      data: {
        gameId: game.gameId,
        nationId: 'east',
        kind: 'report',
        toAddresses: ['east@example.org'],
        subject: 'turn report',
        text: 'report',
        messageId: `bounce-test-${game.gameId}@arbiter.test`,
        status: 'failed',
        attempts: 1,
        lastError: '550 5.1.1 mailbox unavailable',
      },
    });
    const asGm = (await get(`/v1/games/${game.gameId}`, gm)).json() as {
      nations: { nationId: string; lastBounce: { at: string; reason: string } | null }[];
      undeliveredMail: { nationId: string; to: string[]; lastError: string }[];
    };
    expect(asGm.nations.find((n) => n.nationId === 'east')?.lastBounce).toEqual({ at: '2026-11-30T10:00:00.000Z', reason: '550 5.1.1 mailbox unavailable' });
    expect(asGm.nations.find((n) => n.nationId === 'north')?.lastBounce).toBeNull();
    expect(asGm.undeliveredMail).toEqual([expect.objectContaining({ nationId: 'east', to: ['east@example.org'], lastError: '550 5.1.1 mailbox unavailable' })]);
    const asEast = await get(`/v1/games/${game.gameId}`, bearer(game.secret('east')));
    expect(asEast.body).not.toContain('mailbox unavailable');
    expect(asEast.json()).not.toHaveProperty('undeliveredMail');
  });

  it('a secret of another game does not open this one; an unknown game is 404', async () => {
    const [game, other] = [await newGame(h.app), await newGame(h.app, { name: 'Other game' })];
    expectProblem(await get(`/v1/games/${game.gameId}`, bearer(other.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get('/v1/games/nosuchgame12', gm), 404, 'game-not-found');
    expectProblem(await get('/v1/games/nosuchgame12', bearer(game.secret('north'))), 404, 'game-not-found');
    expectProblem(await get('/v1/games/bad%20id', gm), 400, 'invalid-request');
  });
});

describe('POST /v1/games/:gameId/orders', () => {
  let game: Game;
  const url = () => `/v1/games/${game.gameId}/orders`;
  beforeEach(async () => {
    game = await newGame(h.app);
  });

  it('takes text/plain and answers with a receipt', async () => {
    const res = await post(url(), bearer(game.secret('north')), 'aragorn, 850, no, e, e, e\nfrodo, 810, 0405\nswan, 830, no, n\n', 'text/plain');
    expect(res.statusCode).toBe(200);
    const r = res.json() as { orders: { unit: string; status: string; preview?: string }[]; errors: { line: number; column: number }[]; standingOrders: { unit: string }[] };
    expect(r.orders.map((o) => [o.unit, o.status])).toEqual([['aragorn', 'accepted'], ['frodo', 'accepted']]);
    expect(r.orders[0]?.preview).toBeTruthy();
    expect(r.errors[0]).toMatchObject({ line: 3 });
    expect(r.standingOrders.map((s) => s.unit)).toEqual(['aragorn', 'frodo']);
    // The route sends the stored receipt JSON without the response serialiser: it must still be exactly
    // what the documented schema says (strictly: no field missing, none extra).
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const checked = receiptSchema.strict().safeParse(res.json());
    expect(checked.error?.issues ?? []).toEqual([]);
  });

  it('takes JSON (text or lines), and answers in text when asked', async () => {
    let res = await post(url(), bearer(game.secret('south')), { orders: ['grond, 850, no, w, w, h', 'riders, 860, ev, nw, w'], final: true });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { final: boolean }).final).toBe(true);
    res = await h.app.inject({ method: 'POST', url: url(), headers: { ...bearer(game.secret('east')), accept: 'text/plain' }, payload: { orders: 'bard, 840, e' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('line 1: bard, 840, e — ACCEPTED');
  });

  it("a nation can never order another nation's units", async () => {
    await submitTurnOneOrders(game);
    const key = (unitId: string) => ({ gameId_turnNumber_unitId: { gameId: game.gameId, turnNumber: 1, unitId } });
    const grondBefore = await h.t.db.prisma.standingOrder.findUniqueOrThrow({ where: key('grond') });
    const before = await h.t.db.prisma.submission.count({ where: { gameId: game.gameId } });
    // Only foreign units: nothing can be accepted, so the submission is refused and not stored.
    const refused = expectProblem(await post(url(), bearer(game.secret('north')), 'grond, 850, no, e\ngrond, cancel\nbard, 840, w', 'text/plain'), 422, 'no-orders-accepted');
    expect((refused as unknown as { issues: { path: string; message: string }[] }).issues).toEqual([
      { path: 'line 1', message: 'grond, 850, no, e: you have no unit "grond"; a nation may only order its own units' },
      { path: 'line 2', message: 'grond, cancel: you have no unit "grond"; a nation may only order its own units' },
      { path: 'line 3', message: 'bard, 840, w: you have no unit "bard"; a nation may only order its own units' },
    ]);
    expect(await h.t.db.prisma.submission.count({ where: { gameId: game.gameId } })).toBe(before);
    // Mixed with an own order: stored, the foreign ones rejected in the receipt.
    const res = await post(url(), bearer(game.secret('north')), 'grond, 850, no, e\nbard, 840, w\naragorn, 850, no, e, e, e', 'text/plain');
    expect(res.statusCode).toBe(200);
    const r = res.json() as { orders: { unit: string; status: string; reason?: string }[] };
    expect(r.orders.filter((o) => o.unit !== 'aragorn').every((o) => o.status === 'rejected' && o.reason?.includes('you have no unit'))).toBe(true);
    expect(await h.t.db.prisma.standingOrder.findUniqueOrThrow({ where: key('grond') })).toEqual(grondBefore);
    expect((await h.t.db.prisma.standingOrder.findUniqueOrThrow({ where: key('bard') })).orders).toEqual(['bard, 840, e']);
  });

  it('an empty submission, or one with only mistakes, is refused with every problem listed', async () => {
    expectProblem(await post(url(), bearer(game.secret('north')), '# nothing\n\n', 'text/plain'), 422, 'no-orders-accepted');
    const p = expectProblem(await post(url(), bearer(game.secret('north')), 'aragorn, 850, no, n', 'text/plain'), 422, 'no-orders-accepted');
    expect((p as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe('line 1, col 19');
  });

  it('the GM token cannot give orders; bad secrets and bad bodies change nothing', async () => {
    const before = await h.t.db.prisma.submission.count();
    expectProblem(await post(url(), gm, 'aragorn, 840, ne', 'text/plain'), 403, 'nation-only');
    expectProblem(await post(url(), bearer('x'.repeat(43)), 'aragorn, 840, ne', 'text/plain'), 401, 'invalid-credentials');
    expectProblem(await post(url(), bearer(game.secret('north')), '{"orders": ', 'application/json'), 400, 'malformed-json');
    expectProblem(await post(url(), bearer(game.secret('north')), { orders: 42 }), 400, 'invalid-request');
    const unknownField = expectProblem(await post(url(), bearer(game.secret('north')), { orders: 'aragorn, 840, ne', urgent: true }), 400, 'invalid-request');
    expect(unknownField.detail).toContain('urgent');
    expectProblem(await post(url(), bearer(game.secret('north')), 'a'.repeat(17 * 1024), 'text/plain'), 413, 'body-too-large');
    expectProblem(await post(url(), bearer(game.secret('north')), 'orders=x', 'application/x-www-form-urlencoded'), 415, 'unsupported-media-type');
    expectProblem(await post('/v1/games/nosuchgame12/orders', bearer(game.secret('north')), 'aragorn, 840, ne', 'text/plain'), 404, 'game-not-found');
    expect(await h.t.db.prisma.submission.count()).toBe(before);
  });

  it('orders for a closed turn are refused with 409 and change nothing', async () => {
    const other = game;
    await h.t.db.prisma.turn.updateMany({ where: { gameId: other.gameId, number: 1 }, data: { status: 'adjudicating' } });
    const before = await h.t.db.prisma.submission.count();
    const p = expectProblem(await post(`/v1/games/${other.gameId}/orders`, bearer(other.secret('north')), 'aragorn, 840, ne', 'text/plain'), 409, 'turn-closed');
    expect(p.detail).toContain('Nothing was stored');
    expect(await h.t.db.prisma.submission.count()).toBe(before);
    await h.t.db.prisma.turn.updateMany({ where: { gameId: other.gameId, number: 1 }, data: { status: 'open' } });
  });
});

describe('GET /v1/games/:gameId/orders', () => {
  it("shows the nation's own standing orders and history, never another nation's", async () => {
    const game = await newGame(h.app);
    await submitTurnOneOrders(game);
    expect((await post(`/v1/games/${game.gameId}/orders`, bearer(game.secret('north')), 'aragorn, 850, no, e, e, e', 'text/plain')).statusCode).toBe(200);
    const north = (await get(`/v1/games/${game.gameId}/orders`, bearer(game.secret('north')))).json() as {
      nationId: string;
      standingOrders: { unit: string }[];
      submissions: { rawText: string }[];
    };
    expect(north.nationId).toBe('north');
    expect(north.standingOrders.map((s) => s.unit)).toEqual(['aragorn', 'frodo']);
    expect(north.submissions).toHaveLength(2);
    const southRes = await get(`/v1/games/${game.gameId}/orders`, bearer(game.secret('south')));
    expect(southRes.body).not.toContain('aragorn, 850');
    expect((southRes.json() as { standingOrders: { unit: string }[] }).standingOrders.map((s) => s.unit)).toEqual(['grond', 'riders']);
    expectProblem(await get(`/v1/games/${game.gameId}/orders?nation=north`, bearer(game.secret('south'))), 400, 'invalid-request');
    expectProblem(await get(`/v1/games/${game.gameId}/orders`, gm), 403, 'nation-only');
  });
});

describe('report delivery', () => {
  it('a nation chooses its own, the GM any; the status shows it', async () => {
    const game = await newGame(h.app);
    expect((await setDelivery(game, 'south', bearer(game.secret('south')), 'text')).json()).toEqual({ nationId: 'south', reportDelivery: 'text' });
    expectProblem(await setDelivery(game, 'east', bearer(game.secret('south')), 'none'), 403, 'not-your-nation');
    expect((await setDelivery(game, 'east', gm, 'none')).json()).toEqual({ nationId: 'east', reportDelivery: 'none' });
    expectProblem(await setDelivery(game, 'east', gm, 'pigeon'), 400, 'invalid-request');
    expectProblem(await setDelivery(game, 'west', gm, 'text'), 404, 'nation-not-found');
    const asGm = (await get(`/v1/games/${game.gameId}`, gm)).json() as { nations: { nationId: string; reportDelivery: string }[] };
    expect(asGm.nations.map((n) => [n.nationId, n.reportDelivery])).toEqual([['east', 'none'], ['north', 'full'], ['south', 'text']]);
    const asSouth = (await get(`/v1/games/${game.gameId}`, bearer(game.secret('south')))).json() as { you: { reportDelivery: string }; nations: object[] };
    expect(asSouth.you.reportDelivery).toBe('text');
    expect(asSouth.nations.every((n) => !('reportDelivery' in n))).toBe(true);
    const audit = await h.t.db.prisma.auditEntry.findMany({ where: { gameId: game.gameId, action: 'nation.report-delivery' }, orderBy: { at: 'asc' } });
    expect(audit.map((a) => a.actor)).toEqual(['nation:south', 'gm']);
  });
});

describe('GM preview of the open turn', () => {
  it('shows what the turn would do now, writes nothing, and is for the GM only', async () => {
    const game = await newGame(h.app);
    await submitTurnOneOrders(game);
    const url = `/v1/games/${game.gameId}/turns/1/preview`;
    const res = await get(`${url}?nation=north`, gm);
    expect(res.statusCode).toBe(200);
    const p = res.json() as { turnStatus: string; hash: string; unitsWithOrders: number; units: { id: string }[]; events: unknown[]; report: { nationId: string; text: string } };
    expect(p.turnStatus).toBe('open');
    expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(p.unitsWithOrders).toBeGreaterThan(0);
    expect(p.units.map((u) => u.id)).toContain('aragorn');
    expect(p.report.nationId).toBe('north');
    expect(p.report.text).toContain('aragorn');
    // Deterministic, and nothing was stored.
    expect(((await get(url, gm)).json() as { hash: string }).hash).toBe(p.hash);
    const turn = await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
    expect([turn.status, turn.resultHash, await h.t.db.prisma.nationReport.count({ where: { gameId: game.gameId } })]).toEqual(['open', null, 0]);

    expectProblem(await get(url, bearer(game.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get(`${url}?nation=west`, gm), 404, 'nation-not-found');
    expectProblem(await get(`${url}?nation=North!`, gm), 400, 'invalid-request');
    expectProblem(await get(`/v1/games/${game.gameId}/turns/7/preview`, gm), 404, 'turn-not-found');
  });
});

describe('running a turn and reading reports', () => {
  it('the GM runs the turn; each nation reads only its own report, by Accept', async () => {
    const [game, other] = [await newGame(h.app), await newGame(h.app, { name: 'Other game' })];
    await submitTurnOneOrders(game);
    expect((await setDelivery(game, 'south', bearer(game.secret('south')), 'text')).statusCode).toBe(200);
    expect((await setDelivery(game, 'east', gm, 'none')).statusCode).toBe(200);
    const previewHash = ((await get(`/v1/games/${game.gameId}/turns/1/preview`, gm)).json() as { hash: string }).hash;
    expectProblem(await post(`/v1/games/${game.gameId}/turns/1/run`, bearer(game.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await post(`/v1/games/${game.gameId}/turns/2/run`, gm), 409, 'conflict');
    const res = await runTurnOne(game);
    expect(res.json()).toMatchObject({ gameId: game.gameId, turn: 1, status: 'dispatched' });
    const turn = await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
    expect(turn.status).toBe('done');
    // The GM's preview (before the run, with the same standing orders) showed exactly this result.
    expect(previewHash).toMatch(/^[0-9a-f]{64}$/);
    expect(turn.resultHash).toBe(previewHash);
    // Report mails as each player chose (set above): north everything, south plain text without the
    // map, east none (kept as withheld, for "resend-report").
    const mails = await h.t.db.prisma.outboxMail.findMany({ where: { gameId: game.gameId, kind: 'report' }, orderBy: { nationId: 'asc' } });
    expect(mails.map((m) => [m.nationId, m.status, m.html === null, (m.attachments as unknown[]).length])).toEqual([
      ['east', 'withheld', false, 1],
      ['north', 'pending', false, 1],
      ['south', 'pending', true, 0],
    ]);
    expectProblem(await get(`/v1/games/${game.gameId}/turns/1/preview`, gm), 409, 'conflict');

    const north = await get(`/v1/games/${game.gameId}/turns/1/report`, bearer(game.secret('north')));
    expect(north.statusCode).toBe(200);
    const view = (north.json() as { nationId: string; view: { nation: string; units: { id: string }[] } }).view;
    expect(view.nation).toBe('north');
    expect(view.units.map((u) => u.id).sort()).toEqual(['aragorn', 'frodo', 'gandalf', 'swan']);

    const text = await h.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/turns/1/report`, headers: { ...bearer(game.secret('south')), accept: 'text/plain' } });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    const southRow = await h.t.db.prisma.nationReport.findUniqueOrThrow({ where: { gameId_turnNumber_nationId: { gameId: game.gameId, turnNumber: 1, nationId: 'south' } } });
    expect(text.body).toBe(southRow.text);
    const html = await h.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/turns/1/report`, headers: { ...bearer(game.secret('south')), accept: 'text/html,application/xhtml+xml;q=0.9' } });
    expect(html.body).toBe(southRow.html);
    const northRow = await h.t.db.prisma.nationReport.findUniqueOrThrow({ where: { gameId_turnNumber_nationId: { gameId: game.gameId, turnNumber: 1, nationId: 'north' } } });
    expect(html.body).not.toBe(northRow.html);
    expectProblem(await h.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/turns/1/report`, headers: { ...bearer(game.secret('south')), accept: 'application/pdf' } }), 406, 'not-acceptable');
    expectProblem(await get(`/v1/games/${game.gameId}/turns/1/report`, bearer(other.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get(`/v1/games/${game.gameId}/turns/2/report`, bearer(game.secret('north'))), 404, 'report-not-found');

    // Orders now go to turn 2; turn 1 is closed.
    const r = (await post(`/v1/games/${game.gameId}/orders`, bearer(game.secret('north')), 'aragorn, 840, ne', 'text/plain')).json() as { turn: number };
    expect(r.turn).toBe(2);
  }, 60_000);
});

describe('GM controls', () => {
  it('pause, resume, deadline, email and secret', async () => {
    const other = await newGame(h.app, { name: 'Other game' });
    const id = other.gameId;
    expect((await post(`/v1/games/${id}/pause`, gm)).json()).toMatchObject({ status: 'paused' });
    expectProblem(await post(`/v1/games/${id}/pause`, gm), 409, 'conflict');
    expect((await post(`/v1/games/${id}/resume`, gm)).json()).toMatchObject({ status: 'active' });
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const moved = await h.app.inject({ method: 'PUT', url: `/v1/games/${id}/turns/1/deadline`, headers: gm, payload: { deadline } });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as { deadline: string }).deadline).toBe(deadline);
    expectProblem(await h.app.inject({ method: 'PUT', url: `/v1/games/${id}/turns/1/deadline`, headers: gm, payload: { deadline: 'tomorrow' } }), 400, 'invalid-request');
    const mail = await h.app.inject({ method: 'PUT', url: `/v1/games/${id}/nations/north/email`, headers: gm, payload: { email: 'king@north.example' } });
    expect(mail.json()).toEqual({ nationId: 'north', email: 'king@north.example' });
    expectProblem(await h.app.inject({ method: 'PUT', url: `/v1/games/${id}/nations/north/email`, headers: gm, payload: { email: 'nope' } }), 400, 'invalid-input');
    const rotated = (await post(`/v1/games/${id}/nations/east/secret`, gm)).json() as { secret: string };
    expectProblem(await get(`/v1/games/${id}`, bearer(other.secret('east'))), 401, 'invalid-credentials');
    expect((await get(`/v1/games/${id}`, bearer(rotated.secret))).statusCode).toBe(200);
  });
});

describe("GM: the game's inbound mail", () => {
  it('lists what arrived, newest first in pages, and gives each message exactly as it arrived; only to the GM', async () => {
    const [game, other] = [await newGame(h.app), await newGame(h.app, { name: 'Other game' })];
    const id = other.gameId;
    const at = new Date('2026-11-20T10:00:00.000Z');
    const raw = Buffer.from('From: north@example.org\r\nSubject: orders\r\nMessage-ID: <b@example.org>\r\n\r\naragorn, 850, no, e\r\n\u00e9\r\n', 'latin1');
    await h.t.db.pool.query(
      `INSERT INTO "InboundMail" ("messageId", "receivedAt", "fromAddress", "envelopeFrom", "gameId", status, reason, raw) VALUES
         ('<a@example.org>', $2, 'north@example.org', 'north@example.org', $1, 'processed', NULL, $3),
         ('<b@example.org>', $2, 'north@example.org', NULL, $1, 'refused', 'the sender is not the registered address', $3),
         ('<c@example.org>', $2::timestamptz - interval '1 day', 'x@example.org', NULL, $1, 'ignored', 'auto-submitted', NULL),
         ('<d@example.org>', $2, 'south@example.org', NULL, $4, 'processed', NULL, $3)`,
      [id, at, raw, game.gameId],
    );
    const first = await get(`/v1/games/${id}/mail?limit=2`, gm);
    expect(first.statusCode).toBe(200);
    const p1 = first.json() as { mail: { messageId: string; status: string; reason: string | null; size: number | null }[]; nextBefore: string | null };
    expect(p1.mail.map((m) => m.messageId)).toEqual(['<b@example.org>', '<a@example.org>']);
    expect(p1.mail[0]).toMatchObject({ status: 'refused', reason: 'the sender is not the registered address', size: raw.length });
    expect(p1.nextBefore).not.toBeNull();
    const p2 = (await get(`/v1/games/${id}/mail?limit=2&before=${encodeURIComponent(p1.nextBefore as string)}`, gm)).json() as typeof p1;
    expect(p2.mail.map((m) => [m.messageId, m.size])).toEqual([['<c@example.org>', null]]);
    expect(p2.nextBefore).toBeNull();

    const one = await get(`/v1/games/${id}/mail/${encodeURIComponent('<b@example.org>')}/raw`, gm);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('message/rfc822');
    expect(one.rawPayload.equals(raw)).toBe(true);

    expectProblem(await get(`/v1/games/${id}/mail/${encodeURIComponent('<c@example.org>')}/raw`, gm), 404, 'mail-not-found');
    expectProblem(await get(`/v1/games/${id}/mail/${encodeURIComponent('<d@example.org>')}/raw`, gm), 404, 'mail-not-found'); // another game's
    expectProblem(await get(`/v1/games/${id}/mail`, bearer(other.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get(`/v1/games/${id}/mail?before=yesterday`, gm), 400, 'invalid-request');
    expectProblem(await get(`/v1/games/${id}/mail?before=${'x'.repeat(30)}`, gm), 400, 'invalid-input');
    expectProblem(await get(`/v1/games/${id}/mail?limit=0`, gm), 400, 'invalid-request');
    expectProblem(await get('/v1/games/nosuchgame/mail', gm), 404, 'game-not-found');
  });
});

describe('GM: games, turns, audit log, finishing a game', () => {
  it('lists the games, each game\'s turns with their hashes, and the audit log in pages', async () => {
    const [game, other] = [await newGame(h.app), await newGame(h.app, { name: 'Other game' })];
    await submitTurnOneOrders(game);
    expect((await setDelivery(game, 'east', gm, 'none')).statusCode).toBe(200);
    await runTurnOne(game);
    expect((await post(`/v1/games/${game.gameId}/orders`, bearer(game.secret('north')), 'aragorn, 840, ne', 'text/plain')).statusCode).toBe(200);
    const list = await get('/v1/games', gm);
    expect(list.statusCode).toBe(200);
    const games = (list.json() as { games: { gameId: string; status: string; turn: number; nations: number; submitted: number }[] }).games;
    const submitted = (await h.t.db.prisma.submission.groupBy({ by: ['nationId'], where: { gameId: game.gameId, turnNumber: 2 } })).length;
    expect(games.find((g) => g.gameId === game.gameId)).toMatchObject({ status: 'active', turn: 2, nations: 3, submitted });
    expect(games.find((g) => g.gameId === other.gameId)).toMatchObject({ turn: 1, nations: 3 });
    expectProblem(await get('/v1/games', bearer(game.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get('/v1/games?status=lost', gm), 400, 'invalid-request');

    const turns = (await get(`/v1/games/${game.gameId}/turns`, bearer(game.secret('south')))).json() as { turns: { turn: number; status: string; resultHash: string | null }[] };
    expect(turns.turns.map((t) => [t.turn, t.status])).toEqual([[1, 'done'], [2, 'open']]);
    const stored = await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
    expect(turns.turns[0]?.resultHash).toBe(stored.resultHash);
    expectProblem(await get(`/v1/games/${game.gameId}/turns`, bearer(other.secret('north'))), 401, 'invalid-credentials');

    const first = (await get(`/v1/games/${game.gameId}/audit?limit=2`, gm)).json() as { entries: { id: string; action: string; actor: string }[]; nextBefore: string | null };
    expect(first.entries).toHaveLength(2);
    const all = [...first.entries];
    let before = first.nextBefore;
    while (before !== null) {
      const page = (await get(`/v1/games/${game.gameId}/audit?limit=2&before=${before}`, gm)).json() as typeof first;
      all.push(...page.entries);
      before = page.nextBefore;
    }
    const actions = all.map((e) => e.action);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(actions.at(-1)).toBe('game.create');
    expect(actions).toEqual(expect.arrayContaining(['nation.report-delivery', 'turn.run-now', 'turn.adjudicated']));
    expectProblem(await get(`/v1/games/${game.gameId}/audit?before=nope`, gm), 400, 'invalid-input');
    expectProblem(await get(`/v1/games/${game.gameId}/audit`, bearer(game.secret('north'))), 401, 'invalid-credentials');
  });

  it('a finished game takes no orders and cannot be resumed; everything stays readable', async () => {
    const [game, other] = [await newGame(h.app), await newGame(h.app, { name: 'Other game' })];
    const id = other.gameId;
    const done = await post(`/v1/games/${id}/finish`, gm);
    expect(done.json()).toEqual({ gameId: id, turn: 1, status: 'finished' });
    expectProblem(await post(`/v1/games/${id}/finish`, gm), 409, 'conflict');
    expectProblem(await post(`/v1/games/${id}/resume`, gm), 409, 'conflict');
    expectProblem(await post(`/v1/games/${id}/orders`, bearer(other.secret('north')), 'aragorn, 850, no, e', 'text/plain'), 409, 'game-finished');
    expect((await get(`/v1/games/${id}`, bearer(other.secret('north')))).json()).toMatchObject({ status: 'finished' });
    const finished = (await get('/v1/games?status=finished', gm)).json() as { games: { gameId: string; status: string }[] };
    expect(finished.games.map((g) => g.gameId)).toContain(id);
    expect(finished.games.map((g) => g.gameId)).not.toContain(game.gameId);
    expect(finished.games.every((g) => g.status === 'finished')).toBe(true);
    expectProblem(await post('/v1/games/nosuchgame/finish', gm), 404, 'game-not-found');
  });
});

describe('metrics', () => {
  it('gives Prometheus figures to the GM only: HTTP by route, submissions, turns held or overdue, mail waiting', async () => {
    // A submission, so that the orders route has a figure; and an overdue turn: a fresh game whose
    // deadline passed ten minutes ago (no other test of this file makes one).
    const game = await newGame(h.app);
    await submitTurnOneOrders(game);
    const late = await newGame(h.app, { name: 'Late' });
    await h.t.db.prisma.turn.update({ where: { gameId_number: { gameId: late.gameId, number: 1 } }, data: { deadline: new Date(Date.now() - 10 * 60_000) } });
    const res = await get('/metrics', gm);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    const value = (line: string) => Number(new RegExp(`^${line.replace(/[{}"\\]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(body)?.[1]);
    expect(value('arbiter_database_up')).toBe(1);
    expect(value('arbiter_turns_overdue')).toBe(1);
    expect(value('arbiter_submissions_total')).toBeGreaterThan(0);
    const failed = await h.t.db.prisma.outboxMail.count({ where: { status: 'failed' } });
    expect(value('arbiter_outbox_mails{status="failed"}')).toBe(failed);
    expect(body).toMatch(/^arbiter_http_request_duration_seconds_count\{method="POST",route="\/v1\/games\/:gameId\/orders",status="200"\} [1-9]/m);
    expect(body).toContain('process_cpu_user_seconds_total');
    expectProblem(await get('/metrics', bearer(game.secret('north'))), 401, 'invalid-credentials');
    expectProblem(await get('/metrics'), 401, 'missing-credentials');
  });
});
