// The migration that redacts the mail stored before the intake redacted it (issue 13, finding 4):
// prisma/migrations/20261201100000_redact_inbound_secrets, run on rows written as the old intake wrote them.
import { readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../src/parse.ts';
import { REDACTED_SECRET, secretsIn } from '../src/redact.ts';

const MIGRATION = readFileSync(new URL('../../../prisma/migrations/20261201100000_redact_inbound_secrets/migration.sql', import.meta.url), 'utf8');
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

async function insert(messageId: string, raw: Buffer): Promise<void> {
  await t.db.pool.query(`INSERT INTO "InboundMail" ("messageId", "fromAddress", status, raw) VALUES ($1, 'p@home.test', 'processed', $2)`, [messageId, raw]);
}
async function stored(messageId: string): Promise<Buffer> {
  return (await t.db.pool.query<{ raw: Buffer }>('SELECT raw FROM "InboundMail" WHERE "messageId" = $1', [messageId])).rows[0]!.raw;
}

describe('the redaction migration', () => {
  it('replaces secret values in stored mail, keeps every other byte, withholds base64 bodies, and leaves other mail alone', async () => {
    const secret = 'Abc-def_0123456789abcdefghijklmnopqrstuvwxy';
    const plain = Buffer.from(`From: p@home.test\r\nSubject: orders secret: ${secret}\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\ngame: g1\r\nSecret = ${secret}\r\nPASSWORD:${secret}\r\nfrodo, 810, 0303 \xe9\r\n`, 'latin1');
    const b64 = Buffer.from(`From: p@home.test\r\nSubject: b64\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(`game: g1\nsecret: ${secret}\n`).toString('base64')}\r\n`, 'latin1');
    const other = Buffer.from('From: p@home.test\r\nSubject: hello\r\n\r\nno keywords here \xff\r\n', 'latin1');
    await insert('<plain@m>', plain);
    await insert('<b64@m>', b64);
    await insert('<other@m>', other);
    const qp = Buffer.from(`From: p@home.test\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsecret: ${secret.slice(0, 20)}=\r\n${secret.slice(20)}\r\nfrodo, 810, 0303\r\n`, 'latin1');
    await insert('<qp@m>', qp);
    await t.db.pool.query(MIGRATION);

    const p = await stored('<plain@m>');
    expect(p.toString('latin1')).toBe(
      `X-Arbiter-Redacted: the value of each secret/password line was replaced by ${REDACTED_SECRET}\r\n` + plain.toString('latin1').replaceAll(secret, REDACTED_SECRET),
    );
    const b = await stored('<b64@m>');
    expect(b.toString('latin1')).toBe('X-Arbiter-Redacted: the body held a secret in encoded form and was not kept\r\nFrom: p@home.test\r\nSubject: b64\r\nContent-Transfer-Encoding: base64\r\n\r\n');
    expect(secretsIn((await readMail(b)).content)).toEqual([]);
    expect((await stored('<other@m>')).equals(other)).toBe(true);
    const q = (await stored('<qp@m>')).toString('latin1');
    expect(q).toContain(`secret: ${REDACTED_SECRET}\r\nfrodo, 810, 0303`);
    expect(q).not.toContain(secret.slice(20));

    // Run again (a restore of an old backup, then migrate): nothing changes.
    await t.db.pool.query(MIGRATION);
    expect((await stored('<plain@m>')).equals(p)).toBe(true);
    expect((await stored('<b64@m>')).equals(b)).toBe(true);
  });
});
