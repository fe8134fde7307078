// plain-mail.ts's readPlainMail against mailparser (parse.ts's readMail) on generated mails: where it reads
// a mail at all, it reads exactly what readMail reads (every field, the header map, the content); mails of
// the commonest shape (a plain order mail as mail clients and the benchmark send it) it does read.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMail, type ReadMail } from '../src/parse.ts';
import { readPlainMail } from '../src/plain-mail.ts';

/** A ReadMail as plain data, so two compare field by field (the header map as its entries, in order). */
const plainData = (m: ReadMail) => ({ ...m, headers: [...m.headers] });

const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
const address = fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,10}$/), fc.stringMatching(/^[a-z0-9-]{1,8}\.(test|org|xn--p1ai)$/)).map(([l, d]) => `${l}@${d}`);
/** Printable ASCII with the characters that change how a header reads: quotes, brackets, commas, encoded-word marks, tabs, bare CRs and other controls, runs of spaces. */
const tricky = fc.stringMatching(/^[ -~\t\r\x0b\x0c\x7f]{0,30}$/);
const displayName = fc.oneof(word, fc.tuple(word, word).map(([a, b]) => `${a} ${b}`), fc.stringMatching(/^[A-Za-z0-9 ."',()<>;:@\\\t=?-]{0,16}$/));
const addressValue = fc.oneof(
  { arbitrary: address, weight: 3 },
  { arbitrary: fc.tuple(displayName, address).map(([n, a]) => `${n} <${a}>`), weight: 3 },
  fc.tuple(displayName, address).map(([n, a]) => `"${n}" <${a}>`),
  fc.tuple(address, address).map(([a, b]) => `${a}, ${b}`),
  tricky,
);
const messageIdValue = fc.oneof(
  { arbitrary: fc.tuple(word, fc.stringMatching(/^[a-z0-9.-]{1,12}$/)).map(([l, d]) => `<${l}@${d}>`), weight: 6 },
  fc.tuple(word, word).map(([l, d]) => `${l}@${d}`),
  fc.constant('<>'),
  tricky,
);
const contentType = fc.constantFrom('text/plain', 'text/plain; charset=utf-8', 'text/plain; charset="us-ascii"', 'TEXT/PLAIN; charset=ISO-8859-1', 'text/plain; format=flowed', 'text/html', 'multipart/mixed; boundary=b');
const header = fc.oneof(
  addressValue.map((v) => `From: ${v}`),
  addressValue.map((v) => `Reply-To: ${v}`),
  addressValue.map((v) => `Sender: ${v}`),
  messageIdValue.map((v) => `Message-ID: ${v}`),
  tricky.map((v) => `Subject: ${v}`),
  contentType.map((v) => `Content-Type: ${v}`),
  fc.constantFrom('7bit', '8bit', 'quoted-printable', 'base64').map((v) => `Content-Transfer-Encoding: ${v}`),
  fc.constantFrom('inline', 'attachment; filename=a.txt').map((v) => `Content-Disposition: ${v}`),
  fc.tuple(fc.constantFrom('To', 'Date', 'X-Mailer', 'MIME-Version', 'Auto-Submitted', 'Precedence', 'List-Id', 'X-Loop', 'Received', 'X-Odd Name', 'Subject '), tricky).map(([n, v]) => `${n}: ${v}`),
  tricky.map((v) => ` folded ${v}`),
);
const bodyLine = fc.oneof(fc.stringMatching(/^[ -~\t\r\x0b\x0c\x7f]{0,40}$/), fc.constantFrom('game: g1a2b3c4d5e6', 'secret: S3cretS3cret', 'aragorn, 850, no, e', '-- ', '.', ''));
// One body in ten ends with 8-bit bytes (left to mailparser).
const body = fc.tuple(fc.array(bodyLine, { maxLength: 8 }), fc.constantFrom('', '\n', '\n\n'), fc.integer({ min: 0, max: 9 })).map(([lines, end, n]) => lines.join('\n') + end + (n === 0 ? 'Gr\u00fc\u00dfe\n' : ''));
const eol = fc.constantFrom('\r\n', '\n');

const mailOf = (headers: string[], text: string, nl: string) => Buffer.from(`${headers.join(nl)}${nl}${nl}${text.replace(/\n/g, nl)}`, 'latin1');

describe('readPlainMail', () => {
  it('reads a mail as readMail does, or not at all', async () => {
    let read = 0;
    await fc.assert(
      fc.asyncProperty(addressValue, messageIdValue, fc.array(header, { maxLength: 7 }), fc.nat(8), body, eol, async (from, id, extra, at, text, nl) => {
        // From and Message-ID (most mails have both) among the other headers, at any place.
        const headers = [...extra];
        headers.splice(Math.min(at, headers.length), 0, `From: ${from}`, `Message-ID: ${id}`);
        const raw = mailOf(headers, text, nl);
        const mine = readPlainMail(raw);
        if (mine === null) return;
        read++;
        expect(plainData(mine)).toEqual(plainData(await readMail(raw)));
      }),
      { numRuns: 3000 },
    );
    // Not a test of nothing: some of the generated mails are of the shape it reads.
    expect(read).toBeGreaterThan(50);
  });

  it('reads the commonest order mail, exactly as readMail does', async () => {
    const simple = fc.tuple(
      fc.oneof(address, fc.tuple(word, word, address).map(([a, b, c]) => `${a} ${b} <${c}>`)),
      fc.option(address, { nil: undefined }),
      fc.tuple(word, fc.stringMatching(/^[a-z0-9.-]{1,12}$/)).map(([l, d]) => `<${l}@${d}>`),
      fc.stringMatching(/^[ -~\t]{0,30}$/),
      fc.constantFrom([], ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 7bit', 'MIME-Version: 1.0']),
      fc.array(fc.stringMatching(/^[ -~]{0,40}$/), { minLength: 1, maxLength: 8 }),
      eol,
    );
    await fc.assert(
      fc.asyncProperty(simple, async ([from, replyTo, id, subject, mime, lines, nl]) => {
        const headers = [`From: ${from}`, ...(replyTo !== undefined ? [`Reply-To: ${replyTo}`] : []), 'To: orders@arbiter.test', `Subject: ${subject}`, `Message-ID: ${id}`, ...mime];
        const raw = mailOf(headers, `${lines.join('\n')}\n`, nl);
        const mine = readPlainMail(raw);
        if (from.includes('xn--') || replyTo?.includes('xn--') || subject.includes('=?')) return;
        expect(mine).not.toBeNull();
        expect(plainData(mine as ReadMail)).toEqual(plainData(await readMail(raw)));
      }),
      { numRuns: 500 },
    );
  });

  it('reads every corpus mail it reads at all as readMail does', async () => {
    const corpus = new URL('./corpus/', import.meta.url);
    for (const name of readdirSync(corpus).filter((f) => f.endsWith('.eml'))) {
      const raw = readFileSync(new URL(name, corpus));
      const mine = readPlainMail(raw);
      if (mine !== null) expect(plainData(mine), name).toEqual(plainData(await readMail(raw)));
    }
  });
});
