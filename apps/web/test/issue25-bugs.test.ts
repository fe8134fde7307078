// The four bugs of issue #25, each in a real Chromium against the real server: signing in at the
// address the welcome mail gives (#/play), typing while a receipt is open, Mage Knight's planned path,
// and the map before the first report. Each test failed on the code before the fix.
import { describe, expect, it } from 'vitest';
import { exampleScenario } from '@arbiter/intake/testing';
import { createGame, drawnPath, exampleDocument, newPage, runTurnWith, serverAndBrowser, signInAsPlayer, WAIT } from './pages.ts';
import { GM_TOKEN } from './server.ts';

const web = serverAndBrowser();

describe('issue #25: the bugs', () => {
  it('a player signing in at #/play (the welcome mail\'s address) gets the game page, and a GM at #/gm the desk', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, `${web.server.url}/#/play`, g.gameId, g.secret('north')); // waits for the Orders heading
    expect(page.url()).toMatch(/#\/play$/);
    await page.context().close();

    const gm = await newPage(web.browser);
    await gm.goto(`${web.server.url}/#/gm`);
    await gm.getByLabel('GM token').fill(GM_TOKEN);
    await gm.getByRole('button', { name: 'Open the GM desk' }).click();
    await gm.getByRole('heading', { name: 'Games' }).waitFor(WAIT);
    await gm.context().close();
  });

  it('typing in the editor while a receipt is open keeps every keystroke (the receipt takes the focus once)', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    const editor = page.getByLabel(/One order a line/);
    await editor.fill('aragorn, 850, no, e, e, e');
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await page.getByRole('region', { name: 'Receipt' }).waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('receipt')), WAIT).toBe(true);
    // Each keystroke re-renders the page (the text is state); the receipt must not take the focus back.
    await editor.click();
    await page.keyboard.press('End');
    const more = '\nswan, 830, no, sw, se, e';
    await page.keyboard.type(more, { delay: 15 });
    await page.getByRole('list', { name: 'Orders as checked' }).waitFor(WAIT);
    expect(await editor.inputValue()).toBe(`aragorn, 850, no, e, e, e${more}`);
    await page.context().close();
  });

  it('Mage Knight draws the planned path on the map, as the other rulesets do', async () => {
    const doc = exampleDocument('mage-knight/first-reconnaissance.json');
    const g = await createGame(web.server, doc, 'The Long Road');
    const orders = (doc.orders as string[]).filter((l) => !l.startsWith('#'));
    await runTurnWith(web.server, g, 1, Object.fromEntries(g.players.map((p, i) => [p, orders[i]!])));
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('anna'));
    await page.getByRole('heading', { name: 'Report of turn 1' }).waitFor(WAIT);
    await page.locator('.map-stage svg').waitFor(WAIT);
    await page.getByLabel(/One order a line/).fill('tovak, move 2+2, e');
    await expect.poll(() => drawnPath(page, 'tovak'), WAIT).toHaveLength(2); // a2.w -> a2.c
    await page.context().close();
  });

  it('before the first report the player sees the starting position (the welcome mail\'s map) and the planned path on it', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    await page.getByRole('heading', { name: 'Starting position' }).waitFor(WAIT);
    await page.locator('.map-stage svg').waitFor(WAIT);
    expect(await page.locator('.map-stage svg title').first().textContent()).toContain('the starting position');
    await page.getByLabel(/One order a line/).fill('aragorn, 850, no, e, e, e');
    await expect.poll(() => drawnPath(page, 'aragorn'), WAIT).toHaveLength(4);
    await page.context().close();
  });
});
