// plain-mail.ts: where it reads a mail at all, it reads the subject and text mailparser reads (so the
// redaction's check may use it), and it leaves every other kind of mail to mailparser.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMail } from '../src/parse.ts';
import { plainTextContent } from '../src/plain-mail.ts';
import { NOTE_HEADER } from '../src/redact.ts';

const corpus = new URL('./corpus/', import.meta.url);
const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'), 'latin1');
const plain = (headers: string, body = 'game: g1\nsecret: S3cretS3cretS3cret\naragorn, 850, no, e\n') =>
  crlf(`From: North <north@home.test>\nTo: orders@arbiter.test\nMessage-ID: <p@home.test>\n${headers}\n${body}`);

/** mailparser's subject and text of the same bytes, line endings as mailparser gives them. */
async function parsed(raw: Buffer): Promise<{ subject: string; text: string | null }> {
  const { content } = await readMail(raw);
  return { subject: content.subject, text: content.text };
}

describe('plainTextContent', () => {
  it('reads plain ASCII text mails as mailparser does', async () => {
    const mails = [
      plain('Subject: orders\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n'),
      plain('Subject: secret: S3cretS3cretS3cret\n'),
      plain('Subject: orders\nContent-Type: text/plain\n', 'line one\n\n\nsecret: abc\n.dot line\n'),
      Buffer.concat([Buffer.from(NOTE_HEADER, 'latin1'), plain('Subject: x\nContent-Transfer-Encoding: 8bit\n')]),
    ];
    for (const raw of mails) {
      const mine = plainTextContent(raw);
      expect(mine).not.toBeNull();
      const theirs = await parsed(raw);
      expect(mine?.subject).toBe(theirs.subject);
      expect(mine?.text?.trimEnd()).toBe(theirs.text?.trimEnd());
    }
  });

  it('leaves encodings, other types, parts, 8-bit bytes, encoded words and folded headers to mailparser', () => {
    const others = [
      plain('Subject: o\nContent-Transfer-Encoding: quoted-printable\n', 'secret: S3cret=\nS3cretS3cret\n'),
      plain('Subject: o\nContent-Transfer-Encoding: base64\n', 'c2VjcmV0OiBTM2NyZXRTM2NyZXQ=\n'),
      plain('Subject: o\nContent-Type: text/html\n', '<p>secret:&nbsp;S3cretS3cretS3cret</p>\n'),
      plain('Subject: o\nContent-Type: text/plain; format=flowed\n'),
      plain('Subject: o\nContent-Type: multipart/mixed; boundary=b\n', '--b\n\nsecret: x\n--b--\n'),
      plain('Subject: =?utf-8?B?c2VjcmV0OiBTM2NyZXQ=?=\n'),
      plain('Subject: secret:\n S3cretS3cretS3cret\n'),
      plain('Subject: o\nContent-Type: text/plain; charset=iso-8859-1\n', 'Gr\u00fc\u00dfe\nsecret: S3cretS3cretS3cret\n'),
      crlf('Subject: no body at all\n'),
    ];
    for (const raw of others) expect(plainTextContent(raw)).toBeNull();
  });

  it('agrees with mailparser on every corpus mail it reads', async () => {
    for (const name of readdirSync(corpus).filter((f) => f.endsWith('.eml'))) {
      const raw = readFileSync(new URL(name, corpus));
      const mine = plainTextContent(raw);
      if (mine === null) continue;
      const theirs = await parsed(raw);
      expect(mine.subject, name).toBe(theirs.subject);
      expect(mine.text?.trimEnd(), name).toBe(theirs.text?.trimEnd());
    }
  });
});
