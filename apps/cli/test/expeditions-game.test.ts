// An Expeditions game end to end through the services, as players and the game master use them: created
// over REST from an Expeditions scenario, orders by REST and by mail (SMTP intake), receipts in the
// ruleset's words (the legal destinations from where each mech stands), the round adjudicated by the
// worker (BullMQ on Redis) when every player is final, report mails with the PNG map from the outbox.
// Real PostgreSQL, Redis and SMTP on loopback (the shared harness of game-services.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../worker/test/helpers.ts';
import { bearer, expectMapInReport, newGame, reportMails, startGameServices, submitOrders, type GameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

let services: GameServices;

beforeAll(async () => {
  services = await startGameServices('gm-token-for-expeditions-0123456789abcdef0123');
}, 60_000);

afterAll(async () => {
  await services?.close();
}, 60_000);

const scenario = () => JSON.parse(readFileSync(join(root, 'examples/scenarios/expeditions/off-basecamp.json'), 'utf8')) as Record<string, unknown>;
const nations = [
  { nationId: 'ann', email: 'ann@players.test', name: 'Ann' },
  { nationId: 'ben', email: 'ben@players.test', name: 'Ben' },
  { nationId: 'cat', email: 'cat@players.test', name: 'Cat' },
];

describe('an Expeditions game through the services', () => {
  it('REST and mail orders with receipts in its words, the worker adjudicates, reports with the map are mailed', async () => {
    const { app, tdb, intake } = services;
    const game = await newGame(services, { name: 'Tunguska', scenario: scenario(), nations, timeZone: 'Europe/Berlin' }, { runEarlyWhenAllFinal: true });
    expect((await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } })).ruleset).toBe('expeditions');

    // Ann by REST: the receipt describes the move, its path and the legal destinations from Basecamp.
    const ann = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(game.secret('ann')), 'content-type': 'application/json', accept: 'text/plain' },
      payload: { orders: 'red, move, 7\nred, gather', final: true },
    });
    expect(ann.statusCode, ann.body).toBe(200);
    expect(ann.body).toContain('red moves to location 7');
    expect(ann.body).toContain('from basecamp to 7 through 1, 4 (3 of 3 locations)');
    expect(ann.body).toContain('legal destinations from basecamp: 1, 2, 3, 4, 5, 6, 7 (face down), 8 (face down), 9 (face down)');
    expect(ann.body).toContain('To cancel a mech\'s orders send "<mech>, cancel".');

    // A mistake is answered in the ruleset's words, naming the line and column.
    const wrong = await submitOrders(services, game.gameId, game.secret('cat'), 'green, move, basecamp');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('a mech may not move back to Basecamp');

    // Ben by mail.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
    await mailer.sendMail({
      from: 'Ben <ben@players.test>',
      to: 'orders@arbiter.test',
      subject: 'my turn',
      messageId: '<ex-ben-1@players.test>',
      text: `game: ${game.gameId}\nsecret: ${game.secret('ben')}\nfinal: yes\n\nblue, move, 5\nblue, play, Wolf Pack\nblue, gather\n`,
    });
    const benStanding = await waitFor('Ben\'s mailed orders stored', async () => {
      const rows = await tdb.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId, nationId: 'ben' } });
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect([...new Set(benStanding.map((s) => s.unitId))]).toEqual(['blue']);

    // Cat, final: the last player final, so the round is dispatched to the worker now.
    const cat = await submitOrders(services, game.gameId, game.secret('cat'), 'green, move, 9, via 3, 6', true);
    expect(cat.statusCode, cat.body).toBe(200);

    const turn = await waitFor('turn 1 done', async () => {
      const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 60_000);
    // The same round as the example file: the same hash as `arbiter adjudicate` gives for it.
    expect(turn.resultHash).toBe('5dc288e1b76f9bc0f55875471c777e653799769f47f6692bc1cb9c2b804b352d');
    const mails = await reportMails(services, 'Tunguska turn 1 report', 3, 'ben@players.test');
    expect(mails.receipt.parsed.text).toContain('blue, play, Wolf Pack');
    expect(mails.reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['ann@players.test', 'ben@players.test', 'cat@players.test']);
    const ben = mails.reports.find((m) => m.envelopeTo[0] === 'ben@players.test')!;
    expect(ben.parsed.text).toContain('Tunguska (game ');
    expect(ben.parsed.text).toContain('red moved from basecamp to 7 through 1, 4.');
    expect(ben.parsed.text).toContain('12 (central) face down');
    expectMapInReport(ben, 1);
    expect((await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 2 } } })).status).toBe('open');
  }, 120_000);
});
