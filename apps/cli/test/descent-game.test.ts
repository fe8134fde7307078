// A Descent game end to end through the services, as players and the game master use them: created over
// REST from a Descent scenario, hero orders by REST and by mail (SMTP intake), the overlord's by REST,
// receipts in the ruleset's words (the path and the MP left), the turn adjudicated by the worker (BullMQ on
// Redis) when every player is final, report mails with the PNG map of the revealed dungeon delivered from
// the outbox. Real PostgreSQL, Redis and SMTP on loopback.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../worker/test/helpers.ts';
import { bearer, expectPngMap, mailOrders, reportMails, startGameServices, submitOrders, submitText, type GameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

let services: GameServices;

beforeAll(async () => {
  services = await startGameServices('gm-token-for-descent-0123456789abcdef0123456');
}, 60_000);

afterAll(async () => {
  await services?.close();
}, 60_000);

const doc = () => JSON.parse(readFileSync(join(root, 'examples/scenarios/descent/gate-of-bones.json'), 'utf8')) as { orders: string[] };

describe('a Descent game through the services', () => {
  it('REST and mail orders with receipts in its words, the worker adjudicates, reports with the dungeon map are mailed', async () => {
    const { app, tdb } = services;
    const gm = bearer(services.gmToken);
    const created = await app.inject({
      method: 'POST',
      url: '/v1/games',
      headers: gm,
      payload: {
        name: 'Gate of Bones',
        scenario: doc(),
        schedule: { kind: 'every', days: 7, time: '18:00' },
        timeZone: 'Europe/London',
        nations: [
          { nationId: 'anna', email: 'anna@players.test', name: 'Anna' },
          { nationId: 'ben', email: 'ben@players.test', name: 'Ben' },
          { nationId: 'olga', email: 'olga@players.test', name: 'Olga' },
        ],
        runEarlyWhenAllFinal: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const game = created.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
    const secret = (id: string) => game.nations.find((n) => n.nationId === id)!.secret;
    expect((await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } })).ruleset).toBe('descent');
    const [grisban, jain, ...monsters] = doc().orders;

    // Anna by REST: the receipt describes the order and previews the path with the MP left.
    const anna = await app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(secret('anna')), 'content-type': 'application/json', accept: 'text/plain' },
      payload: { orders: grisban, final: true },
    });
    expect(anna.statusCode, anna.body).toBe(200);
    expect(anna.body).toContain('grisban (hero 1 of the turn) advances: east, east, picks up the token in its space');
    expect(anna.body).toContain('4 MP from A3, east to B3 (3 MP left), east to C3 (2 MP left)');
    expect(anna.body).toContain('reveals area crypt');

    // A mistake is answered in the ruleset's words, naming the line and column.
    const wrong = await submitText(services, game.gameId, secret('ben'), 'jain, run, north');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('is not a direction; use n, ne, e, se, s, sw, w or nw');

    // Ben by mail.
    await mailOrders(services, game.gameId, { name: 'Ben', email: 'ben@players.test', secret: secret('ben') }, jain!, '<ds-ben-1@players.test>');
    const benStanding = await tdb.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId, nationId: 'ben' } });
    expect(benStanding.map((s) => s.unitId)).toEqual(['jain']);

    // The overlord, final: the last player final, so the turn is dispatched to the worker now.
    const olga = await submitOrders(services, game.gameId, secret('olga'), monsters.join('\n'), true);
    expect(olga.statusCode, olga.body).toBe(200);

    const turn = await waitFor('turn 1 done', async () => {
      const t = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 60_000);
    // The same turn as the example: the same hash as `arbiter adjudicate` gives for its file.
    expect(turn.resultHash).toBe('d557411abc06dc86434823ffb4183ea48d7db0c6279439bbd7b5593b2b4d38c6');
    const mails = await reportMails(services, 'Gate of Bones turn 1 report', 3, 'ben@players.test');
    expect(mails.receipt.parsed.text).toContain(jain);
    expect(mails.reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['anna@players.test', 'ben@players.test', 'olga@players.test']);
    const ben = mails.reports.find((m) => m.envelopeTo[0] === 'ben@players.test')!;
    expect(ben.parsed.text).toContain('Gate of Bones (game ');
    expect(ben.parsed.text).toContain('jain opens chest chest-1 and finds gold-50 (2 MP, 1 left).');
    expect(ben.parsed.html).toContain('<svg');
    expectPngMap(ben.parsed.attachments, 1);
    expect((await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 2 } } })).status).toBe('open');
  }, 120_000);
});
