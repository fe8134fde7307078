// npm run bench -w apps/web — the first page load over loopback with the built assets (docs/benchmarks.md,
// "Web client"; target < 1 s): the real server (API + built client, a fresh test database, a game with
// one adjudicated turn), a real Chromium, each load in a fresh browser context (empty cache, no service
// worker). Two pages: the sign-in page, and a signed-in player's page until its map and editor are shown
// (that is several API calls after the page itself: status, turns, standing orders, the map SVG, the text).
import { performance as clock } from 'node:perf_hooks';
import { exampleScenario, players } from '@arbiter/intake/testing';
import { launchBrowser } from '../test/browser.ts';
import { GM_TOKEN, startServer } from '../test/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

function stats(xs: number[]): { median: number; max: number; min: number } {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return { min: NaN, median: NaN, max: NaN };
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
}
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'not reported');

const server = await startServer();
const browser = await launchBrowser();
try {
  const gm = { authorization: `Bearer ${GM_TOKEN}` };
  const created = await server.app.inject({
    method: 'POST',
    url: '/v1/games',
    headers: gm,
    payload: { name: 'Bench', scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'UTC', nations: players, missingOrdersHoldShare: 1 },
  });
  const g = created.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
  const secret = g.nations.find((n) => n.nationId === 'north')!.secret;
  await server.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders`, headers: { authorization: `Bearer ${secret}` }, payload: { orders: 'aragorn, 850, no, e, e' } });
  await server.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/turns/1/run`, headers: gm });
  await server.turnsDone();

  type Samples = { wall: number[]; fcp: number[]; dcl: number[]; bytes: number[]; requests: number[] };
  const results: Record<string, Samples> = {};
  for (const page of ['sign-in', 'player'] as const) {
    const r: Samples = { wall: [], fcp: [], dcl: [], bytes: [], requests: [] };
    results[page] = r;
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (page === 'player') {
        await context.addInitScript(
          ([gameId, s]) => localStorage.setItem('arbiter.player', JSON.stringify({ gameId, secret: s })),
          [g.gameId, secret] as const,
        );
      }
      const tab = await context.newPage();
      const bodies: Promise<number>[] = [];
      tab.on('response', (res) => bodies.push(res.body().then((b) => b.length, () => 0)));
      const t0 = clock.now();
      await tab.goto(server.url, { waitUntil: 'commit' });
      if (page === 'sign-in') await tab.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
      else {
        await tab.locator('.map-stage svg').waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
          throw new Error(`${String(e)}\n${await tab.locator('body').innerText()}`);
        });
        await tab.getByRole('heading', { name: 'Orders', exact: true }).waitFor({ timeout: 30_000 });
      }
      const wall = clock.now() - t0;
      const timing = await tab.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        return { dcl: nav.domContentLoadedEventEnd, fcp };
      });
      const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
      await context.close();
      if (i === 0) continue; // the first load warms the server's and the browser's code, not a cache
      r.wall.push(wall);
      r.fcp.push(timing.fcp);
      r.dcl.push(timing.dcl);
      r.bytes.push(bytes);
      r.requests.push(bodies.length);
    }
  }
  console.log(`First page load over loopback, ${RUNS} loads each in a fresh context (cold cache); median (min-max):`);
  console.log('| page | until shown (wall) | first contentful paint | DOMContentLoaded | bytes received (bodies, uncompressed) | requests |');
  console.log('|---|---|---|---|---|---|');
  for (const [page, r] of Object.entries(results)) {
    const w = stats(r.wall);
    const f = stats(r.fcp);
    const d = stats(r.dcl);
    console.log(`| ${page} | ${ms(w.median)} (${ms(w.min)}-${ms(w.max)}) | ${ms(f.median)} | ${ms(d.median)} | ${(stats(r.bytes).median / 1024).toFixed(1)} KiB | ${stats(r.requests).median} |`);
  }
} finally {
  await browser.close();
  await server.close();
}
