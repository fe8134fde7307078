// Hostile mail at the intake (issue 13, findings 3, 4, 7 and 8; issue 27): secrets are not kept in stored
// mail (in any part), wrong-secret floods and large mails from one sender or one SMTP client are bounded,
// a refusal to a forged From quotes nothing and cannot use up another sender's refusal, and no answer
// goes to a Reply-To.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../src/parse.ts';
import { MailPipeline } from '../src/pipeline.ts';
import type { Envelope } from '../src/processor.ts';
import { REDACTED_SECRET, secretsIn } from '../src/redact.ts';
import { createTestGame, type TestGame } from './helpers/game.ts';

const logger = pino({ level: 'silent' });
let t: TestGame;
let pipeline: MailPipeline;
let n = 0;

beforeAll(async () => {
  t = await createTestGame();
  pipeline = new MailPipeline({
    db: t.database.db,
    mailFrom: 'Arbiter <orders@arbiter.test>',
    logger,
    quota: { windowMs: 3_600_000, senderBytes: 8_000, strangerBytes: 1_000_000, strangerFailures: 3, clientFailures: 100 },
  });
}, 30_000);
afterAll(async () => {
  await t?.database.drop();
});

const prisma = () => t.database.db.prisma;
const smtp = (remoteAddress = '192.0.2.1'): Envelope => ({ mailFrom: null, rcptTo: ['orders@arbiter.test'], via: 'smtp', remoteAddress });

/** A plain mail as a mail client writes it (CRLF, one text part). */
function plain(from: string, subject: string, body: string): { raw: Buffer; messageId: string } {
  const messageId = `<hostile-${++n}-${Date.now()}@home.test>`;
  const raw = [`From: ${from}`, 'To: orders@arbiter.test', `Subject: ${subject}`, `Message-ID: ${messageId}`, 'Date: Tue, 01 Dec 2026 10:00:00 +0000', 'Content-Type: text/plain; charset=utf-8', '', ...body.split('\n')].join('\r\n');
  return { raw: Buffer.from(raw, 'utf8'), messageId };
}

const storedRaw = async (messageId: string) => (await prisma().inboundMail.findUniqueOrThrow({ where: { messageId } })).raw as Uint8Array;

describe('secrets in stored mail (finding 4)', () => {
  it('replaces the secret line\'s value, keeps every other byte, and says so in a header', async () => {
    const secret = t.secret('north');
    const m = plain('north@players.test', 'my orders', `game: ${t.game.gameId}\nsecret: ${secret}\ngandalf, 810, 0303`);
    expect(await pipeline.process(m.raw, smtp())).toMatchObject({ kind: 'accepted' });
    const stored = Buffer.from(await storedRaw(m.messageId)).toString('latin1');
    expect(stored).not.toContain(secret);
    const [note, ...rest] = stored.split('\r\n');
    expect(note).toBe(`X-Arbiter-Redacted: the value of each secret/password line was replaced by ${REDACTED_SECRET}`);
    expect(rest.join('\r\n')).toBe(m.raw.toString('latin1').replace(secret, REDACTED_SECRET));
  });

  it('replaces a secret split by a quoted-printable soft line break whole, leaving no tail of it', async () => {
    const secret = t.secret('north');
    const messageId = `<hostile-qp-${Date.now()}@home.test>`;
    const body = `game: ${t.game.gameId}\r\n${'x'.repeat(40)} secret: ${secret.slice(0, 20)}=\r\n${secret.slice(20)}\r\ngandalf, 810, 0303\r\n`;
    const raw = Buffer.from(['From: north@players.test', 'To: orders@arbiter.test', 'Subject: qp', `Message-ID: ${messageId}`, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', body].join('\r\n'));
    await pipeline.process(raw, smtp());
    const stored = Buffer.from(await storedRaw(messageId)).toString('latin1');
    expect(stored).not.toContain(secret.slice(0, 20));
    expect(stored).not.toContain(secret.slice(20));
    expect(stored).toContain(`secret: ${REDACTED_SECRET}\r\ngandalf, 810, 0303`);
  });

  it('keeps only the header section when the secret is in a base64 part, and drops an encoded Subject holding one', async () => {
    const secret = t.secret('south');
    const messageId = `<hostile-b64-${Date.now()}@home.test>`;
    const body = Buffer.from(`game: ${t.game.gameId}\nsecret: ${secret}\ngrond, 850, no, w, h\n`).toString('base64');
    const subject = `=?utf-8?B?${Buffer.from(`Bestellungen für secret: ${secret}`).toString('base64')}?=`;
    const m = {
      messageId,
      raw: Buffer.from(
        ['From: south@players.test', 'To: orders@arbiter.test', `Subject: ${subject}`, `Message-ID: ${messageId}`, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', body, ''].join('\r\n'),
      ),
    };
    expect(m.raw.toString('latin1')).toContain('Content-Transfer-Encoding: base64');
    expect(await pipeline.process(m.raw, smtp())).toMatchObject({ kind: 'accepted' });
    const stored = Buffer.from(await storedRaw(m.messageId));
    expect(stored.toString('latin1')).not.toContain(secret);
    expect(stored.toString('latin1')).toMatch(/^X-Arbiter-Redacted: the body held a secret in encoded form and was not kept\r\n/);
    expect(secretsIn((await readMail(stored)).content)).toEqual([]);
    expect(stored.toString('latin1')).toContain(`Message-ID: ${m.messageId}`);
  });

  it('does not put a secret written in the subject into the replies', async () => {
    const secret = t.secret('east');
    // A reply that quotes the subject: the nation line names another nation than the secret's.
    const m = plain('east@players.test', `orders secret: ${secret}`, `game: ${t.game.gameId}\nsecret: ${secret}\nnation: north\nesgaroth, 850, no, w, h`);
    expect(await pipeline.process(m.raw, smtp())).toMatchObject({ kind: 'refused', reason: 'nation-mismatch' });
    const outbox = await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: m.messageId.slice(1, -1) } } });
    expect(outbox.length).toBeGreaterThan(0);
    for (const o of outbox) {
      expect(o.text).toContain(`Your mail "orders secret: ${REDACTED_SECRET}" names nation "north"`);
      expect(`${o.subject}\n${o.text}`).not.toContain(secret);
    }
  });
});

