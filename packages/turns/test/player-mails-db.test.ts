// Welcome, reminder and notice mails against the real PostgreSQL (and a real SMTP peer for the sender):
// a created game's nations find their welcomes in the outbox; the secret leaves the database once sent;
// a reminder goes once to nations without orders, even from two sweeps at once; GM actions queue notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { hashSecret, setReminderHours, submitOrders } from '@arbiter/intake';
import { exampleScenario, players } from '@arbiter/intake/testing';
import { createSmtpTransport, SECRET_PLACEHOLDER, sendOutboxBatch } from '@arbiter/mail';
import { startSmtpSink, type SmtpSink } from '@arbiter/mail/testing';
import {
  createGameWithWelcome,
  extendDeadline,
  finishGame,
  pauseGame,
  playerMailSettings,
  queueDueReminders,
  reportMapResolver,
  resumeGame,
  rotateSecretWithWelcome,
} from '../src/index.ts';
import { daily1800 } from './helpers.ts';

const MAIL_FROM = 'Arbiter <arbiter@arbiter.example>';
const settings = playerMailSettings(MAIL_FROM, 'orders@arbiter.example', 'https://arbiter.example');
const hours = (h: number) => new Date(Date.now() + h * 3_600_000);

let tdb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  [tdb, sink] = await Promise.all([createTestDatabase({ poolMax: 8 }), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([tdb?.drop(), sink?.close()]);
});

function newGame(extra: Record<string, unknown> = {}) {
  return createGameWithWelcome(tdb.db, {
    name: 'Welcome Test',
    scenario: exampleScenario(),
    schedule: { kind: 'every', days: 7, time: '18:00' },
    timeZone: 'Europe/London',
    nations: players,
    firstDeadline: hours(48),
    ...extra,
  }, settings);
}

const mailsOf = (gameId: string, kind: 'welcome' | 'reminder' | 'notice') =>
  tdb.db.prisma.outboxMail.findMany({ where: { gameId, kind }, orderBy: [{ nationId: 'asc' }, { createdAt: 'asc' }] });

