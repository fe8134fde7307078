// A sixth ruleset is one package and one registry line (issue 28, "Done means"). Lantern Run
// (./sixth-ruleset/, a package outside the workspace that no other file names) is played end to end
// through the services, as players and the game master use them: the registry loads it because
// ARBITER_RULESETS names its module (the one registry line, set below before anything imports the
// registry); the game is created over REST with the GM token, its status speaks the ruleset's words,
// orders come by REST and by mail (an order file the ruleset recognises), receipts are in its words, the
// worker adjudicates the turn, each crew's report mail with its PNG map leaves the outbox, and
// `arbiter replay` gives the stored hash again. Real PostgreSQL, Redis and SMTP on loopback.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rulesetLabel } from '@arbiter/engine';
import { RULESET_IDS, rulesetFor } from '@arbiter/rulesets';
import { RenderPool, renderReports, type RenderInput } from '@arbiter/turns';
import { waitFor } from '../../worker/test/helpers.ts';
import { replay } from '../src/commands/replay.ts';
import { bearer, expectMapInReport, newGame, reportMails, startGameServices, submitOrders, type GameServices } from './game-services.ts';
import { arbiter, root } from './run-arbiter.ts';

// The one registry line: the module of the sixth ruleset, named before the registry is first imported
// (vi.hoisted runs before the imports above), so that this process and every thread it starts (the
// worker's render threads inherit the environment) load it with the built-in rulesets.
const saved = vi.hoisted(() => {
  const before = process.env.ARBITER_RULESETS;
  process.env.ARBITER_RULESETS = decodeURIComponent(new URL('./sixth-ruleset/src/ruleset.ts', import.meta.url).pathname);
  return before;
});

const GM_TOKEN = 'gm-token-for-lantern-run-0123456789abcdef0123';
const gm = bearer(GM_TOKEN);
const SCENARIO = new URL('./sixth-ruleset/scenarios/two-crews.json', import.meta.url);
const scenario = () => JSON.parse(readFileSync(SCENARIO, 'utf8')) as Record<string, unknown>;
const nations = [
  { nationId: 'anna', email: 'anna@crews.test', name: 'Anna' },
  { nationId: 'ben', email: 'ben@crews.test', name: 'Ben' },
];

let services: GameServices;

beforeAll(async () => {
  services = await startGameServices(GM_TOKEN);
}, 60_000);

afterAll(async () => {
  await services?.close();
  if (saved === undefined) delete process.env.ARBITER_RULESETS;
  else process.env.ARBITER_RULESETS = saved;
}, 60_000);

/** Ben's orders as an order file under a name and type the mail intake does not read by themselves. */
async function mailOrderFile(s: GameServices, gameId: string, secret: string, orders: string): Promise<void> {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: s.intake.port, secure: false, ignoreTLS: true });
  try {
    await mailer.sendMail({
      from: 'Ben <ben@crews.test>',
      to: 'orders@arbiter.test',
      subject: 'my run',
      messageId: '<lantern-ben-1@crews.test>',
      text: `game: ${gameId}\nsecret: ${secret}\nfinal: yes\n`,
      attachments: [{ filename: 'ben.run', contentType: 'application/octet-stream', content: Buffer.from(`# Lantern Run orders\n${orders}\n`) }],
    });
  } finally {
    mailer.close();
  }
}