/** A MIME mail of the given parts (each its headers and body), multipart/mixed or multipart/alternative. */
function multipart(from: string, kind: 'mixed' | 'alternative', parts: { headers: string[]; body: string }[]): { raw: Buffer; messageId: string } {
  const messageId = `<hostile-mime-${++n}-${Date.now()}@home.test>`;
  const boundary = `b-${n}-boundary`;
  const lines = [`From: ${from}`, 'To: orders@arbiter.test', 'Subject: orders', `Message-ID: ${messageId}`, 'MIME-Version: 1.0', `Content-Type: multipart/${kind}; boundary="${boundary}"`, ''];
  for (const p of parts) lines.push(`--${boundary}`, ...p.headers, '', p.body);
  lines.push(`--${boundary}--`, '');
  return { raw: Buffer.from(lines.join('\r\n'), 'utf8'), messageId };
}

/** Whether `secret` can be read in the stored bytes, or in any part of them once decoded. */
async function readable(stored: Uint8Array, secret: string): Promise<boolean> {
  const bytes = Buffer.from(stored);
  if (bytes.toString('latin1').includes(secret)) return true;
  const c = (await readMail(bytes)).content;
  const texts = [c.subject, c.text ?? '', c.html ?? '', ...c.attachments.map((a) => Buffer.from(a.content).toString('utf8'))];
  return texts.some((t) => t.includes(secret));
}