describe('welcome mails', () => {
  it("a created game's nations find their welcome mails in the outbox, the secret beside the text, never in it", async () => {
    const game = await newGame();
    const rows = await mailsOf(game.gameId, 'welcome');
    expect(rows.map((r) => [r.nationId, r.toAddresses, r.status])).toEqual([
      ['east', ['east@example.org'], 'pending'],
      ['north', ['north@example.org'], 'pending'],
      ['south', ['south@example.org'], 'pending'],
    ]);
    for (const row of rows) {
      const secret = game.nations.find((n) => n.nationId === row.nationId)!.secret;
      expect(row.secret).toBe(secret);
      expect(row.text).not.toContain(secret);
      expect(row.html).not.toContain(secret);
      expect(row.text).toContain(`secret: ${SECRET_PLACEHOLDER}`);
      expect(row.text).toContain(`game: ${game.gameId}`);
      expect(row.headers).toMatchObject({ 'X-Arbiter-Game': game.gameId, 'X-Arbiter-Nation': row.nationId, 'X-Arbiter-Turn': '1' });
    }
    // The Nation row has only the hash.
    const nations = await tdb.db.prisma.nation.findMany({ where: { gameId: game.gameId } });
    for (const n of nations) {
      const secret = game.nations.find((x) => x.nationId === n.nationId)!.secret;
      expect(n.secretHash).toBe(hashSecret(secret));
      expect(JSON.stringify(n)).not.toContain(secret);
    }
  });

  it('the sender puts the secret into the mail it sends and clears it from the row: nothing in the database holds it afterwards', async () => {
    const game = await newGame();
    const transport = createSmtpTransport(sink.url);
    try {
      // Other tests' rows may be due too: send until this game's welcomes are out.
      for (let i = 0; i < 10 && (await tdb.db.prisma.outboxMail.count({ where: { gameId: game.gameId, kind: 'welcome', status: 'pending' } })) > 0; i++) {
        await sendOutboxBatch(tdb.db, transport, { limit: 50, from: MAIL_FROM, resolveAttachment: reportMapResolver(tdb.db.prisma) });
      }
    } finally {
      transport.close();
    }
    for (const n of game.nations) {
      const mail = sink.received.find((m) => m.parsed.headers.get('x-arbiter-game') === game.gameId && m.envelopeTo.includes(n.email));
      expect(mail, `the welcome to ${n.nationId}`).toBeDefined();
      expect(mail!.parsed.text).toContain(`secret: ${n.secret}`);
      expect(mail!.parsed.text).not.toContain(SECRET_PLACEHOLDER);
      expect(mail!.parsed.html).toContain(n.secret);
      expect(mail!.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([['map-turn-1-start.png', 'image/png']]);
    }
    const rows = await mailsOf(game.gameId, 'welcome');
    expect(rows.map((r) => [r.status, r.secret])).toEqual([['sent', null], ['sent', null], ['sent', null]]);
    // As a backup would read them: every row of every table that could hold it, as text.
    const dump = await tdb.db.prisma.$queryRaw<{ row: string }[]>`
      SELECT row_to_json(o)::text AS "row" FROM "OutboxMail" o WHERE o."gameId" = ${game.gameId}
      UNION ALL SELECT row_to_json(n)::text FROM "Nation" n WHERE n."gameId" = ${game.gameId}
      UNION ALL SELECT row_to_json(a)::text FROM "AuditEntry" a WHERE a."gameId" = ${game.gameId}`;
    expect(dump.length).toBeGreaterThan(6);
    for (const n of game.nations) for (const { row } of dump) expect(row).not.toContain(n.secret);
  });

  it('a new secret comes in a new welcome; the unsent welcome with the old one is superseded and its secret cleared', async () => {
    const game = await newGame();
    const rotated = await rotateSecretWithWelcome(tdb.db, game.gameId, 'north', settings);
    const rows = (await mailsOf(game.gameId, 'welcome')).filter((r) => r.nationId === 'north');
    expect(rows.map((r) => [r.status, r.secret])).toEqual([['superseded', null], ['pending', rotated.secret]]);
    expect(rows[1]!.subject).toBe('[Arbiter] Welcome Test: your new secret, Kingdom of the North');
  });
});

describe('reminders', () => {
  it('go once per nation and turn to the nations without orders, even from two sweeps at once', async () => {
    const game = await newGame({ firstDeadline: hours(3), reminderHours: 6 });
    const quiet = await newGame({ firstDeadline: hours(3), reminderHours: 0 });
    const later = await newGame({ firstDeadline: hours(30), reminderHours: 24 });
    await submitOrders(tdb.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 850, no, e, e, e\n' });
    const [a, b] = await Promise.all([queueDueReminders(tdb.db, settings), queueDueReminders(tdb.db, settings)]);
    const rows = await mailsOf(game.gameId, 'reminder');
    expect(rows.map((r) => r.nationId)).toEqual(['east', 'south']);
    expect(a + b).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.subject).toBe('[Arbiter] Welcome Test: orders for turn 1 are due, Free Traders of the East');
    expect(await queueDueReminders(tdb.db, settings)).toBe(0);
    expect(await mailsOf(game.gameId, 'reminder')).toHaveLength(2);
    expect(await mailsOf(quiet.gameId, 'reminder')).toHaveLength(0);
    expect(await mailsOf(later.gameId, 'reminder')).toHaveLength(0);
  });

  it('the setting is a whole number of hours from 0 to 336, refused with the reason otherwise', async () => {
    for (const bad of [-1, 2.5, 337]) {
      await expect(newGame({ reminderHours: bad })).rejects.toMatchObject({ code: 'invalid-input', issues: [{ path: 'reminderHours' }] });
    }
    const game = await newGame({ reminderHours: 0 });
    expect((await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: game.gameId } })).reminderHours).toBe(0);
    expect((await tdb.db.prisma.game.findUniqueOrThrow({ where: { id: (await newGame()).gameId } })).reminderHours).toBe(24);
    await expect(setReminderHours(tdb.db, game.gameId, '12')).rejects.toThrow('reminderHours must be a whole number of hours (got "12").');
    await expect(setReminderHours(tdb.db, 'no-such-game', 12)).rejects.toMatchObject({ code: 'game-not-found' });
    expect(await setReminderHours(tdb.db, game.gameId, 12)).toEqual({ gameId: game.gameId, reminderHours: 12 });
  });
});

describe('notices of the GM actions', () => {
  it('moving the deadline, pausing, resuming and finishing each queue one notice per nation; "none" keeps it withheld', async () => {
    const game = await newGame();
    await tdb.db.prisma.nation.update({ where: { gameId_nationId: { gameId: game.gameId, nationId: 'south' } }, data: { reportDelivery: 'none' } });
    await extendDeadline(tdb.db, game.gameId, 1, hours(72), 'gm', settings);
    await pauseGame(tdb.db, game.gameId, 'gm', settings);
    await resumeGame(tdb.db, game.gameId, 'gm', daily1800, settings);
    await finishGame(tdb.db, game.gameId, 'gm', settings);
    const rows = await mailsOf(game.gameId, 'notice');
    expect(rows).toHaveLength(12);
    const subjects = rows.filter((r) => r.nationId === 'north').map((r) => r.subject.replace('[Arbiter] Welcome Test: ', ''));
    expect(subjects).toEqual(['the deadline moved, Kingdom of the North', 'the game is paused, Kingdom of the North', 'the game resumed, Kingdom of the North', 'the game is over, Kingdom of the North']);
    expect(new Set(rows.filter((r) => r.nationId === 'south').map((r) => r.status))).toEqual(new Set(['withheld']));
    expect(new Set(rows.filter((r) => r.nationId !== 'south').map((r) => r.status))).toEqual(new Set(['pending']));
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(12);
  });
});
