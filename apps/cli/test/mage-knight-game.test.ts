// A Mage Knight game end to end through the services, as players and the game master use them: created
// over REST from a Mage Knight scenario, orders by REST and by mail (SMTP intake), receipts in the
// ruleset's words, the turn adjudicated by the worker (BullMQ on Redis) when every player is final,
// report mails with the PNG map delivered from the outbox. Real PostgreSQL, Redis and SMTP on loopback.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequentialModeProblem } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';
import { waitFor } from '../../worker/test/helpers.ts';
import { bearer, createGame as createAnyGame, expectMapInReport, reportMails, newGame as newAnyGame, startGameServices, submitOrders, type GameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

const GM_TOKEN = 'gm-token-for-mage-knight-0123456789abcdef0123';
const gm = { authorization: `Bearer ${GM_TOKEN}` };

let services: GameServices;
let tdb: GameServices['tdb'];
let sink: GameServices['sink'];
let intake: GameServices['intake'];
let app: GameServices['app'];

beforeAll(async () => {
  services = await startGameServices(GM_TOKEN);
  ({ tdb, sink, intake, app } = services);
}, 60_000);

afterAll(async () => {
  await services?.close();
}, 60_000);

const scenario = () => JSON.parse(readFileSync(join(root, 'examples/scenarios/mage-knight/first-reconnaissance.json'), 'utf8')) as Record<string, unknown>;
const nations = [
  { nationId: 'anna', email: 'anna@players.test', name: 'Anna' },
  { nationId: 'ben', email: 'ben@players.test', name: 'Ben' },
  { nationId: 'chloe', email: 'chloe@players.test', name: 'Chloe' },
];
const createGame = (name: string, settings: Record<string, unknown>) => createAnyGame(services, { name, scenario: scenario(), nations }, settings);
const newGame = (name: string, settings: Record<string, unknown>) => newAnyGame(services, { name, scenario: scenario(), nations }, settings);
const submit = (gameId: string, secret: string, orders: string, final = false) => submitOrders(services, gameId, secret, orders, final);

describe('a Mage Knight game through the services', () => {
  it('REST and mail orders with receipts in its words, the worker adjudicates, reports with the map are mailed', async () => {
    const game = await newGame('Reconnaissance', { runEarlyWhenAllFinal: true });
    const secret = game.secret;
    const rulesetRow = await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } });
    expect(rulesetRow.ruleset).toBe('mage-knight');

    // Anna by REST: the receipt describes the move and previews the path in Mage Knight's words.
    const anna = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(secret('anna')), 'content-type': 'application/json', accept: 'text/plain' },
      payload: { orders: 'tovak, move 2+2+1, ne, ne', final: true },
    });
    expect(anna.statusCode, anna.body).toBe(200);
    expect(anna.body).toContain('tovak, move 2+2+1, ne, ne');
    expect(anna.body).toContain('tovak plays 5 Move points (cards 2 + 2 + 1) and moves: north-east, north-east');
    expect(anna.body).toContain('if unopposed: from s.c, north-east to s.ne (forest, 3 MP, 2 left), north-east to a2.w (monastery, 2 MP, 0 left)');
    expect(anna.body).toContain('A later submission replaces all orders of each hero it names; heroes it does not name keep their orders.');
    expect(anna.body).toContain('To cancel a hero\'s orders send "<hero>, cancel".');
    // A cancel line for another player's hero is refused in the ruleset's words (and nothing is stored).
    const foreign = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(secret('chloe')), 'content-type': 'text/plain' },
      payload: 'tovak, cancel',
    });
    expect(foreign.statusCode).toBe(422);
    expect((foreign.json() as { issues: { message: string }[] }).issues).toEqual([
      { path: 'line 1', message: 'tovak, cancel: you have no hero "tovak"; a player may only order its own heroes' },
    ]);

    // A mistake is answered in the ruleset's words, naming the line and column.
    const wrong = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(secret('chloe')), 'content-type': 'text/plain' },
      payload: 'goldyx, move 2, north',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('is not a direction; use ne, e, se, sw, w or nw');

    // Ben by mail.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
    await mailer.sendMail({
      from: 'Ben <ben@players.test>',
      to: 'orders@arbiter.test',
      subject: 'my move',
      messageId: '<mk-ben-1@players.test>',
      text: `game: ${game.gameId}\nsecret: ${secret('ben')}\nfinal: yes\n\narythea, move 2+2+2+2, ne, e, e, play 2, explore\n`,
    });
    const benStanding = await tdb.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId, nationId: 'ben' } });
    expect(benStanding.map((s) => s.unitId)).toEqual(['arythea']);

    // Chloe rests, final: the last player final, so the turn is dispatched to the worker now.
    const chloe = await submit(game.gameId, secret('chloe'), 'goldyx, rest', true);
    expect(chloe.statusCode, chloe.body).toBe(200);

    await waitFor('turn 1 done', async () => (await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } })).status === 'done', 60_000);
    const mails = await reportMails(services, 'Reconnaissance turn 1 report', 3, 'ben@players.test');
    expect(mails.receipt.parsed.text).toContain('arythea, move 2+2+2+2, ne, e, e, play 2, explore');
    expect(mails.reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['anna@players.test', 'ben@players.test', 'chloe@players.test']);
    const ben = mails.reports.find((m) => m.envelopeTo[0] === 'ben@players.test')!;
    expect(ben.parsed.text).toContain('Reconnaissance (game ');
    expect(ben.parsed.text).toContain('Arythea explores from a2.se for 2 Move points: countryside tile 5 is revealed at position b2 (0 left).');
    expectMapInReport(ben, 1);
    const state = (await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 2 } } }));
    expect(state.status).toBe('open');
  }, 120_000);

  it('sequentialMode "at-deadline" (the default): the worker plays every move at the deadline in seat order, whoever sent orders first', async () => {
    const deadline = new Date(Date.now() + 8000);
    const game = await newGame('At the deadline', { firstDeadline: deadline.toISOString() });
    const row = await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } });
    expect(row.sequentialMode).toBe('at-deadline');
    // Chloe and Ben send orders before Anna, who sits first; nobody marks them final.
    expect((await submit(game.gameId, game.secret('chloe'), 'goldyx, rest')).statusCode).toBe(200);
    expect((await submit(game.gameId, game.secret('ben'), 'arythea, move 2+2+2+2, ne, e, e, play 2, explore')).statusCode).toBe(200);
    expect((await submit(game.gameId, game.secret('anna'), 'tovak, move 2+2+1, ne, ne')).statusCode).toBe(200);
    // The game master's preview, before the deadline: the result the run will store, and Ben's report as mailed.
    const preview = await app.inject({ method: 'GET', url: `/v1/games/${game.gameId}/turns/1/preview?nation=ben`, headers: gm });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as { hash: string; units: { hero: string }[]; report: { nationId: string; text: string } };
    expect(p.units.map((u) => u.hero)).toEqual(['tovak', 'arythea', 'goldyx']);
    expect(p.report.text).toContain('Arythea explores from a2.se for 2 Move points');
    const turn = await waitFor('turn 1 done at its deadline', async () => {
      const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 60_000);
    expect(turn.adjudicatedAt!.getTime()).toBeGreaterThanOrEqual(deadline.getTime());
    const result = turn.result as { units: { hero: string; player: string }[]; events: { type: string; hero?: string }[] };
    expect(result.units.map((u) => u.player)).toEqual(['anna', 'ben', 'chloe']);
    const firstEvents = result.events.filter((e) => e.hero !== undefined).map((e) => e.hero);
    expect([...new Set(firstEvents)]).toEqual(['tovak', 'arythea', 'goldyx']);
    // The same turn as the example: the same hash as `arbiter adjudicate` gives for its file.
    expect(turn.resultHash).toBe('931f275034d15f9b80b7042e957113382c8bc4705977a56f7fbc04cc32fb4278');
    expect(p.hash).toBe(turn.resultHash);
  }, 90_000);

  it('takes "as-each-move-arrives" for Mage Knight (sequential-game.test.ts plays it), refuses it where players choose at once, and refuses a mode that does not exist, naming the setting', async () => {
    const mk = await createGame('As they come', { sequentialMode: 'as-each-move-arrives' });
    expect(mk.statusCode, mk.body).toBe(201);
    expect(sequentialModeProblem(rulesetFor('guards-of-atlantis'), 'as-each-move-arrives')).toBe(
      '"as-each-move-arrives" needs moves made one after another; in Guards of Atlantis II every player chooses at once and the choices resolve in initiative order at the deadline (use "at-deadline")',
    );
    const bad = await createGame('Nonsense', { sequentialMode: 'whenever' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sequentialMode');
    expect(sequentialModeProblem(rulesetFor('mepbm'), 'as-each-move-arrives')).toBe(
      '"as-each-move-arrives" is for sequential games; in Middle-earth PBM every nation moves at once at the deadline (use "at-deadline")',
    );
    expect(sequentialModeProblem(rulesetFor('mage-knight'), 'at-deadline')).toBeNull();
  });
});