describe('secrets in HTML parts and attachments (issue 27)', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64').replace(/.{76}/g, '$&\r\n');
  const orderText = (secret: string) => `game: ${t.game.gameId}\nsecret: ${secret}\ngandalf, 810, 0303\n`;

  it('secret:&nbsp;S and <b>secret</b>: S in an HTML part are cut out of the stored mail, the rest kept', async () => {
    const secret = t.secret('north');
    for (const html of [`<p>game: ${t.game.gameId}<br>secret:&nbsp;${secret}<br>gandalf, 810, 0303</p>`, `<p>game: ${t.game.gameId}<br><b>secret</b>: ${secret}<br>gandalf, 810, 0303</p>`]) {
      const m = multipart('north@players.test', 'alternative', [
        { headers: ['Content-Type: text/plain; charset=utf-8'], body: orderText(secret) },
        { headers: ['Content-Type: text/html; charset=utf-8'], body: html },
      ]);
      expect(await pipeline.process(m.raw, smtp(`192.0.2.${100 + n}`))).toMatchObject({ kind: 'accepted' });
      const stored = await storedRaw(m.messageId);
      expect(await readable(stored, secret)).toBe(false);
      expect(Buffer.from(stored).toString('latin1')).toMatch(/^X-Arbiter-Redacted: the value of each secret/);
      expect(Buffer.from(stored).toString('latin1')).toContain('gandalf, 810, 0303</p>');
    }
  });

  it('a base64 HTML part holding the secret: the body is not kept', async () => {
    const secret = t.secret('north');
    const m = multipart('north@players.test', 'alternative', [
      { headers: ['Content-Type: text/plain; charset=utf-8'], body: orderText(secret) },
      { headers: ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64'], body: b64(`<div>secret:&nbsp;${secret}</div>`) },
    ]);
    expect(await pipeline.process(m.raw, smtp(`192.0.2.${100 + n}`))).toMatchObject({ kind: 'accepted' });
    const stored = await storedRaw(m.messageId);
    expect(await readable(stored, secret)).toBe(false);
    expect(Buffer.from(stored).toString('latin1')).toMatch(/^X-Arbiter-Redacted: the body held a secret in encoded form and was not kept\r\n/);
  });

  it('a JSON attachment with "secret": "S", plain or in base64, keeps no readable secret', async () => {
    const secret = t.secret('south');
    const json = JSON.stringify({ game: t.game.gameId, secret, note: 'my settings' });
    for (const attachment of [
      { headers: ['Content-Type: application/json', 'Content-Disposition: attachment; filename="settings.json"'], body: json },
      { headers: ['Content-Type: application/json', 'Content-Disposition: attachment; filename="settings.json"', 'Content-Transfer-Encoding: base64'], body: b64(json) },
    ]) {
      const m = multipart('south@players.test', 'mixed', [{ headers: ['Content-Type: text/plain; charset=utf-8'], body: `game: ${t.game.gameId}\nsecret: ${secret}\ngrond, 850, no, w, h\n` }, attachment]);
      expect(await pipeline.process(m.raw, smtp(`192.0.2.${100 + n}`))).toMatchObject({ kind: 'accepted' });
      expect(await readable(await storedRaw(m.messageId), secret)).toBe(false);
    }
  });
});

describe('wrong-secret mail from one sender (finding 3)', () => {
  it('past the limit, keeps only the header section and answers nothing; a correct secret from that address still passes', async () => {
    const from = 'flood@stranger.test';
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      const m = plain(from, `guess ${i}`, `game: ${t.game.gameId}\nsecret: guess-${i}\n${'x, 810, 0303\n'.repeat(50)}`);
      outcomes.push({ m, outcome: await pipeline.process(m.raw, smtp('198.51.100.7')) });
    }
    expect(outcomes.map((o) => o.outcome)).toMatchObject([
      { kind: 'refused', reason: 'not-authenticated', replied: true },
      { kind: 'refused', reason: 'not-authenticated', replied: false },
      { kind: 'refused', reason: 'not-authenticated', replied: false },
      { kind: 'refused', reason: 'not-authenticated', replied: false },
      { kind: 'refused', reason: 'not-authenticated', replied: false },
    ]);
    const sizes = await Promise.all(outcomes.map(async (o) => (await storedRaw(o.m.messageId)).length));
    for (const i of [0, 1, 2]) expect(sizes[i]).toBeGreaterThan(600);
    for (const i of [3, 4]) {
      expect(sizes[i]).toBeLessThan(600);
      expect(Buffer.from(await storedRaw(outcomes[i]!.m.messageId)).toString('latin1')).toMatch(/^X-Arbiter-Body-Not-Kept: the sender or its mail server is over its quota of unauthenticated mail/);
    }
    // The GM sees every one of them in the game's audit log, with whether a notice went out (issue 26).
    // (Other tests of this file refuse mail to the same game: only this sender's entries are this test's.)
    const audit = await prisma().auditEntry.findMany({ where: { gameId: t.game.gameId, action: 'mail.refused', detail: { path: ['sender'], equals: from } }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.actor, a.detail])).toEqual([
      ['mail-in', { reason: 'not-authenticated', sender: from, notice: 'sent' }],
      ...[1, 2].map(() => ['mail-in', { reason: 'not-authenticated', sender: from, notice: 'withheld: one refusal notice per address per interval' }]),
      ...[3, 4].map(() => ['mail-in', { reason: 'not-authenticated', sender: from, notice: 'withheld: the sender is over its quota of unauthenticated mail' }]),
    ]);
    // The honest player whose address the stranger used is not locked out.
    const honest = plain(from, 'real orders', `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ngandalf, 810, 0404`);
    expect(await pipeline.process(honest.raw, smtp('203.0.113.1'))).toMatchObject({ kind: 'accepted', nationId: 'north' });
  });
});

