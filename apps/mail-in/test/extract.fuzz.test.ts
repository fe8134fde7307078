// Fuzz of the mail text extraction against hostile mail (issue 13, finding 2): whatever a mail holds,
// extractSubmission returns in time linear in its size, and the linear rewrites read every text as the
// regular expressions they replaced did (those are kept here, as the oracle, on short inputs).
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { DEFAULT_EXTRACT_LIMITS, extractSubmission, maxMailTextChars, type MailContent } from '../src/extract.ts';
import { normalizeText } from '../src/text.ts';
import { compareTimes, ofLength } from '../../../test/linear-time.ts';

function mail(text: string, subject = 'orders'): MailContent {
  return { subject, text, htmlUnreadable: false, attachments: [], forwarded: [] };
}

const SIZE = 40_000;
const HEAD = 'game: me1\nsecret: abc-123\n';
const harmlessMail = mail(HEAD + ofLength('aragorn, 850, no, nw, nw, h\n', SIZE));
const harmless = () => extractSubmission(harmlessMail);

/** Body and subject shapes that backtracked (quadratic or worse) in the regular expressions of old. */
const shapes: Record<string, MailContent> = {
  'a line of spaces between two words (the issue\'s mail)': mail(HEAD + 'x' + ' '.repeat(SIZE) + 'y'),
  'a keyword value with a long run of spaces inside': mail('game: a' + ' '.repeat(SIZE) + 'b\nsecret: abc\n'),
  'a line of "<" ending in "wrote:"': mail(HEAD + '<'.repeat(SIZE) + ' wrote:'),
  'spaces before a mobile footer': mail(HEAD + ' '.repeat(SIZE) + 'sent from my phone'),
  'spaces before a header word': mail(HEAD + 'from:' + ' '.repeat(SIZE) + 'x'),
  'a quote attribution split over two lines': mail(HEAD + 'on ' + ' '.repeat(SIZE) + 'x\nwrote:'),
  'many mis-decoded byte-order marks': mail('\u00EF\u00BB\u00BF'.repeat(SIZE / 3) + 'game: me1'),
  'tabs and non-breaking spaces': mail(HEAD + ofLength('\t\u00a0 ', SIZE) + 'x'),
  'a subject value ending in thousands of dots': mail(HEAD, 'game:' + '.'.repeat(SIZE) + 'x'),
  'a subject of repeated keywords': mail(HEAD, ofLength('game: ', SIZE)),
  'a forward subject of repeated Re:': mail(HEAD, ofLength('re: ', SIZE)),
  'lines of underscores and dashes': mail(HEAD + ofLength('__________ ---------- x\n', SIZE)),
};

describe('extractSubmission on hostile mail', () => {
  for (const [name, m] of Object.entries(shapes)) {
    it(`reads ${name} in time linear in its size`, async () => {
      const r = await compareTimes(harmless, () => extractSubmission(m));
      expect(r, `${name}: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms for an ordinary mail`).toMatchObject({ within: true });
    }, 120_000);
  }

  it('reads a mail with a 100,000-space line (the issue\'s mail) as before: a line before the keywords, ignored', async () => {
    const line = 'x' + ' '.repeat(100_000) + 'y';
    const m = mail(line + '\n' + HEAD + 'frodo,' + ' '.repeat(40_000) + '810, 2915   ');
    const r = extractSubmission(m);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.submission.orderText === 'frodo,' + ' '.repeat(40_000) + '810, 2915').toBe(true);
    expect(r.submission.warnings).toEqual([expect.stringContaining('1 line before the game/secret lines was ignored')]);
    const same = mail(ofLength('aragorn, 850, no, nw, nw, h\n', line.length + 1) + HEAD + ofLength('frodo, 810, 2915\n', 40_015));
    const t = await compareTimes(() => extractSubmission(same), () => extractSubmission(m));
    expect(t, `${t.pathologicalMs.toFixed(1)} ms against ${t.harmlessMs.toFixed(1)} ms`).toMatchObject({ within: true });
  }, 120_000);

  it('refuses a text past the size limit before reading it, and names both sizes', () => {
    const max = maxMailTextChars(DEFAULT_EXTRACT_LIMITS);
    const r = extractSubmission(mail(HEAD + 'x'.repeat(max)));
    expect(r).toMatchObject({ ok: false, reason: 'too-long' });
    if (!r.ok) expect(r.message).toContain(`at most ${max} are read`);
  });
});