describe('a sixth ruleset from one package and one registry line', () => {
  it('is in the registry beside the built-in five, by the id its module gives', () => {
    expect(RULESET_IDS).toContain('lantern-run');
    expect(RULESET_IDS).toEqual(expect.arrayContaining(['mepbm', 'mage-knight', 'guards-of-atlantis', 'descent', 'expeditions']));
    expect(rulesetFor('lantern-run').title).toBe('Lantern Run');
  });

  it('is named by no source file of the kernel, the registry, the services, the shells or the web client', () => {
    const naming: string[] = [];
    for (const group of ['packages', 'apps']) {
      for (const pkg of readdirSync(join(root, group))) {
        const src = join(root, group, pkg, 'src');
        let files: string[];
        try {
          files = readdirSync(src, { recursive: true, encoding: 'utf8' });
        } catch {
          continue; // a folder without sources
        }
        for (const f of files.filter((x) => /\.(ts|tsx|mjs|js|json)$/.test(x))) {
          if (/lantern.?run/i.test(readFileSync(join(src, f), 'utf8'))) naming.push(`${group}/${pkg}/src/${f}`);
        }
      }
    }
    expect(naming).toEqual([]);
  }, 30_000);

  it('creates a game over REST, takes orders by REST and by mail with receipts in its words, adjudicates in the worker, mails every report with its map, and replays to the stored hash', async () => {
    const { app, tdb } = services;
    const game = await newGame(services, { name: 'Night Race', scenario: scenario(), nations }, { runEarlyWhenAllFinal: true });
    expect((await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } })).ruleset).toBe('lantern-run');

    // The status speaks the ruleset's words, to the game master and to a crew.
    const label = { id: 'lantern-run', title: 'Lantern Run', words: { player: 'crew', players: 'crews', unit: 'runner', units: 'runners' } };
    expect(label).toEqual(rulesetLabel(rulesetFor('lantern-run')));
    for (const who of [gm, bearer(game.secret('anna'))]) {
      const status = await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}`, headers: who });
      expect(status.statusCode, status.body).toBe(200);
      expect((status.json() as { ruleset: unknown }).ruleset).toEqual(label);
    }

    // Each crew is welcomed in its words, with the ruleset's example line and its runners' template.
    const welcome = await waitFor('Anna\'s welcome mail', async () => services.sink.received.find((m) => m.envelopeTo.includes('anna@crews.test') && m.parsed.subject?.includes('Night Race: welcome') === true), 30_000);
    expect(welcome.parsed.text).toContain('Welcome to "Night Race", a game of Lantern Run run by Arbiter. You play the crew Anna (anna).');
    expect(welcome.parsed.text).toContain('One order a line, one runner per line, for example:\n  scout, move, e, se');
    expect(welcome.parsed.text).toContain('swift, hold   # on A5; or: swift, move, <direction>, ...');
    expect(welcome.parsed.text).toMatch(/The whole syntax is in https?:\/\/\S+\/v1\/rulesets\/lantern-run\/orders-guide \(the ruleset's own guide\)/);

    // A mistake is answered with its line and column, in the ruleset's words.
    const wrong = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(game.secret('anna')), 'content-type': 'text/plain' },
      payload: 'swift, jump, e',
    });
    expect(wrong.statusCode).toBe(422);
    expect((wrong.json() as { issues: unknown }).issues).toEqual([{ path: 'line 1, col 8', message: '"jump" is not an order; write move or hold' }]);
    // A cancel line for the other crew's runner is refused in its words.
    const foreign = await submitOrders(services, game.gameId, game.secret('anna'), 'otter, cancel');
    expect(foreign.statusCode).toBe(422);
    expect((foreign.json() as { issues: unknown }).issues).toEqual([
      { path: 'line 1', message: 'otter, cancel: you have no runner "otter"; a crew may only order its own runners' },
    ]);

    // Anna by REST, final: the receipt describes each run and previews its path, in runners.
    const anna = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(game.secret('anna')), 'content-type': 'application/json', accept: 'text/plain' },
      payload: { orders: 'scout, move, e, e\nswift, move, ne, e', final: true },
    });
    expect(anna.statusCode, anna.body).toBe(200);
    expect(anna.body).toContain('scout runs east, then east');
    expect(anna.body).toContain('if unopposed: from A1 to B1 to C1');
    expect(anna.body).toContain('A later submission replaces all orders of each runner it names; runners it does not name keep their orders.');
    expect(anna.body).toContain('To cancel a runner\'s orders send "<runner>, cancel".');

    // Ben by mail, final, his orders in an order file the ruleset recognises (the registry is asked):
    // the last crew final, so the turn goes to the worker now.
    await mailOrderFile(services, game.gameId, game.secret('ben'), 'otter, move, ne, ne');
    const turn = await waitFor('turn 1 done', async () => {
      const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 60_000);
    const mails = await reportMails(services, 'Night Race turn 1 report', 2, 'ben@crews.test');
    expect(mails.receipt.parsed.text).toContain('otter runs north-east, then north-east');
    expect(mails.receipt.parsed.text).toContain('To cancel a runner\'s orders send "<runner>, cancel".');
    const benOrders = await tdb.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId, nationId: 'ben' } });
    expect(benOrders.map((o) => o.unitId)).toEqual(['otter']);

    // Every crew's report mail with its PNG map; each sees its own part of the board.
    expect(mails.reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['anna@crews.test', 'ben@crews.test']);
    const report = (to: string) => mails.reports.find((m) => m.envelopeTo[0] === to)!;
    for (const to of ['anna@crews.test', 'ben@crews.test']) expectMapInReport(report(to), 1);
    const annaText = report('anna@crews.test').parsed.text!;
    const benText = report('ben@crews.test').parsed.text!;
    expect(annaText).toContain('Lantern Run - turn 1 report for Anna (crew anna)');
    expect(annaText).toContain('scout (yours) on C1');
    expect(benText).toContain('Lantern Run - turn 1 report for Ben (crew ben)');
    expect(benText).not.toContain('scout');
    expect(report('ben@crews.test').parsed.html).toContain('data-lantern="F3"');

    // The stored result: the recorded stumble draws, and a replay that gives its hash again.
    const result = turn.result as { rolls: { purpose: string; runner?: string }[]; units: { runner: string; to: string }[] };
    expect(result.rolls.map((r) => `${r.purpose} ${r.runner}`)).toEqual(['stumble scout', 'stumble swift', 'stumble otter']);
    expect(result.units.map((u) => u.runner)).toEqual(['scout', 'swift', 'otter']);
    // The turn the services ran is the scenario file's first turn (the same orders): `arbiter adjudicate`,
    // a process of its own that finds the ruleset through the same environment, gives the same hash.
    const cli = await arbiter('adjudicate', decodeURIComponent(SCENARIO.pathname), '--compact');
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as { hash: string }).hash).toBe(turn.resultHash);
    expect(turn.resultHash).toBe('26ce59f1e6df668128f7e5d2f60661d4674aab7272e43d36ced0ffd91761da3e');
    let out = '';
    let err = '';
    const code = await replay([game.gameId, '1'], { env: { DATABASE_URL: tdb.url }, io: { out: (s) => { out += s; }, err: (s) => { err += s; } } });
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toBe(`turn 1 of game ${game.gameId}: the replay matches the stored result (sha256 ${turn.resultHash})\n`);

    // The worker's render threads load the same registry: a thread renders these reports byte for byte
    // as this thread does.
    const rows = await tdb.db.prisma.nationReport.findMany({ where: { gameId: game.gameId, turnNumber: 1 }, orderBy: { nationId: 'asc' } });
    const input: RenderInput = {
      ruleset: 'lantern-run',
      gameId: game.gameId,
      gameName: 'Night Race',
      turn: 1,
      nextDeadline: null,
      timeZone: 'Europe/London',
      gmEmail: null,
      nations: nations.map((n) => ({ nationId: n.nationId, name: n.name, email: n.email, active: true })),
      views: Object.fromEntries(rows.map((r) => [r.nationId, r.view])),
      mail: { from: 'Arbiter <orders@arbiter.test>', domain: 'arbiter.test' },
    };
    const pool = new RenderPool(1);
    try {
      const threaded = await pool.render(input, ['anna', 'ben']);
      const here = renderReports(input);
      expect(threaded.reports.map((r) => [r.text, r.html, r.svg])).toEqual(here.map((r) => [r.text, r.html, r.svg]));
      expect(threaded.reports[0]!.text).toContain('Lantern Run - turn 1 report for Anna');
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('the web client\'s surface: opening maps of the scenario and of the game, orders by the map, the dry-run check with map points, the GM\'s board and preview', async () => {
    const { app } = services;
    const maps = await app.inject({ method: 'POST', url: '/v1/scenarios/maps', headers: gm, payload: { scenario: scenario() } });
    expect(maps.statusCode, maps.body).toBe(200);
    const drawn = maps.json() as { ruleset: unknown; nations: { nationId: string; svg: string }[] };
    expect(drawn.ruleset).toEqual(rulesetLabel(rulesetFor('lantern-run')));
    expect(drawn.nations.map((n) => n.nationId)).toEqual(['anna', 'ben']);
    expect(drawn.nations[1]!.svg).toContain('data-runner="otter"');
    expect(drawn.nations[1]!.svg).not.toContain('data-runner="scout"'); // out of Ben's sight

    const game = await newGame(services, { name: 'Map Race', scenario: scenario(), nations }, {});
    const anna = bearer(game.secret('anna'));
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      app.inject({ method, url: `/v1/games/${game.gameId}${path}`, headers: anna, ...(payload === undefined ? {} : { payload }) });
    const opening = await call('GET', '/opening-map');
    expect(opening.statusCode).toBe(200);
    expect(opening.body).toContain('<title>Anna: the starting position</title>');
    // Orders by the map: the crew's runners at their squares' points, and the line along a clicked path.
    expect((await call('GET', '/orders/map')).json()).toMatchObject({
      byMap: true,
      units: [{ unit: 'scout', space: 'A1', x: 36, y: 48 }, { unit: 'swift', space: 'A5', x: 36, y: 208 }],
    });
    expect((await call('POST', '/orders/map', { unit: 'scout', path: ['B1', 'C1'] })).json()).toMatchObject({ line: 'scout, move, e, e', problem: null, next: [] });
    const dry = (await call('POST', '/orders/check', { orders: 'scout, move, e, e' })).json() as { stored: boolean; orders: { words: string }[]; map: { paths: { points: { space: string; x: number; y: number }[] }[] } };
    expect(dry.stored).toBe(false);
    expect(dry.orders.map((o) => o.words)).toEqual(['scout runs east, then east']);
    expect(dry.map.paths[0]!.points).toEqual([{ space: 'B1', x: 76, y: 48 }, { space: 'C1', x: 116, y: 48 }]);
    // The game master's whole board (every runner) and the preview of the open turn.
    const board = await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/board-map`, headers: gm });
    expect(board.statusCode).toBe(200);
    for (const runner of ['scout', 'swift', 'otter']) expect(board.body).toContain(`data-runner="${runner}"`);
    const preview = await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/turns/1/preview?nation=anna`, headers: gm });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as { units: { runner: string; order: string }[]; report: { text: string } };
    expect(p.units.map((u) => `${u.runner} ${u.order}`)).toEqual(['scout none', 'swift none', 'otter none']);
    expect(p.report.text).toContain('Lantern Run - turn 1 report for Anna (crew anna)');
  }, 60_000);

  // A ruleset from outside the repository has no docs/orders-<id>.md: it carries its own guide
  // (`orders.guide`), which the server's orders-guide route serves and the welcome mail points at.
  it("serves the ruleset's own guide to its orders at the orders-guide route", async () => {
    const guide = await services.app.inject({ method: 'GET', url: '/v1/rulesets/lantern-run/orders-guide' });
    expect(guide.statusCode, guide.body).toBe(200);
    expect(guide.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(guide.body).toContain('# Lantern Run: writing your orders');
  }, 30_000);
});
