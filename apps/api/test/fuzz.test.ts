// Fuzz: random requests against POST /v1/games/:gameId/orders never yield a 5xx, and the stored data
// stays consistent (every accepted request stored once; standing orders only for the owner's units,
// derived from the latest submission naming the unit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseOrders } from '@arbiter/ruleset-mepbm';
import type { Receipt } from '@arbiter/intake';
import { bearer, gm, harness, newGame, type Harness } from './helpers/setup.ts';

let h: Harness;
let game: Awaited<ReturnType<typeof newGame>>;
beforeAll(async () => {
  h = await harness({ bodyLimit: 8 * 1024 });
  game = await newGame(h.app);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const units = ['aragorn', 'frodo', 'gandalf', 'swan', 'grond', 'riders', 'bard', 'esgaroth', 'nobody', 'Aragorn ', 'fr odo', "witch-king's", 'ä'];
const steps = ['ne', 'e', 'se', 'sw', 'w', 'nw', 'h', 'n', 's', '', 'NE', '99'];
const token = fc.oneof(
  fc.constantFrom(...units),
  fc.constantFrom('810', '825', '830', '840', '850', '860', '870', '999', '-1', '8500', 'cancel', 'no', 'ev', 'NO', 'xx'),
  fc.constantFrom(...steps),
  fc.constantFrom('0303', '0405', '4439', '0000', '150120', '12345', '302', '308', '314'),
  fc.string({ maxLength: 6 }),
);
const validLine = fc.constantFrom(
  'aragorn, 850, no, e, e, e',
  'frodo, 810, 0405',
  'gandalf, 825, 302, 0505',
  'swan, 830, no, sw, se, e',
  'grond, 850, no, w, w, h',
  'riders, 860, ev, nw, w, w, w',
  'bard, 840, e',
  'esgaroth, 850, no, w, h',
  'aragorn, cancel',
  'bard, cancel',
);
const orderLine = fc.oneof(
  { weight: 3, arbitrary: validLine },
  { weight: 4, arbitrary: fc.array(token, { minLength: 1, maxLength: 18 }).map((t) => t.join(', ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constantFrom('# comment', '; comment', '', '   ', '\uFEFFaragorn, 840, ne', 'aragorn,840,ne,,', 'frodo, cancel') },
);
const orderText = fc.array(orderLine, { maxLength: 12 }).chain((lines) => fc.constantFrom('\n', '\r\n', '\r').map((nl) => lines.join(nl)));

const jsonBody = fc.oneof(
  orderText.map((orders) => JSON.stringify({ orders })),
  fc.array(orderLine, { maxLength: 8 }).map((orders) => JSON.stringify({ orders })),
  fc.tuple(orderText, fc.boolean()).map(([orders, final]) => JSON.stringify({ orders, final })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('{"orders": 1}', '{"orders": null}', '{"orders": "x", "extra": 1}', '{"orders": ["a", 2]}', '{', '', 'null', '[]', '{"final": true}'),
);

const request = fc.record({
  who: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('north', 'south', 'east') },
    { weight: 4, arbitrary: fc.constantFrom('gm', 'garbage', 'none', 'other-game') },
  ),
  kind: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('text', 'json') }, { weight: 1, arbitrary: fc.constant('other') }),
  text: orderText,
  json: jsonBody,
  otherType: fc.constantFrom('application/xml', 'text/html', 'application/octet-stream', 'multipart/form-data; boundary=x', 'text/plain; charset=latin1', 'application/json; charset=utf-8', 'nonsense'),
  accept: fc.constantFrom(undefined, 'text/plain', 'application/json', '*/*', 'text/html', 'image/png', 'text/plain;q=0.1, application/json;q=0.9', ''),
  big: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
});

describe('fuzz POST /v1/games/:gameId/orders', () => {
  it('never answers 5xx and keeps the stored data consistent', async () => {
    let ok = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.who === 'gm') Object.assign(headers, gm);
        else if (r.who === 'garbage') Object.assign(headers, bearer('not-a-secret'));
        else if (r.who === 'other-game') headers.authorization = 'Basic dXNlcjpwYXNz';
        else if (r.who !== 'none') Object.assign(headers, bearer(game.secret(r.who)));
        if (r.accept !== undefined) headers.accept = r.accept;
        let payload: string;
        if (r.kind === 'text') {
          headers['content-type'] = 'text/plain';
          payload = r.big ? r.text + 'x'.repeat(9000) : r.text;
        } else if (r.kind === 'json') {
          headers['content-type'] = 'application/json';
          payload = r.json;
        } else {
          headers['content-type'] = r.otherType;
          payload = r.text;
        }
        const res = await h.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers, payload });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 200) ok++;
        else expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
      }),
      { numRuns: 150, seed: 20261130 },
    );

    // Every successful request stored exactly one submission; nothing else was stored.
    const submissions = await h.t.db.prisma.submission.findMany({ where: { gameId: game.gameId }, orderBy: [{ receivedAt: 'asc' }, { seq: 'asc' }] });
    expect(submissions).toHaveLength(ok);
    expect(ok).toBeGreaterThan(20);
    for (const s of submissions) expect((s.receipt as unknown as Receipt).submissionId).toBe(s.id);

    // Standing orders: only the owner's units, in canonical syntax, from the latest submission naming them.
    const turn = await h.t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
    const owner = new Map((turn.state as { units: { id: string; nation: string }[] }).units.map((u) => [u.id, u.nation]));
    const standing = await h.t.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId } });
    for (const row of standing) {
      expect(owner.get(row.unitId)).toBe(row.nationId);
      for (const line of row.orders as string[]) {
        const parsed = parseOrders(line);
        expect(parsed.errors).toEqual([]);
        expect(parsed.orders[0]?.unit).toBe(row.unitId);
      }
      const setters = submissions.filter(
        (s) => s.nationId === row.nationId && (s.receipt as unknown as Receipt).units.some((u) => u.unit === row.unitId && (u.outcome === 'replaced' || u.outcome === 'cancelled')),
      );
      expect(setters.at(-1)?.id).toBe(row.submissionId);
    }
  }, 120_000);
});
