// A Guards of Atlantis game end to end through the services: created over REST from the
// tidemaster-crossing example, every player's card by REST or by mail (SMTP intake), receipts with the
// path and what would stop it, the turn adjudicated by the worker in initiative order once every player
// is final, report mails with the PNG map from the outbox. Real PostgreSQL, Redis and SMTP on loopback.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../worker/test/helpers.ts';
import { bearer, submitOrders, type GameServices, useGameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

const GM_TOKEN = 'gm-token-for-guards-of-atlantis-0123456789abcd';
let services: GameServices;
useGameServices(GM_TOKEN, (started) => (services = started));

const scenario = () => JSON.parse(readFileSync(join(root, 'examples/scenarios/guards-of-atlantis/tidemaster-crossing.json'), 'utf8')) as Record<string, unknown>;

describe('a Guards of Atlantis game through the services', () => {
  it('cards by REST and mail, receipts with the path, the worker resolves them in initiative order, reports with the map are mailed', async () => {
    const created = await services.app.inject({
      method: 'POST',
      url: '/v1/games',
      headers: { authorization: `Bearer ${GM_TOKEN}` },
      payload: {
        name: 'Tidemaster Crossing',
        scenario: scenario(),
        schedule: { kind: 'every', days: 7, time: '18:00' },
        timeZone: 'Europe/London',
        runEarlyWhenAllFinal: true,
        nations: ['ben', 'cleo', 'dana', 'eli'].map((id) => ({ nationId: id, email: `${id}@players.test`, name: id[0]!.toUpperCase() + id.slice(1) })),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const game = created.json() as { gameId: string; nations: { nationId: string; secret: string }[] };
    const secret = (id: string) => game.nations.find((n) => n.nationId === id)!.secret;
    expect((await services.tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } })).ruleset).toBe('guards-of-atlantis');

    // Ben by REST: the receipt in the ruleset's words, with the path on the board as it stands.
    const ben = await services.app.inject({
      method: 'POST',
      url: `/v1/games/${game.gameId}/orders`,
      headers: { ...bearer(secret('ben')), 'content-type': 'application/json', accept: 'text/plain' },
      payload: { orders: 'arien, arien-blue, 8, move, w, w, nw', final: true },
    });
    expect(ben.statusCode, ben.body).toBe(200);
    expect(ben.body).toContain('arien plays arien-blue (initiative 8) for its secondary Movement action: 3 steps (west, west, north-west)');
    expect(ben.body).toContain('Arien: 0404 → 0304 → 0204 → 0203 (movement: 3 of 3 spaces)');
    expect(ben.body).toContain('To cancel a hero\'s orders send "<hero>, cancel".');

    // A mistake names its line and column in the ruleset's words; a card not in the hand is refused.
    const wrong = await submitOrders(services, game.gameId, secret('dana'), 'xargatha, xargatha-undertow, 11, primary, north');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('is not a direction; use ne, e, se, sw, w or nw');
    const notInHand = await submitOrders(services, game.gameId, secret('dana'), 'xargatha, arien-gold, 1, hold');
    expect(notInHand.body).toContain("arien-gold is not in Xargatha's hand");

    // Cleo by mail.
    const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: services.intake.port, secure: false, ignoreTLS: true });
    await mailer.sendMail({
      from: 'Cleo <cleo@players.test>',
      to: 'orders@arbiter.test',
      subject: 'my card',
      messageId: '<goa-cleo-1@players.test>',
      text: `game: ${game.gameId}\nsecret: ${secret('cleo')}\nfinal: yes\n\nbrogan, brogan-silver, 5, fast travel 0202\n`,
    });
    const standing = await services.tdb.db.prisma.standingOrder.findMany({ where: { gameId: game.gameId, nationId: 'cleo' } });
    expect(standing.map((s) => s.unitId)).toEqual(['brogan']);

    expect((await submitOrders(services, game.gameId, secret('dana'), 'xargatha, xargatha-undertow, 11, primary, w', true)).statusCode).toBe(200);
    expect((await submitOrders(services, game.gameId, secret('eli'), 'tigerclaw, tigerclaw-red, 12, move, w, sw, w', true)).statusCode).toBe(200);

    const turn = await waitFor('turn 1 done', async () => {
      const t = await services.tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
      return t.status === 'done' ? t : undefined;
    }, 60_000);
    // The same cards as the example: the same result hash as `arbiter adjudicate` gives for its file.
    expect(turn.resultHash).toBe('32a85b927d5188938bf928fe0e85eca6a02f82380a4f98d13c460a2fab99290b');
    const reports = await waitFor('4 report mails', async () => {
      const r = services.sink.received.filter((m) => m.parsed.subject?.includes('Tidemaster Crossing turn 1 report'));
      return r.length >= 4 ? r : undefined;
    }, 60_000);
    expect(reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['ben@players.test', 'cleo@players.test', 'dana@players.test', 'eli@players.test']);
    const benReport = reports.find((m) => m.envelopeTo[0] === 'ben@players.test')!;
    expect(benReport.parsed.text).toContain('Arien may move at most 1 space (Xargatha\'s Petrifying Gaze).');
    expect(benReport.parsed.text).toContain('arien-tide: Tide Call');
    expect(benReport.parsed.text).not.toContain('xargatha-blue:');
    expect(benReport.parsed.html).toContain('<svg');
    const png = benReport.parsed.attachments[0]!;
    expect(png.contentType).toBe('image/png');
    expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  }, 120_000);
});
