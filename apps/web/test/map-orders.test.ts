// Orders by the map (issue #25) in a real Chromium for all five rulesets: pick a unit on the map, click
// the next space the server offers, and the line the ruleset writes is in the editor and checked like
// typed text; the same by keyboard alone and on a 390 px touch screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exampleScenario } from '@arbiter/intake/testing';
import { createGame, exampleDocument, newPage, serverAndBrowser, signInAsPlayer, WAIT } from './pages.ts';

const web = serverAndBrowser();

const CASES: [string, Record<string, unknown>, string, string, RegExp][] = [
  ['mepbm', exampleScenario(), 'north', 'aragorn', /^aragorn, 850, no, \w+$/],
  ['mage-knight', exampleDocument('mage-knight/first-reconnaissance.json'), 'anna', 'tovak', /^tovak, move \d+, \w+$/],
  ['guards-of-atlantis', exampleDocument('guards-of-atlantis/two-lanes.json'), 'ben', 'arien', /^arien, [\w-]+, \d+, move, \w+$/],
  ['descent', exampleDocument('descent/gate-of-bones.json'), 'anna', 'grisban', /^grisban, advance, \w+$/],
  ['expeditions', exampleDocument('expeditions/off-basecamp.json'), 'ann', 'red', /^red, move, \w+$/],
];

const editorOf = (page: Page) => page.getByLabel(/One order a line/);
const checked = (page: Page) => page.getByRole('list', { name: 'Orders as checked' });

describe('orders by the map', () => {
  it.each(CASES)('%s: a click on the unit and one on the next space write the checked order line', async (_id, scenario, player, unit, shape) => {
    const g = await createGame(web.server, scenario);
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret(player));
    await page.locator('.map-stage svg').waitFor(WAIT);
    // The unit's pick is clicked once it is laid out (waitFor's default state, visible): a forced click
    // does not wait, and the map's svg can be in the page a moment before its picks have a box (a run
    // with two test workers on two cores failed here with "Element is not visible").
    const pick = page.locator(`.map-pick[data-unit="${unit}"]`);
    await pick.waitFor(WAIT);
    await pick.click({ force: true });
    const next = page.locator('.map-pick[data-space]').first();
    await next.waitFor(WAIT);
    await next.click({ force: true });
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toMatch(shape);
    await expect.poll(() => checked(page).textContent(), WAIT).toMatch(/✓ line 1/);
    expect(await page.getByRole('list', { name: 'Mistakes' }).count()).toBe(0);
    await expect.poll(() => page.locator('#units-heading').locator('..').textContent(), WAIT).toContain('accepted in the editor');
    await page.context().close();
  });

  it('by keyboard alone: the unit list and the next-space buttons write the line; the template and the guide are there', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    const plan = page.getByRole('button', { name: "Plan aragorn's path on the map" });
    await plan.focus();
    await page.keyboard.press('Enter');
    const steps = page.getByRole('group', { name: 'Next space for aragorn' }).getByRole('button');
    await steps.first().waitFor(WAIT);
    expect(await steps.first().textContent()).toMatch(/^\d{4} \(\d+ MP\)$/); // mepbm says each step's cost
    await steps.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toMatch(/^aragorn, 850, no, \w+$/);
    await page.getByRole('group', { name: 'Next space for aragorn' }).getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toMatch(/^aragorn, 850, no, \w+, \w+$/); // the same line, one step longer
    await page.getByRole('button', { name: 'Undo the last step' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toMatch(/^aragorn, 850, no, \w+$/);
    await page.getByRole('button', { name: 'Put the order template in the editor' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toContain('frodo, 810,');
    const guide = await page.getByRole('link', { name: 'How to write orders' }).getAttribute('href');
    const res = await fetch(new URL(guide!, web.server.url));
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/850/);
    await page.context().close();
  });

  it('on a 390 px touch screen: taps on the map order a unit, and nothing is wider than the screen', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser, { width: 390, height: 844 }, true);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    await page.locator('.map-stage svg').waitFor(WAIT);
    await page.locator('.map-pick[data-unit="aragorn"]').tap({ force: true });
    await page.locator('.map-pick[data-space]').first().tap({ force: true });
    await expect.poll(() => editorOf(page).inputValue(), WAIT).toMatch(/^aragorn, 850, no, \w+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('asks before submitting lines with mistakes, and submits nothing when the player says no', async () => {
    const g = await createGame(web.server, exampleScenario());
    const page = await newPage(web.browser);
    await signInAsPlayer(page, web.server.url, g.gameId, g.secret('north'));
    await editorOf(page).fill('aragorn, 850, no, e, x, e');
    await page.getByRole('list', { name: 'Mistakes' }).waitFor(WAIT);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Submit orders' }).click();
    await expect.poll(() => asked.length, WAIT).toBe(1);
    expect(asked[0]).toMatch(/1 line has a mistake/);
    expect(await page.getByRole('region', { name: 'Receipt' }).count()).toBe(0);
    await page.context().close();
  });
});
