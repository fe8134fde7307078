// What the browser tests share: a page in a fresh browser context, signing a player in, and games made
// over the API (any example scenario, with turn 1 run when a report is wanted).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { rulesetFor } from '@arbiter/rulesets';
import { launchBrowser } from './browser.ts';
import { GM_TOKEN, startServer, type WebServer } from './server.ts';

export const WAIT = { timeout: 30_000 };
export const gmHeaders = { authorization: `Bearer ${GM_TOKEN}` };

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }, hasTouch = false): Promise<Page> {
  // bypassCSP only so that the test can inject axe-core; the page itself runs under the server's CSP.
  const context = await browser.newContext({ viewport, hasTouch, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  return page;
}

/** Signs a player in from `at` (the page's address: `/`, or `/#/play` as the welcome mail gives it). */
export async function signInAsPlayer(page: Page, url: string, gameId: string, secret: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Game id').fill(gameId);
  await page.getByLabel('Your secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor(WAIT);
}

export interface WebGame {
  gameId: string;
  secret(player: string): string;
  players: string[];
}

/** An example scenario of examples/scenarios/ as a JSON document. */
export function exampleDocument(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../../examples/scenarios/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/** A game of `scenario` made over the API, one address per player. */
export async function createGame(server: WebServer, scenario: Record<string, unknown>, name = 'Web test'): Promise<WebGame> {
  const ruleset = rulesetFor(String(scenario.ruleset ?? 'mepbm'));
  const parsed = ruleset.scenario.parse(scenario);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const players = ruleset.scenario.players(ruleset.scenario.initialState(parsed.scenario)).map((p) => p.id);
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/games',
    headers: gmHeaders,
    payload: { name, scenario, schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin', nations: players.map((p) => ({ nationId: p, email: `${p}@players.test` })), missingOrdersHoldShare: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const g = res.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
  return { gameId: g.gameId, players, secret: (n: string) => g.nations.find((x) => x.nationId === n)!.secret };
}

/** Sends `orders` for each player (by id) over the API, then runs the turn and waits for it. */
export async function runTurnWith(server: WebServer, game: WebGame, turn: number, orders: Record<string, string>): Promise<void> {
  for (const [player, text] of Object.entries(orders)) {
    const res = await server.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders`, headers: { authorization: `Bearer ${game.secret(player)}` }, payload: { orders: text } });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await server.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/turns/${turn}/run`, headers: gmHeaders })).statusCode).toBe(202);
  await server.turnsDone();
  expect(server.errors).toEqual([]);
}

/** The planned path's points drawn on the map for `unit`, or null while none is drawn. */
export async function drawnPath(page: Page, unit: string): Promise<string[] | null> {
  const line = page.locator(`.map-stage svg g[data-overlay="paths"] g[data-unit="${unit}"] polyline.path-line`);
  if ((await line.count()) === 0) return null;
  return ((await line.getAttribute('points')) ?? '').trim().split(/\s+/);
}

/** The real server and a real Chromium for one test file: started before its tests, closed after them. */
export function serverAndBrowser(): { readonly server: WebServer; readonly browser: Browser } {
  const ctx = {} as { server: WebServer; browser: Browser };
  beforeAll(async () => {
    [ctx.server, ctx.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}
