// Each ruleset's player page as a picture (docs/web.md shows them): a game of its example scenario, a
// unit picked on the map and one step planned, so the picks, the planned path and the checked line show.
// Into test-results/web/ on `npm test`, into docs/ with `npm run screenshots -w @arbiter/web`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleScenario } from '@arbiter/intake/testing';
import { createGame, exampleDocument, newPage, serverAndBrowser, signInAsPlayer, WAIT } from './pages.ts';

const SHOTS = process.env.ARBITER_SCREENSHOT_DIR ?? fileURLToPath(new URL('../../../test-results/web/', import.meta.url));
const web = serverAndBrowser();

const GAMES: [string, Record<string, unknown>, string, string][] = [
  ['mepbm', exampleScenario(), 'north', 'aragorn'],
  ['mage-knight', exampleDocument('mage-knight/first-reconnaissance.json'), 'anna', 'tovak'],
  ['guards-of-atlantis', exampleDocument('guards-of-atlantis/two-lanes.json'), 'ben', 'arien'],
  ['descent', exampleDocument('descent/gate-of-bones.json'), 'anna', 'grisban'],
  ['expeditions', exampleDocument('expeditions/off-basecamp.json'), 'ann', 'red'],
];

describe('screenshots of each ruleset\'s player page', () => {
  it.each(GAMES)('%s', async (id, scenario, player, unit) => {
    const g = await createGame(web.server, scenario, `A ${id} game`);
    const page = await newPage(web.browser, { width: 1280, height: 1000 });
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret(player));
    await page.locator('.map-stage svg').waitFor(WAIT);
    await page.getByRole('button', { name: `Plan ${unit}'s path on the map` }).click();
    await page.locator('.map-pick[data-space]').first().waitFor({ ...WAIT, state: 'attached' });
    await page.getByRole('group', { name: `Next space for ${unit}` }).getByRole('button').first().click();
    await expect.poll(() => page.getByRole('list', { name: 'Orders as checked' }).textContent(), WAIT).toMatch(/line 1/);
    await page.screenshot({ path: join(SHOTS, `web-player-${id}.png`) });
    await page.context().close();
  });
});
