// Rendering on worker threads gives exactly what the main thread gives, and a turn can use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { sealTurn } from '@arbiter/engine';
import { adjudicate, parseOrders } from '@arbiter/ruleset-mepbm';
import { RenderPool, renderReports, runTurn } from '../src/index.ts';
import type { RenderInput } from '../src/index.ts';
import { buildScenario, seedGame } from '../src/testing.ts';
import { config, minutesAgo } from './helpers.ts';

let tdb: TestDatabase;
const pool = new RenderPool(2);
beforeAll(async () => {
  [tdb] = await Promise.all([createTestDatabase(), pool.warm()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([tdb?.drop(), pool.close()]);
});

describe('RenderPool', () => {
  it('renders byte for byte what the main thread renders', async () => {
    const { state, orders } = buildScenario({ nations: 6, unitsPerNation: 5 });
    const result = sealTurn(adjudicate(state, parseOrders([...orders.values()].flatMap((m) => [...m.values()].flat()).join('\n')).orders));
    const input: RenderInput = {
      ruleset: 'mepbm', gameId: 'g1', gameName: 'Pool test', turn: 1, nextDeadline: new Date('2026-12-03T18:00:00Z'), timeZone: 'Europe/London',
      gmEmail: 'gm@arbiter.example',
      nations: [...orders.keys()].map((id, i) => ({ nationId: id, name: `Nation ${i + 1}`, email: `${id}@players.example`, active: i !== 2 })),
      views: result.views, mail: { from: 'Arbiter <arbiter@arbiter.example>', domain: 'arbiter.example' },
    };
    const local = renderReports(input);
    const [a, b] = await Promise.all([pool.render(input, ['n1', 'n2', 'n3']), pool.render(input, ['n4', 'n5', 'n6'])]);
    expect([...a.reports, ...b.reports]).toEqual(local);
    expect(local[2]!.mail).toBeNull();
  });

  it("renders from the views as the seal wrote them (each view's JSON text) byte for byte what the main thread renders", async () => {
    const { state, orders } = buildScenario({ nations: 4, unitsPerNation: 6 });
    const viewJson: Record<string, string> = {};
    const outcome = adjudicate(state, parseOrders([...orders.values()].flatMap((m) => [...m.values()].flat()).join('\n')).orders);
    const result = sealTurn(outcome, { viewJson: true, onView: (p, _v, json) => (viewJson[p] = json!) });
    expect(Object.keys(viewJson).sort()).toEqual(Object.keys(result.views).sort());
    const input: RenderInput = {
      ruleset: 'mepbm', gameId: 'g1', gameName: 'Pool test', turn: 1, nextDeadline: new Date('2026-12-03T18:00:00Z'), timeZone: 'Europe/London',
      gmEmail: null,
      nations: [...orders.keys()].map((id, i) => ({ nationId: id, name: `Nation ${i + 1}`, email: `${id}@players.example`, active: true })),
      views: result.views, mail: { from: 'Arbiter <arbiter@arbiter.example>', domain: 'arbiter.example' },
    };
    const local = renderReports(input);
    const threaded = await pool.render({ ...input, viewJson }, ['n1', 'n2', 'n3', 'n4']);
    expect(threaded.reports).toEqual(local);
    // The view handed back is the caller's own, not a copy.
    expect(threaded.reports[0]!.view).toBe(result.views['n1']);
  });

  it('renders for writing the UTF-8 bytes of what it renders as strings', async () => {
    const { state, orders } = buildScenario({ nations: 3, unitsPerNation: 4 });
    const result = sealTurn(adjudicate(state, []));
    const input: RenderInput = {
      ruleset: 'mepbm', gameId: 'g1', gameName: 'Pool test \u00b7 bytes', turn: 1, nextDeadline: new Date('2026-12-03T18:00:00Z'), timeZone: 'Europe/London',
      gmEmail: 'gm@arbiter.example',
      nations: [...orders.keys()].map((id, i) => ({ nationId: id, name: `Nation ${i + 1}`, email: `${id}@players.example`, active: true })),
      views: result.views, mail: { from: 'Arbiter <arbiter@arbiter.example>', domain: 'arbiter.example' },
    };
    const [asText, asBytes] = await Promise.all([pool.render(input, ['n1', 'n2', 'n3']), pool.renderEncoded(input, ['n1', 'n2', 'n3'])]);
    expect(asBytes.reports.map((r) => ({ ...r, text: Buffer.from(r.text).toString('utf8'), html: Buffer.from(r.html).toString('utf8'), svg: Buffer.from(r.svg).toString('utf8') }))).toEqual(asText.reports);
    expect(asBytes.reports[0]!.html.byteLength).toBe(Buffer.byteLength(asText.reports[0]!.html));
  });

  it('a turn rendered by the pool stores the same rows, byte for byte, as one rendered on the main thread', async () => {
    const other = await createTestDatabase();
    try {
      const seed = { gameId: 'gsame', nations: 6, unitsPerNation: 5, deadline: minutesAgo(1) };
      await Promise.all([seedGame(tdb.db, seed), seedGame(other.db, seed)]);
      const pooled = await runTurn(tdb.db, { gameId: 'gsame', turn: 1, workerId: 'pool' }, config({ renderPool: pool }));
      const alone = await runTurn(other.db, { gameId: 'gsame', turn: 1, workerId: 'main' }, config());
      expect(pooled).toMatchObject({ kind: 'done', reports: 6, mails: 6 });
      expect(alone).toMatchObject({ kind: 'done', hash: pooled.kind === 'done' ? pooled.hash : '' });
      const stored = (db: TestDatabase['db']) =>
        db.prisma.nationReport.findMany({ where: { gameId: 'gsame' }, orderBy: { nationId: 'asc' }, select: { nationId: true, view: true, text: true, html: true, svg: true } });
      const [a, b] = await Promise.all([stored(tdb.db), stored(other.db)]);
      expect(a).toHaveLength(6);
      expect(a).toEqual(b);
    } finally {
      await other.drop();
    }
  }, 60_000);

  it('reports a failure inside a thread as an error of that chunk', async () => {
    const { state } = buildScenario({ nations: 1, unitsPerNation: 1 });
    const result = sealTurn(adjudicate(state, []));
    const input: RenderInput = {
      ruleset: 'mepbm', gameId: 'g1', gameName: 'G', turn: 1, nextDeadline: new Date(), timeZone: 'Not/AZone', gmEmail: null,
      nations: [{ nationId: 'n1', name: 'N', email: 'n1@players.example', active: true }], views: result.views,
      mail: { from: 'Arbiter <arbiter@arbiter.example>', domain: 'arbiter.example' },
    };
    await expect(pool.render(input, ['n1'])).rejects.toThrow(/^render thread: report context: unknown time zone "Not\/AZone"/);
  });

  it('runs a whole turn with the pool', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 5, unitsPerNation: 4, deadline: minutesAgo(1) });
    const done = await runTurn(tdb.db, { gameId, turn: 1, workerId: 'pool' }, config({ renderPool: pool }));
    expect(done).toMatchObject({ kind: 'done', reports: 5, mails: 5 });
    if (done.kind === 'done') expect(done.timings!.renderThreads).toBeGreaterThan(0);
    expect(await tdb.db.prisma.nationReport.count({ where: { gameId } })).toBe(5);
  });
});
