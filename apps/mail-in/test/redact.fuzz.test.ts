// The secret check of stored mail (redact.ts, issue 27) reads every part, HTML included: whatever a part
// holds, it runs in time linear in its size (a run of "<" without ">" once made the tag removal quadratic),
// and no value after a secret keyword survives a redaction in any part.
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { MailContent } from '../src/extract.ts';
import { readMail } from '../src/parse.ts';
import { redactRawMail, secretsIn } from '../src/redact.ts';
import { compareTimes, ofLength } from '../../../test/linear-time.ts';

const SIZE = 200_000;
const html = (body: string): MailContent => ({ subject: 'orders', text: 'game: g1\n', html: body, htmlUnreadable: false, attachments: [], forwarded: [] });
const harmlessMail = html(`<p>${ofLength('aragorn, 850, no, nw, nw, h<br>', SIZE)}</p>`);

/** Each shape, and how many times the ordinary mail's time it may take (decoding entities costs more per character: linear, measured 3x the time for 4x the size). */
const shapes: Record<string, [MailContent, number]> = {
  'a run of "<" without ">"': [html('<'.repeat(SIZE)), 10],
  'keywords each followed by a long run of spaces': [html(ofLength(`secret${' '.repeat(1_000)}`, SIZE)), 10],
  'repeated keywords and separators': [html(ofLength('secret:&nbsp;"secret"=', SIZE)), 10],
  'a run of entities': [html(ofLength('&nbsp;&#160;&amp;', SIZE)), 40],
};

describe('the secret check on hostile HTML', () => {
  for (const [name, [m, factor]] of Object.entries(shapes)) {
    it(`reads ${name} in time linear in its size`, async () => {
      const r = await compareTimes(() => secretsIn(harmlessMail), () => secretsIn(m), { factor });
      expect(r, `${name}: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms`).toMatchObject({ within: true });
    }, 120_000);
  }

  it('redacts a mail of 20,000 distinct secret values in time linear in its size, keeping none of them', async () => {
    const mailOf = (body: string) => Buffer.from(`From: a@b.test\r\nSubject: x\r\nMessage-ID: <m@b.test>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${body}\r\n`, 'latin1');
    const hostile = mailOf(Array.from({ length: 20_000 }, (_, i) => `<b>secret</b>: value-${String(i).padStart(8, '0')}<br>`).join(''));
    const harmless = mailOf(ofLength('<b>aragorn</b>, 850, no, nw<br>', hostile.length));
    const redact = async (raw: Buffer) => redactRawMail(raw, (await readMail(raw)).content, async (b) => (await readMail(b)).content);
    const r = await compareTimes(() => redact(harmless), () => redact(hostile));
    expect(r, `${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms`).toMatchObject({ within: true });
    const stored = await redact(hostile);
    expect(stored.kind).toBe('withheld');
    expect(stored.raw.toString('latin1')).not.toContain('value-');
  }, 120_000);

  test.prop([fc.constantFrom('secret', 'Secret', 'PASSWORD'), fc.constantFrom(':', '=', '</b>:', ':&nbsp;', '": "', ' : '), fc.stringMatching(/^[A-Za-z0-9_-]{8,43}$/)])(
    'finds the value after a keyword written in HTML, in any of its shapes',
    (keyword, separator, value) => {
      expect(secretsIn(html(`<div><b>${keyword}${separator}${value}</b></div>`))).toContain(value);
    },
  );
});