// The regular expressions the linear code replaced: same results on every short input.
const OLD_KEYWORD_LINE = /^\s*(game|secret|password|nation|command|final)\s*[:=]\s*(.*?)\s*$/i;
const oldNormalize = (input: string) =>
  input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      let l = line;
      while (l.startsWith('\u00EF\u00BB\u00BF')) l = l.slice(3);
      return l.replace(/[\uFEFF\u200B\u200C\u200D\u2060\u00AD]/g, '').replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ').replace(/\s+$/, '');
    })
    .join('\n');

const piece = fc.constantFrom(' ', '\t', '\u00a0', '\u2028', '\u2029', '\u3000', '\r', '\n', '\u00EF\u00BB\u00BF', '\uFEFF', 'game', 'secret', 'Password', ':', '=', 'me1', 'a', '.', ')', ']', '<', '@', '>', 'wrote:', 'on ', 'x');
const hostileText = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

describe('fuzz the mail text extraction', () => {
  test.prop([fc.oneof(hostileText, fc.string({ unit: 'binary', maxLength: 200 }))], { numRuns: 500 })('normalizeText is what the old regular expressions made', (text) => {
    expect(normalizeText(text)).toBe(oldNormalize(text));
  });

  test.prop([hostileText, fc.constantFrom('abc-123', 'x.y', '')], { numRuns: 500 })('a keyword line reads as the old regular expression read it', (rest, secret) => {
    // The value the old expression found on the line, or none; the mail's outcome must agree with it.
    const line = normalizeText(`secret${rest}`).split('\n')[0] ?? '';
    const old = OLD_KEYWORD_LINE.exec(line);
    const r = extractSubmission(mail(`game: me1\n${line}\nsecret: ${secret || 'abc-123'}\n`));
    if (old === null) return; // not a keyword line then: it is an order line, nothing to compare
    const value = old[2] ?? '';
    if (r.ok) expect([value, secret || 'abc-123']).toContain(r.submission.secret);
    else expect(r.reason).toMatch(/bad-keyword-value|conflicting-lines/);
  });

  test.prop([fc.oneof(hostileText, fc.string({ unit: 'binary', maxLength: 300 })), fc.string({ maxLength: 80 })], { numRuns: 300 })('never throws on any mail', (text, subject) => {
    const r = extractSubmission(mail(text, subject));
    expect(typeof r.ok).toBe('boolean');
  });

  const fragment = fc.constantFrom(' ', '\t', '<', '@', '.', ':', 'game', 'wrote', 'on ', '-', '_', '>', '\u00a0', '\u00EF\u00BB\u00BF', 'x', '\n');
  const longShape = fc.array(fragment, { minLength: 1, maxLength: 4 }).map((parts) => ofLength(HEAD + parts.join(''), SIZE));
  test.prop([longShape, fc.boolean()], { numRuns: 12 })('reads a long repeated fragment, in the body or the subject, in linear time', async (text, inSubject) => {
    const m = inSubject ? mail(HEAD, text) : mail(text);
    const r = await compareTimes(harmless, () => extractSubmission(m));
    expect(r, `${JSON.stringify(text.slice(HEAD.length, HEAD.length + 30))}…: ${r.pathologicalMs.toFixed(1)} ms against ${r.harmlessMs.toFixed(1)} ms`).toMatchObject({ within: true });
  }, 300_000);
});
