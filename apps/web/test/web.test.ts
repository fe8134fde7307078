// Browser tests of the web client (issue #19) in a real Chromium against the real server (the API app
// with the built client, a fresh PostgreSQL database, the real turn runner). They take screenshots
// (into test-results/web/, or into docs/ with `npm run screenshots -w @arbiter/web`, so that `npm test`
// leaves the tree clean) and check the main pages with axe-core. Waits are on what the page shows, with
// generous timeouts (CI is a loaded 2-core machine); there is no fixed sleep.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exampleScenario, players } from '@arbiter/intake/testing';
import { seriousViolations } from './browser.ts';
import { GM_TOKEN } from './server.ts';
import { newPage as newPageIn, serverAndBrowser, signInAsPlayer as signInIn, WAIT } from './pages.ts';

const SHOTS = process.env.ARBITER_SCREENSHOT_DIR ?? fileURLToPath(new URL('../../../test-results/web/', import.meta.url));

const web = serverAndBrowser();

const newPage = (viewport?: { width: number; height: number }, hasTouch = false) => newPageIn(web.browser, viewport, hasTouch);
const signInAsPlayer = (page: Page, gameId: string, secret: string) => signInIn(page, web.server.url, gameId, secret);

/** A game made over the API whose turn 1 has run, so its players have a report and a map. */
async function gameWithOneReport(): Promise<{ gameId: string; secret: (n: string) => string }> {
  const gm = { authorization: `Bearer ${GM_TOKEN}` };
  const res = await web.server.app.inject({
    method: 'POST',
    url: '/v1/games',
    headers: gm,
    payload: { name: 'Third Age', scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin', nations: players, missingOrdersHoldShare: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const g = res.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
  const secret = (n: string) => g.nations.find((x) => x.nationId === n)!.secret;
  const south = await web.server.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders`, headers: { authorization: `Bearer ${secret('south')}` }, payload: { orders: 'grond, 850, no, w, w, h' } });
  expect(south.statusCode).toBe(200);
  expect((await web.server.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/turns/1/run`, headers: gm })).statusCode).toBe(202);
  await web.server.turnsDone();
  expect(web.server.errors).toEqual([]);
  return { gameId: g.gameId, secret };
}

