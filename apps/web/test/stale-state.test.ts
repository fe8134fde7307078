// Stale state and the player's games (issue #25): last turn's receipt goes when a new turn opens; the
// selected turn's button looks selected; a player signed in to several games picks among them.
import { describe, expect, it } from 'vitest';
import { exampleScenario } from '@arbiter/intake/testing';
import { createGame, newPage, runTurnWith, serverAndBrowser, signInAsPlayer, WAIT } from './pages.ts';

const web = serverAndBrowser();

describe('stale state', () => {
  it("a receipt of the last turn is gone once a new turn opens; the shown turn's button looks selected", async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    await page.getByLabel(/One order a line/).fill('aragorn, 850, no, e');
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await page.getByRole('region', { name: 'Receipt' }).waitFor(WAIT);

    await runTurnWith(web.server, g, 1, { south: 'grond, 850, no, w' });
    await runTurnWith(web.server, g, 2, { south: 'grond, 850, no, w' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Report of turn 2' }).waitFor(WAIT);
    await expect.poll(() => page.getByRole('region', { name: 'Receipt' }).count(), WAIT).toBe(0);

    const shown = page.getByRole('button', { name: 'Turn 2', exact: true });
    const other = page.getByRole('button', { name: 'Turn 1', exact: true });
    expect(await shown.getAttribute('aria-pressed')).toBe('true');
    const bg = (l: typeof shown) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await bg(shown)).not.toBe(await bg(other));
    await other.click();
    await page.getByRole('heading', { name: 'Report of turn 1' }).waitFor(WAIT);
    expect(await bg(other)).not.toBe(await bg(shown));
    await page.context().close();
  });

  it('a player signed in to two games picks among them; signing out of one leaves the other', async () => {
    const a = await createGame(web.server, exampleScenario(), 'First Age');
    const b = await createGame(web.server, exampleScenario(), 'Second Age');
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, a.gameId, a.secret('north'));
    await page.getByRole('heading', { name: 'First Age' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Sign in to another game' }).click();
    await page.getByLabel('Game id').fill(b.gameId);
    await page.getByLabel('Your secret').fill(b.secret('south'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Second Age' }).waitFor(WAIT);
    const games = page.getByLabel('Your games');
    expect(await games.locator('option').allTextContents()).toEqual(expect.arrayContaining(['First Age', 'Second Age']));
    await games.selectOption(a.gameId);
    await page.getByRole('heading', { name: 'First Age' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Second Age' }).waitFor(WAIT);
    await page.context().close();
  });
});
