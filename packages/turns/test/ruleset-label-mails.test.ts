// Every mail a game sends names its ruleset: the X-Arbiter-Ruleset header on each outbox row (welcomes,
// reminders, notices, turn reports), against the real PostgreSQL; the move mails' text names the ruleset's
// title where it introduces the game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { rulesetLabel } from '@arbiter/engine';
import { exampleScenario, players } from '@arbiter/intake/testing';
import { moveNoticeMail, yourMoveMail, mailReport, RULESET_HEADER } from '@arbiter/reports';
import { rulesetFor } from '@arbiter/rulesets';
import { transaction } from '@arbiter/db';
import { createGameWithWelcome, pauseGame, playerMailSettings, queueGmNotice, runTurn } from '../src/index.ts';

const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
const settings = playerMailSettings(MAIL_FROM, 'orders@arbiter.example', 'https://arbiter.example');

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ poolMax: 4 });
});
afterAll(async () => {
  await tdb?.drop();
});

describe('the ruleset travels with every mail of a game', () => {
  it('welcomes, notices (the GM\'s too) and turn reports carry X-Arbiter-Ruleset with the game\'s ruleset id', async () => {
    const input = { name: 'Label Test', scenario: exampleScenario(), schedule: { kind: 'every' as const, days: 7, time: '18:00' }, timeZone: 'Europe/London', nations: players };
    const game = await createGameWithWelcome(tdb.db, { ...input, firstDeadline: new Date(Date.now() + 48 * 3_600_000) }, settings);
    await pauseGame(tdb.db, game.gameId, 'gm', settings);
    await tdb.db.prisma.game.update({ where: { id: game.gameId }, data: { status: 'active' } });
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId: game.gameId, number: 1 } }, data: { deadline: new Date(Date.now() - 1000) } });
    // Nobody sent orders: as if the GM had released the turn, so that it runs instead of being held for them.
    await tdb.db.prisma.auditEntry.create({ data: { gameId: game.gameId, actor: 'gm', action: 'turn.release', detail: { turn: 1 } } });
    const run = await runTurn(tdb.db, { gameId: game.gameId, turn: 1, workerId: 'label-test' }, { mailFrom: MAIL_FROM });
    expect(run.kind).toBe('done');
    await transaction(tdb.db, (tx) => queueGmNotice(tx, { gameId: game.gameId, gmEmail: 'gm@arbiter.example', mail: { domain: 'arbiter.example' } }, `${game.gameId}.label`, 'to the GM', 'a notice'));
    const rows = await tdb.db.prisma.outboxMail.findMany({ where: { gameId: game.gameId }, select: { kind: true, headers: true } });
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['welcome', 'notice', 'report']));
    expect(rows.filter((r) => r.kind === 'notice').length).toBeGreaterThan(players.length);
    for (const r of rows) expect(r.headers, r.kind).toMatchObject({ [RULESET_HEADER]: 'mepbm', 'X-Arbiter-Game': game.gameId });
  });

  it('a report mail names its ruleset in the header when the heading carries the label', () => {
    const label = rulesetLabel(rulesetFor('mage-knight'));
    const heading = { gameId: 'g1', gameName: 'The Long Road', turn: 2, playerId: 'ben', playerName: 'Ben' };
    const base = { text: 't', html: '<p>t</p>', to: ['ben@players.test'], from: MAIL_FROM, messageId: 'report.g1.ben.t2@arbiter.example' };
    expect(mailReport({ ...base, heading: { ...heading, ruleset: label } }).headers[RULESET_HEADER]).toBe('mage-knight');
    expect(mailReport({ ...base, heading }).headers[RULESET_HEADER]).toBeUndefined();
  });

  it("the move mails introduce the game with its ruleset's title", () => {
    const label = rulesetLabel(rulesetFor('mage-knight'));
    const who = { gameId: 'g1', gameName: 'The Long Road', playerId: 'ben', playerName: 'Ben', turn: 1, timeZone: 'Europe/London', ruleset: label };
    const yours = yourMoveMail({ ...who, since: [], report: '', template: ['tovak, move 2+2, ne'], moveDeadline: new Date('2026-12-10T18:00:00Z') });
    expect(yours.text.split('\n')[0]).toBe(`"The Long Road" (game g1, a game of ${label.title}), for Ben (ben):`);
    const notice = moveNoticeMail({ ...who, change: { kind: 'skipped', by: 'Anna' } });
    expect(notice.text.split('\n')[0]).toBe(`"The Long Road" (game g1, a game of ${label.title}), for Ben (ben):`);
  });
});