describe('the web client', () => {
  it('a player signs in, types an order with a typo, sees the error at its column, fixes it, sees the path on the map, submits and sees the receipt', async () => {
    const g = await gameWithOneReport();
    const page = await newPage();
    await signInAsPlayer(page, g.gameId, g.secret('north'));
    await page.getByRole('heading', { name: 'Report of turn 1' }).waitFor(WAIT);
    await page.locator('.map-stage svg').waitFor(WAIT);
    // What the map says of a unit, on hover: the SVG element's own title.
    const marker = page.locator('.map-stage svg rect', { has: page.locator('title', { hasText: /aragorn/ }) }).first();
    await marker.hover();
    await expect.poll(() => page.locator('.map-detail').textContent(), WAIT).toMatch(/aragorn/);

    const editor = page.getByLabel(/One order a line/);
    await editor.fill('aragorn, 850, no, e, x, e');
    // "x" is the 22nd character of the line.
    const mistake = page.getByRole('list', { name: 'Mistakes' }).getByRole('listitem');
    await expect.poll(() => mistake.first().textContent(), WAIT).toMatch(/^line 1, column 22: "x" is not a direction/);

    await editor.fill('aragorn, 850, no, e, e, e');
    const path = page.locator('.map-stage svg g[data-overlay="paths"] g[data-unit="aragorn"] polyline.path-line');
    await path.waitFor({ ...WAIT, state: 'attached' }); // a straight east-west line has no height: never "visible" to Playwright
    expect((await path.getAttribute('points'))?.trim().split(/\s+/)).toHaveLength(4);
    await expect.poll(() => page.getByRole('list', { name: 'Orders as checked' }).textContent(), WAIT).toMatch(/it would end at 0603/);
    expect(await page.getByRole('list', { name: 'Mistakes' }).count()).toBe(0);
    // The check stored nothing.
    expect(await page.getByRole('heading', { name: 'Standing orders for turn 2' }).locator('..').textContent()).toContain('None yet.');

    await page.getByRole('button', { name: 'Submit orders' }).click();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.waitFor(WAIT);
    expect(await receipt.textContent()).toMatch(/1 accepted, 0 rejected, 0 unreadable.*Accepted:\s*aragorn moves/s);
    await page.getByRole('button', { name: "Cancel aragorn's orders" }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Submit orders' }).focus();

    await page.screenshot({ path: join(SHOTS, 'web-player.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The same page on a phone's screen: everything reachable, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, 'web-player-phone.png') });

    // Mark the standing orders final, choose text-only report mail, cancel the unit's orders.
    const nation = { authorization: `Bearer ${g.secret('north')}` };
    const statusOf = async () => (await web.server.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}`, headers: nation })).json();
    await page.getByRole('button', { name: 'Mark these orders final' }).click();
    await expect.poll(async () => (await statusOf()).nations.find((n: { nationId: string }) => n.nationId === 'north').final, WAIT).toBe(true);
    await page.getByText('Your orders are marked final.').waitFor(WAIT);
    await page.getByLabel('How your turn reports are mailed').selectOption('text');
    await expect.poll(async () => (await statusOf()).you.reportDelivery, WAIT).toBe('text');
    await page.getByRole('button', { name: "Cancel aragorn's orders" }).click();
    await page.getByText(/Cancelled:\s*aragorn/).waitFor(WAIT);
    await expect.poll(() => page.getByRole('heading', { name: 'Standing orders for turn 2' }).locator('..').textContent(), WAIT).toContain('None yet.');
    await page.context().close();
  });

  it('a GM creates a game from a scenario file and runs a turn; the player then sees the new report', async () => {
    const page = await newPage();
    await page.goto(web.server.url);
    await page.getByLabel('GM token').waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]); // the sign-in page
    await page.getByLabel('GM token').fill(GM_TOKEN);
    await page.getByRole('button', { name: 'Open the GM desk' }).click();
    await page.getByRole('heading', { name: 'Games' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'New game' }).click();

    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-web-')), 'fords-of-the-north.json');
    writeFileSync(file, JSON.stringify(exampleScenario()));
    await page.getByLabel(/Scenario file/).setInputFiles(file);
    // The opening map, drawn before the game exists.
    await page.locator('.map-stage svg').waitFor(WAIT);
    expect(await page.locator('.map-stage svg title').first().textContent()).toContain('the opening position');
    expect(await seriousViolations(page)).toEqual([]); // the new-game form with its map
    await page.getByLabel('Game name').fill('Fords of the North');
    for (const p of players) await page.getByLabel(/^(Kingdom of the North|Dark Lord of the South|Free Traders of the East)$/).nth(players.indexOf(p)).fill(p.email);
    await page.getByRole('button', { name: 'Create the game' }).click();

    const secrets = page.getByRole('region', { name: /the nations' secrets/ });
    await secrets.waitFor(WAIT);
    const northSecret = (await secrets.getByRole('row', { name: /Kingdom of the North/ }).locator('code').textContent())!.trim();
    expect(northSecret.length).toBeGreaterThan(10);
    const gameId = (await secrets.locator('p code').first().textContent())!.trim();
    await page.getByRole('button', { name: 'Open the game' }).click();

    await page.getByRole('heading', { name: /Turn 1: open/ }).waitFor(WAIT);
    // The maps card loads its board map after the page: the screenshot waits for it, so it is never cut short.
    await page.getByRole('region', { name: 'Maps' }).locator('svg').first().waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, 'web-gm.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The reminders: 24 hours before the deadline by default; the GM makes it 6.
    const reminders = page.getByLabel(/Remind nations without orders/);
    expect(await reminders.inputValue()).toBe('24');
    await reminders.fill('6');
    await page.getByRole('button', { name: 'Set reminders' }).click();
    await page.getByText('Reminders: done.').waitFor(WAIT);
    const status = await page.request.get(`${web.server.url}/v1/games/${gameId}`, { headers: { authorization: `Bearer ${GM_TOKEN}` } });
    expect(((await status.json()) as { reminderHours: number }).reminderHours).toBe(6);

    // The GM previews the turn; the preview goes once the turn has run (issue #25: it used to stay).
    await page.getByRole('button', { name: 'Preview the turn' }).click();
    await page.getByRole('heading', { name: 'Preview (nothing stored)' }).waitFor(WAIT);
    // Per nation: what each of its units would do, on its map and in words.
    const previewBox = page.locator('.preview-box');
    await expect.poll(() => previewBox.locator('.map-stage svg title').first().textContent(), WAIT).toMatch(/Dark Lord of the South: turn 1 as it would run now \(preview\)|: turn 1 as it would run now \(preview\)/);
    await previewBox.getByLabel(/What each unit of this nation would do/).selectOption('north');
    await expect.poll(() => previewBox.locator('pre.preview-text').textContent(), WAIT).toMatch(/Kingdom of the North/);
    // No nation has sent orders: Run now warns that the turn may be held; the GM goes on, and "run now"
    // says the turn holds for the GM (issue 26); the GM releases it and it runs.
    const warned: string[] = [];
    page.once('dialog', (d) => {
      warned.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Run turn 1 now' }).click();
    await page.getByText(/^Run now: turn 1 will be held for you, not run: missing orders: \d+ of \d+ active nations sent no orders/).waitFor(WAIT);
    expect(warned[0]).toMatch(/^3 of 3 nations have sent no orders \(.*Kingdom of the North.*\)\. With orders missing the turn may be held/);
    expect(await page.getByRole('heading', { name: 'Preview (nothing stored)' }).count()).toBe(0);
    await web.server.turnsDone();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Release the held turn' }).click();
    await page.getByText('Release: done.').waitFor(WAIT);
    await web.server.turnsDone();
    expect(web.server.errors).toEqual([]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: /Turn 2: open/ }).waitFor(WAIT);
    const audit = await page.getByRole('region', { name: 'Audit log' }).textContent();
    expect(audit).toMatch(/Turn 1 was released\./); // the audit log in words
    expect(audit).toMatch(/Turn 1 was held for the game master: /);
    expect(audit).toMatch(/Turn 1 was adjudicated \(/);
    // The GM's maps: the whole board now (every unit), then a nation's report of turn 1 with its text.
    const maps = page.getByRole('region', { name: 'Maps' });
    await expect.poll(() => maps.locator('.map-stage svg title').first().textContent(), WAIT).toContain('the whole map');
    await maps.getByLabel('Show').selectOption('north');
    await expect.poll(() => maps.locator('.map-stage svg title').first().textContent(), WAIT).toMatch(/Kingdom of the North/);
    await maps.getByText("Kingdom of the North's report of turn 1 in words").waitFor(WAIT);
    await page.context().close();

    const player = await newPage({ width: 390, height: 844 }, true);
    await signInAsPlayer(player, gameId, northSecret);
    await player.getByRole('heading', { name: 'Report of turn 1' }).waitFor(WAIT);
    await player.locator('.map-stage svg').waitFor(WAIT);
    // On a touch screen a tap shows what the map says of a unit.
    await player.locator('.map-stage svg rect', { has: player.locator('title', { hasText: /aragorn/ }) }).first().tap();
    await expect.poll(() => player.locator('.map-detail').textContent(), WAIT).toMatch(/aragorn/);
    await player.getByText('The report of turn 1 in words').click();
    await expect.poll(() => player.locator('.report-text pre').textContent(), WAIT).toMatch(/Kingdom of the North/);
    await player.context().close();
  });

  it('serves the built client with cache headers: hashed assets immutable, index.html no-cache under a strict CSP', async () => {
    const index = await fetch(web.server.url);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await index.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(new URL(asset!, web.server.url));
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(new URL('/no-such-page', web.server.url));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