describe('storage per sender (finding 7)', () => {
  it('past the quota a mail is still processed, and only its header section is kept', async () => {
    const from = 'big@players.test';
    const body = (k: number) => `game: ${t.game.gameId}\nsecret: ${t.secret('south')}\ngrond, 850, no, w, h\n\n${'padding line of the player\n'.repeat(100)}${k}`;
    const first = plain(from, 'big 1', body(1));
    const second = plain(from, 'big 2', body(2));
    const third = plain(from, 'big 3', body(3));
    for (const m of [first, second, third]) expect(await pipeline.process(m.raw, smtp())).toMatchObject({ kind: 'accepted', nationId: 'south' });
    expect((await storedRaw(first.messageId)).length).toBeGreaterThan(2_500);
    expect((await storedRaw(second.messageId)).length).toBeGreaterThan(2_500);
    const kept = Buffer.from(await storedRaw(third.messageId)).toString('latin1');
    expect(kept).toMatch(/^X-Arbiter-Body-Not-Kept: the sender is over its storage quota \(8000 bytes per 3600 s\)\r\n/);
    expect(kept).not.toContain('padding line');
    expect(await prisma().submission.count({ where: { messageId: third.messageId } })).toBe(1);
  });
});

describe('refusals to a forged From (finding 8)', () => {
  it('quote nothing of the mail: not its subject, nor a value from it', async () => {
    const m = plain('victim@else.test', 'Cheap watches at http://spam.example', `game: ${t.game.gameId}\ncommand: visit-http://spam.example-now\n`);
    expect(await pipeline.process(m.raw, smtp('198.51.100.9'))).toMatchObject({ kind: 'refused', reason: 'unknown-command', replied: true });
    const [refusal] = await prisma().outboxMail.findMany({ where: { kind: 'refusal', toAddresses: { has: 'victim@else.test' } } });
    expect(refusal?.text).toContain('its command line is not one Arbiter knows');
    expect(`${refusal?.subject}\n${refusal?.text}`).not.toMatch(/spam|watches/i);
  });

  it('throttle per sender address and SMTP client: a stranger does not use up the refusal of the real sender\'s server', async () => {
    const from = 'player@victim.test';
    const mail = () => plain(from, 'x', `game: ${t.game.gameId}\nsecret: wrong\n`);
    expect(await pipeline.process(mail().raw, smtp('198.51.100.10'))).toMatchObject({ replied: true });
    expect(await pipeline.process(mail().raw, smtp('198.51.100.10'))).toMatchObject({ replied: false });
    // The player's own mail server has its own slot.
    expect(await pipeline.process(mail().raw, smtp('203.0.113.20'))).toMatchObject({ replied: true });
  });
});

describe('the mail help of a refusal (issue 26)', () => {
  it("shows the order line of the rulesets this server's games play (mepbm here), not every ruleset's", async () => {
    const m = plain('lost@players.test', 'orders', 'aragorn, 850, no, e');
    expect(await pipeline.process(m.raw, smtp('198.51.100.99'))).toMatchObject({ kind: 'refused', replied: true });
    const [refusal] = await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: m.messageId.slice(1, -1) } } });
    expect(refusal?.text).toContain('game: <game id>');
    expect(refusal?.text).toContain('aragorn, 850, no, nw, nw, h    (Middle-earth PBM)');
    expect(refusal?.text).not.toContain('Mage Knight');
    expect(refusal?.text).not.toContain('tovak');
  });
});

