// npm run bench:map -w @arbiter/web — orders by the map (docs/benchmarks.md, "Web client: orders by the
// map"; target p95 < 100 ms): from a click on a next space of the map to the checked order line shown
// (one request: the server writes the line into the editor's text and checks that text; the page shows
// both), in a
// real Chromium against the real server, on the demo game and on a 25-nation game on the imported 2950
// map (JOverseer's files, one army at each nation's first population centres). Measured in the page:
// from the click's pointer events to the check's answer on screen (a MutationObserver, no polling).
import { readFileSync } from 'node:fs';
import { performance as clock } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { exampleScenario } from '@arbiter/intake/testing';
import { DEFAULT_PREFERENCE, importJoverseer } from '@arbiter/ruleset-mepbm';
import { launchBrowser } from '../test/browser.ts';
import { createGame, type WebGame } from '../test/pages.ts';
import { startServer } from '../test/server.ts';

const CLICKS = Number(process.env.BENCH_RUNS ?? 60);

/** The 2950 map with one army on each nation's first two population centres (50 armies, 25 nations). */
function game2950(): Record<string, unknown> {
  const dir = new URL('../../../packages/ruleset-mepbm/test/fixtures/joverseer/', import.meta.url);
  const f = (ext: string) => ({ name: `2950.${ext}`, text: readFileSync(new URL(`2950.${ext}`, dir), 'utf8') });
  const { scenario } = importJoverseer({ terrain: f('terrain'), traffic: f('traffic'), pcs: f('pcs') }, { game: '2950', seed: 1, prefer: DEFAULT_PREFERENCE });
  const s = scenario as unknown as { nations: { id: string }[]; populationCentres: { hex: string; nation: string }[]; units: unknown[] };
  for (const n of s.nations) {
    s.populationCentres.filter((p) => p.nation === n.id).slice(0, 2).forEach((p, i) => {
      s.units.push({ id: `${n.id}-army-${i + 1}`, kind: 'army', nation: n.id, hex: p.hex, commander: { name: `Marshal ${i + 1}`, command: 50 }, troops: { heavyInfantry: 400, lightCavalry: 100 }, food: 2000, morale: 50 });
    });
  }
  return scenario as unknown as Record<string, unknown>;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/**
 * One click on the first offered next space; ms until the check of the new line is on the screen. The
 * in-page code is a string: tsx's transform would add helpers the page does not have to a function.
 */
const CLICK_NEXT = `new Promise((resolve, reject) => {
  const area = document.querySelector('#orders');
  const status = document.querySelector('#check-status');
  const target = document.querySelector('.map-pick[data-space]');
  if (target === null) return reject(new Error('no next space offered'));
  const before = area.value;
  let phase = 0;
  const t0 = performance.now();
  // The step's answer brings the new text and its check: one render shows the text (and the planned
  // path's panel), the next the check's lists. Done at the first change of the page after the text's.
  const observer = new MutationObserver(() => {
    if (phase === 1 && status.textContent !== 'Checking…') {
      observer.disconnect();
      resolve(performance.now() - t0);
    }
    if (phase === 0 && area.value !== before) phase = 1;
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  const r = target.getBoundingClientRect();
  const at = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, pointerId: 7, pointerType: 'mouse', isPrimary: true };
  target.dispatchEvent(new PointerEvent('pointerdown', at));
  target.dispatchEvent(new PointerEvent('pointerup', at));
  setTimeout(() => reject(new Error('no checked line after 10 s (phase ' + phase + ')')), 10000);
})`;

const clickNext = (page: Page): Promise<number> => page.evaluate(CLICK_NEXT) as Promise<number>;

async function measure(label: string, g: WebGame, player: string, unit: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(([gameId, s]) => localStorage.setItem('arbiter.player', JSON.stringify({ gameId, secret: s })), [g.gameId, g.secret(player)] as const);
  const page = await context.newPage();
  const t0 = clock.now();
  await page.goto(server.url);
  await page.locator('.map-stage svg').waitFor({ timeout: 60_000 });
  await page.locator(`.map-pick[data-unit="${unit}"]`).waitFor({ state: 'attached', timeout: 60_000 });
  const load = clock.now() - t0;
  const times: number[] = [];
  const restart = async () => {
    await page.locator('#orders').fill(''); // so that the new path's first line is a change of the text
    const stop = page.getByRole('button', { name: 'Stop planning' });
    if ((await stop.count()) > 0) await stop.click();
    await page.getByRole('button', { name: `Plan ${unit}'s path on the map` }).click();
    await page.locator('.map-pick[data-space]').first().waitFor({ state: 'attached', timeout: 30_000 });
  };
  for (let i = 0; i < CLICKS + 3; i++) {
    // A fresh path every few steps (a unit has MP for a few), or when no space is left to step to.
    if (i % 3 === 0 || (await page.locator('.map-pick[data-space]').count()) === 0) await restart();
    const ms = await clickNext(page).catch(async (e: unknown) => {
      throw new Error(`${label}, click ${i}: ${String(e)}; editor: ${await page.locator("#orders").inputValue()}; ${await page.locator(".planning").innerText().catch(() => "")}`);
    });
    if (i >= 3) times.push(ms); // the first clicks warm the server's and the page's code
    await page.locator('.map-pick[data-space]').first().waitFor({ state: 'attached', timeout: 5000 }).catch(() => undefined);
  }
  await context.close();
  return `| ${label} | ${CLICKS} | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${load.toFixed(0)} ms |`;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const demo = await createGame(server, exampleScenario(), 'Bench demo');
  const big = await createGame(server, game2950(), 'Bench 2950');
  const rows = [await measure('demo game (3 nations, 7 units)', demo, 'north', 'aragorn'), await measure('2950 map, 25 nations, 50 armies', big, big.players[0]!, `${big.players[0]}-army-1`)];
  console.log(`Orders by the map: a click on a next space until the checked line is shown (${CLICKS} clicks each, after 3 warm-up clicks):`);
  console.log('| game | clicks | median | p95 | max | page until the map and its picks are shown |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await browser.close();
  await server.close();
}
