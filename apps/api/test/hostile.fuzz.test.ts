// Fuzz of the REST routes against hostile requests (issue 13), through fastify's inject: any path,
// method, credential and body gives a 4xx problem or a success, never a 5xx (NUL bytes, line breaks,
// odd escapes, wrong types included); and the order route takes time linear in the body's size: each
// pathological body is answered within a small multiple of the time of ordinary orders of the same size,
// measured in the same test (test/linear-time.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareTimes, ofLength } from '../../../test/linear-time.ts';
import { bearer, gm, harness, newGame, type Harness } from './helpers/setup.ts';

let h: Harness;
let game: Awaited<ReturnType<typeof newGame>>;
beforeAll(async () => {
  h = await harness({ bodyLimit: 256 * 1024 });
  game = await newGame(h.app);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const ROUTES: [string, string][] = [
  ['GET', '/v1/games/:gameId'],
  ['GET', '/v1/games/:gameId/turns'],
  ['GET', '/v1/games/:gameId/orders'],
  ['POST', '/v1/games/:gameId/orders'],
  ['GET', '/v1/games/:gameId/turns/:turn/report'],
  ['GET', '/v1/games/:gameId/turns/:turn/preview'],
  ['GET', '/v1/games/:gameId/mail'],
  ['GET', '/v1/games/:gameId/mail/:messageId/raw'],
  ['GET', '/v1/games/:gameId/audit'],
  ['PUT', '/v1/games/:gameId/turns/:turn/deadline'],
  ['PUT', '/v1/games/:gameId/nations/:nationId/email'],
  ['PUT', '/v1/games/:gameId/nations/:nationId/report-delivery'],
  ['POST', '/v1/games'],
];

/** Path segments a stranger or a player might send: the real ones, escapes, NUL, line breaks, long ones. */
const segment = (real: () => string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(real) },
    { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00b', '%0d%0a', '%E2%80%A8', '%', '%zz', '..', '%2F', '1e9', '-1', '0', '99999999999999999999', 'north', 'x'.repeat(300)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
  );

const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('a\u0000b', 'North\r\nBcc: x@y.z', '\u2028', '', ' ', 'player@example.org', '2026-12-31T18:00:00Z', 'text', 'none', 'full'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom('orders', 'final', 'email', 'deadline', 'delivery', 'name', 'nations', 'scenario', 'x\u0000'), value, { maxKeys: 4 }).map((o) => JSON.stringify(o)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('{', '[]', 'null', '{"orders":"aragorn, 840, n\\u0000e"}', '{"nations":[{"nationId":"n\\r\\n","email":"a@b.cd"}]}'),
);

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  gameId: segment(() => game.gameId),
  turn: segment(() => String(game.turn)),
  nationId: segment(() => 'north'),
  messageId: segment(() => encodeURIComponent('<m@example.org>')),
  query: fc.oneof(fc.constant(''), fc.constantFrom('?turn=1', '?turn=%00', '?secret=abc', '?x=1&y', '?turn=1e99', '?%00=1')),
  who: fc.constantFrom('gm', 'north', 'south', 'none', 'garbage', 'nul'),
  method: fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: fc.constantFrom('DELETE', 'PATCH', 'HEAD', 'OPTIONS') }),
  contentType: fc.constantFrom('application/json', 'text/plain', 'text/plain; charset=latin1', 'application/xml', 'multipart/form-data; boundary=x'),
  body,
});

describe('fuzz the REST routes', () => {
  it('never answers 5xx, whatever the path, credentials and body', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const [method, template] = r.route;
        const url =
          template.replace(':gameId', r.gameId).replace(':turn', r.turn).replace(':nationId', r.nationId).replace(':messageId', r.messageId) + r.query;
        const headers: Record<string, string> = { 'content-type': r.contentType };
        if (r.who === 'gm') Object.assign(headers, gm);
        else if (r.who === 'north' || r.who === 'south') Object.assign(headers, bearer(game.secret(r.who)));
        else if (r.who === 'garbage') Object.assign(headers, bearer('not-a-secret'));
        else if (r.who === 'nul') headers.authorization = 'Bearer a%00b';
        const m = (r.method ?? method) as 'GET';
        const res = await h.app.inject({ method: m, url, headers, ...(m === 'GET' || m === 'HEAD' ? {} : { payload: r.body }) });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${m} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 300, seed: 20261201 },
    );
    // The run reached the routes' own answers, not only the router's.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(10);
  }, 180_000);
});

describe('POST /v1/games/:gameId/orders in time linear in the body', () => {
  const SIZE = 19_200; // within the order text limit (ORDER_MAX_CHARS, 50,000), so that every body is read and checked
  // Ordinary orders of that size within the line limit: 240 lines of 80 characters (an order and a comment).
  const line = ofLength('aragorn, 850, no, nw, nw, h   # ' + 'plans for the next turn '.repeat(3), 79) + '\n';
  const harmlessText = line.repeat(SIZE / 80);
  const post = (text: string) =>
    h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { ...bearer(game.secret('north')), 'content-type': 'text/plain' }, payload: text });

  const shapes: Record<string, string> = {
    'a unit then only commas (the issue\'s request)': 'aragorn' + ','.repeat(SIZE - 7),
    'a unit then ", " repeated': ofLength('frodo' + ', '.repeat(SIZE), SIZE),
    'one line of spaces between two entries': 'aragorn,' + ' '.repeat(SIZE - 16) + '840, ne',
    'a unit name of 19,000 letters': 'a'.repeat(SIZE - 9) + ', 840, ne',
    '240 lines of commas': ofLength(',,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n', SIZE),
  };
  for (const [name, text] of Object.entries(shapes)) {
    it(`answers ${name} within a small multiple of ordinary orders`, async () => {
      expect(text.length).toBeGreaterThanOrEqual(SIZE - 10);
      expect((await post(text)).statusCode).toBeLessThan(500);
      const r = await compareTimes(() => post(harmlessText), () => post(text), { factor: 10, rounds: 5, slackMs: 20 });
      expect(r, `${name}: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms for ordinary orders`).toMatchObject({ within: true });
    }, 180_000);
  }
});
