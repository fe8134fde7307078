// The web client on a game played as each move arrives (issue 24), in a real Chromium against the real
// server: the player page shows whose move it is and the move log; the GM desk shows the same and its
// controls, and skipping a seat from it passes that seat's move.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMove } from '@arbiter/turns';
import { seriousViolations } from './browser.ts';
import { serverAndBrowser, WAIT, gmHeaders as gm } from './pages.ts';
import { GM_TOKEN } from './server.ts';

const MAIL = { from: 'Arbiter <arbiter@example.org>', domain: 'example.org' };

const web = serverAndBrowser();

describe('moves in the web client', () => {
  it('the player sees that it is their move and the log; the GM desk shows the log and skips a seat', async () => {
    const scenario = JSON.parse(readFileSync(fileURLToPath(new URL('../../../examples/scenarios/expeditions/off-basecamp.json', import.meta.url)), 'utf8')) as unknown;
    const nations = ['ann', 'ben', 'cat'].map((id) => ({ nationId: id, email: `${id}@players.test`, name: id[0]!.toUpperCase() + id.slice(1) }));
    const res = await web.server.app.inject({
      method: 'POST',
      url: '/v1/games',
      headers: gm,
      payload: { name: 'Base camp', scenario, schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin', nations, sequentialMode: 'as-each-move-arrives' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
    const secret = (n: string) => g.nations.find((x) => x.nationId === n)!.secret;
    const ann = await web.server.app.inject({ method: 'POST', url: `/v1/games/${g.gameId}/orders`, headers: { authorization: `Bearer ${secret('ann')}`, 'content-type': 'text/plain' }, payload: 'red, move, 1' });
    expect(ann.statusCode, ann.body).toBe(200);
    // (This test server's dispatcher runs turns only: the move is adjudicated here, as the worker would.)
    expect(await runMove(web.server.t.db, { gameId: g.gameId, turn: 1, seq: 1, workerId: 'web-test' }, MAIL)).toMatchObject({ kind: 'done' });

    const player = await (await web.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage();
    player.setDefaultTimeout(WAIT.timeout);
    await player.goto(web.server.url);
    await player.getByLabel('Game id').fill(g.gameId);
    await player.getByLabel('Your secret').fill(secret('ben'));
    await player.getByRole('button', { name: 'Sign in' }).click();
    await player.getByRole('heading', { name: 'Moves of turn 1' }).waitFor(WAIT);
    await player.getByText('It is your move.').waitFor(WAIT);
    await player.getByText('Move 1: Ann moved').waitFor(WAIT);
    expect(await seriousViolations(player)).toEqual([]);

    const desk = await (await web.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage();
    desk.setDefaultTimeout(WAIT.timeout);
    await desk.goto(web.server.url);
    await desk.getByLabel('GM token').fill(GM_TOKEN);
    await desk.getByRole('button', { name: 'Open the GM desk' }).click();
    await desk.getByRole('heading', { name: 'Games' }).waitFor(WAIT);
    await desk.getByRole('link', { name: 'Base camp' }).click();
    await desk.getByRole('heading', { name: 'Moves of turn 1' }).waitFor(WAIT);
    await desk.getByText("It is Ben's move.").waitFor(WAIT);
    await desk.getByRole('button', { name: 'Take back move 1 (Ann)' }).waitFor(WAIT);
    await desk.getByRole('button', { name: 'Skip Ben' }).click();
    await desk.getByText("It is Cat's move.").waitFor(WAIT);
    await desk.getByText('Move 2: Ben skipped by the game master').waitFor(WAIT);
    expect(await seriousViolations(desk)).toEqual([]);
    const log = (await web.server.app.inject({ method: 'GET', url: `/v1/games/${g.gameId}/moves`, headers: gm })).json() as { moves: { player: string; kind: string }[] };
    expect(log.moves.map((m) => `${m.player} ${m.kind}`)).toEqual(['ann orders', 'ben skip']);
  }, 120_000);
});