describe('one SMTP client forging a new From for each mail (issue 27)', () => {
  let perClient: MailPipeline;
  beforeAll(() => {
    perClient = new MailPipeline({
      db: t.database.db,
      mailFrom: 'Arbiter <orders@arbiter.test>',
      logger,
      refusalsPerClient: 10,
      quota: { windowMs: 3_600_000, senderBytes: 60_000, strangerBytes: 500_000, strangerFailures: 20, clientFailures: 15 },
    });
  });
  const forged = (i: number, body: string) => plain(`victim-${i}-${Date.now()}@else-${i}.test`, `guess ${i}`, body);
  const bytesFrom = async (clientAddress: string) =>
    (await prisma().inboundMail.findMany({ where: { clientAddress }, select: { raw: true } })).reduce((sum, r) => sum + (r.raw?.length ?? 0), 0);

  it('100 wrong-secret mails to 100 forged addresses: 10 refusals go out, and past 15 only header sections are kept', async () => {
    const client = '198.51.100.77';
    const outcomes = [];
    for (let i = 0; i < 100; i++) outcomes.push(await perClient.process(forged(i, `game: ${t.game.gameId}\nsecret: guess-${i}\n`).raw, smtp(client)));
    expect(outcomes.filter((o) => o.kind === 'refused' && o.replied).length).toBe(10);
    const rows = await prisma().inboundMail.findMany({ where: { clientAddress: client }, orderBy: { receivedAt: 'asc' }, select: { raw: true } });
    expect(rows).toHaveLength(100);
    const cut = rows.filter((r) => Buffer.from(r.raw ?? []).toString('latin1').startsWith('X-Arbiter-Body-Not-Kept: the sender or its mail server is over'));
    expect(cut.length).toBe(85);
    // Another client is not affected.
    expect(await perClient.process(forged(1000, `game: ${t.game.gameId}\nsecret: wrong\n`).raw, smtp('198.51.100.78'))).toMatchObject({ replied: true });
  }, 120_000);

  it('20 mails of 100 KB from new addresses store at most the stranger quota (500 KB) from that client', async () => {
    const client = '198.51.100.79';
    const padding = `${'padding of a large mail\n'.repeat(4_300)}`;
    for (let i = 0; i < 20; i++) await perClient.process(forged(2000 + i, `hello\n${padding}${i}`).raw, smtp(client));
    expect(await bytesFrom(client)).toBeLessThanOrEqual(500_000 + 20 * 2_000);
    expect(await bytesFrom(client)).toBeGreaterThan(300_000);
  }, 120_000);

  it('a correct secret from that client is still processed, and a game\'s authenticated mail is bounded per client too', async () => {
    const client = '198.51.100.80';
    const body = (k: number) => `game: ${t.game.gameId}\nsecret: ${t.secret('east')}\nesgaroth, 850, no, w, h\n\n${`${'padding of the player '.repeat(20)}\n`.repeat(50)}${k}`;
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await perClient.process(plain(`east-${i}@forged-${i}.test`, 'orders', body(i)).raw, smtp(client)));
    expect(outcomes.map((o) => o.kind)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    const rows = await prisma().inboundMail.findMany({ where: { clientAddress: client }, orderBy: { receivedAt: 'asc' }, select: { raw: true } });
    const kept = rows.map((r) => !Buffer.from(r.raw ?? []).toString('latin1').startsWith('X-Arbiter-Body-Not-Kept'));
    expect(kept).toEqual([true, true, false, false]);
  }, 60_000);
});

describe('answers never go to a Reply-To (issue 27)', () => {
  const withReplyTo = (from: string, body: string) => {
    const m = plain(from, 'orders of the north', body);
    return { ...m, raw: Buffer.from(m.raw.toString('latin1').replace('To: orders@arbiter.test', 'Reply-To: third@party.test\r\nTo: orders@arbiter.test'), 'latin1') };
  };
  const recipients = async (messageId: string) =>
    (await prisma().outboxMail.findMany({ where: { headers: { path: ['In-Reply-To'], equals: messageId.slice(1, -1) } } })).flatMap((o) => o.toAddresses).sort();

  it("a receipt quoting the sender's text goes to the registered address and the From, not to a third-party Reply-To", async () => {
    const m = withReplyTo('north-home@players.test', `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ngandalf, 810, 0303\nBuy watches at spam.example\n`);
    expect(await pipeline.process(m.raw, smtp('192.0.2.201'))).toMatchObject({ kind: 'accepted' });
    expect(await recipients(m.messageId)).toEqual(['north-home@players.test', 'north@players.test']);
  });

  it('when the envelope sender is another address than From, only the registered address is answered, and a stranger gets no refusal', async () => {
    const m = plain('north-home@players.test', 'orders', `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ngandalf, 810, 0303\n`);
    expect(await pipeline.process(m.raw, { ...smtp('192.0.2.202'), mailFrom: 'someone@else.test' })).toMatchObject({ kind: 'accepted' });
    expect(await recipients(m.messageId)).toEqual(['north@players.test']);
    const wrong = withReplyTo('victim@else.test', `game: ${t.game.gameId}\nsecret: wrong\n`);
    expect(await pipeline.process(wrong.raw, { ...smtp('192.0.2.203'), mailFrom: 'forger@spam.test' })).toMatchObject({ kind: 'refused', replied: false });
    expect(await recipients(wrong.messageId)).toEqual([]);
  });
});
