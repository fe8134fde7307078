import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACT_LIMITS, extractSubmission, liveText, type MailContent } from '../src/extract.ts';
import { rulesetsRecognise } from '../src/order-files.ts';
import { orderFileName, savedOrderFile } from '../../../packages/ruleset-mepbm/test/joverseer-export.ts';
import { decodeTextBytes, looksBinary, normalizeText } from '../src/text.ts';

function mail(text: string | null, extra: Partial<MailContent> = {}): MailContent {
  return { subject: '', text, htmlUnreadable: false, attachments: [], forwarded: [], ...extra };
}

function submission(text: string, extra: Partial<MailContent> = {}) {
  const r = extractSubmission(mail(text, extra), DEFAULT_EXTRACT_LIMITS, rulesetsRecognise);
  if (!r.ok) throw new Error(`refused: ${r.reason} ${r.message}`);
  return r.submission;
}

describe('keyword lines', () => {
  it('reads game, secret and orders; keywords are case-insensitive and take : or =', () => {
    const s = submission('GAME = me1\nSecret: abc-123\nAragorn, 850, no, nw');
    expect(s).toMatchObject({ gameId: 'me1', secret: 'abc-123', command: 'orders', orderText: 'Aragorn, 850, no, nw' });
  });

  it('takes game and secret from the subject', () => {
    const s = submission('aragorn, 850, no, nw', { subject: 'Re: orders game: me1, secret: s3cr3t' });
    expect(s).toMatchObject({ gameId: 'me1', secret: 's3cr3t', orderText: 'aragorn, 850, no, nw' });
  });

  it('refuses two different games, naming both', () => {
    const c = extractSubmission(mail('game: me1\nsecret: a\ngame: me2\n'));
    expect(c).toMatchObject({ ok: false, reason: 'conflicting-lines' });
    if (!c.ok) {
      expect(c.message).toContain('"me1"');
      expect(c.message).toContain('"me2"');
    }
  });

  it('lets the body win over a free-text subject, and ignores subject words that are not values', () => {
    const s = submission('game: me1\nsecret: a\naragorn, 850, no, e', { subject: 'Game: Fourth Age, command: please' });
    expect(s).toMatchObject({ gameId: 'me1', command: 'orders' });
    expect(s.warnings.join(' ')).toContain('The subject names game "Fourth"');
  });

  it('treats game ids and secrets as case-sensitive', () => {
    expect(extractSubmission(mail('game: me1\nsecret: AbC\nsecret: abc\n'))).toMatchObject({ ok: false, reason: 'conflicting-lines' });
    expect(submission('game: me1\nnation: North\nnation: north\nsecret: a').nation).toBe('North');
  });

  it('refuses two different secrets without repeating either', () => {
    const c = extractSubmission(mail('game: me1\nsecret: aaa\nsecret: bbb\n'));
    expect(c).toMatchObject({ ok: false, reason: 'conflicting-lines' });
    if (!c.ok) {
      expect(c.message).not.toContain('aaa');
      expect(c.message).not.toContain('bbb');
    }
  });

  it('refuses a secret line with several words, without echoing it', () => {
    const c = extractSubmission(mail('game: me1\nsecret: my secret phrase\n'));
    expect(c).toMatchObject({ ok: false, reason: 'bad-keyword-value' });
    if (!c.ok) expect(c.message).not.toContain('phrase');
  });

  it('refuses an unknown command with the list of known ones', () => {
    const c = extractSubmission(mail('game: me1\nsecret: a\ncommand: dance\n'));
    expect(c).toMatchObject({ ok: false, reason: 'unknown-command' });
    if (!c.ok) expect(c.message).toContain('command: status');
  });

  it('refuses a mail without a game line, and one without any text', () => {
    expect(extractSubmission(mail('secret: a\nx, 850'))).toMatchObject({ ok: false, reason: 'missing-game' });
    expect(extractSubmission(mail(null))).toMatchObject({ ok: false, reason: 'no-text' });
    expect(extractSubmission(mail('  \n\n'))).toMatchObject({ ok: false, reason: 'no-text' });
  });

  it('"final: yes" (body or subject) marks the orders final; anything but yes or no is refused', () => {
    expect(submission('game: me1\nsecret: a\naragorn, 850, no, nw').final).toBe(false);
    expect(submission('game: me1\nsecret: a\naragorn, 850, no, nw\nFinal: YES')).toMatchObject({ final: true, orderText: 'aragorn, 850, no, nw' });
    expect(submission('game: me1\nsecret: a\nfinal: no\naragorn, 850, no, nw').final).toBe(false);
    expect(submission('game: me1\nsecret: a\naragorn, 850, no, nw', { subject: 'orders final: yes' }).final).toBe(true);
    expect(extractSubmission(mail('game: me1\nsecret: a\nfinal: maybe\naragorn, 850, no, nw'))).toMatchObject({ ok: false, reason: 'bad-keyword-value' });
    expect(extractSubmission(mail('game: me1\nsecret: a\nfinal: yes\nfinal: no'))).toMatchObject({ ok: false, reason: 'conflicting-lines' });
  });

  it('warns when status is asked and order lines are present too', () => {
    const s = submission('game: me1\nsecret: a\ncommand: status\naragorn, 850, no, nw');
    expect(s.command).toBe('status');
    expect(s.orderText).toBe('');
    expect(s.warnings.join(' ')).toContain('not read as orders');
  });

  it('warns that an empty order mail leaves standing orders unchanged', () => {
    expect(submission('game: me1\nsecret: a\n').warnings.join(' ')).toContain('unchanged');
  });
});

describe('limits', () => {
  it('refuses 10,000 orders in one mail, storing nothing', () => {
    const orders = Array.from({ length: 10_000 }, (_, i) => `army${i}, 850, no, nw`).join('\n');
    const r = extractSubmission(mail(`game: me1\nsecret: a\n${orders}`));
    expect(r).toMatchObject({ ok: false, reason: 'too-many-lines' });
    if (!r.ok) expect(r.message).toContain('10000 order lines');
  });

  it('refuses an order text over the character limit', () => {
    const r = extractSubmission(mail(`game: me1\nsecret: a\n${'x'.repeat(60_000)}`));
    expect(r).toMatchObject({ ok: false, reason: 'too-long' });
  });
});

describe('live text', () => {
  it('drops > quotes and the attribution line, keeps the rest', () => {
    const t = liveText('a\nOn Mon, 1 Jan 2026, X <x@y.z> wrote:\n> b\n>> c\nd', false);
    expect(t.lines).toEqual(['a', 'd']);
    expect(t.droppedQuoted).toBe(3);
  });

  it('stops at a signature, an end line and an Outlook original-message block', () => {
    expect(liveText('a\n-- \nsig', false).lines).toEqual(['a']);
    expect(liveText('a\nEND\nb', false).lines).toEqual(['a']);
    expect(liveText('a\n-----Original Message-----\nFrom: x\nb', false).lines).toEqual(['a']);
  });

  it('reads through an Outlook block when the mail is a forward', () => {
    expect(liveText('-----Original Message-----\nFrom: x@y.z\nSent: today\nSubject: s\n\nb', true).lines).toEqual(['b']);
  });

  it('handles CRLF, BOM and non-breaking spaces', () => {
    expect(liveText('\uFEFFa,\u00A0b\r\nc\r\n', false).lines).toEqual(['a, b', 'c', '']);
  });
});

describe('attachments', () => {
  const att = (filename: string, contentType: string, content: Uint8Array, charset: string | null = null) => ({
    filename,
    contentType,
    charset,
    content,
    related: false,
  });

  it('ignores a binary file named .txt, with a warning', () => {
    const r = extractSubmission(
      mail('game: me1\nsecret: a\naragorn, 850, no, nw', {
        attachments: [att('orders.txt', 'text/plain', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]))],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.submission.orderText).toBe('aragorn, 850, no, nw');
    expect(r.submission.warnings.join(' ')).toContain('orders.txt is not a text file');
  });

  it('reads a UTF-16 order file from Windows Notepad', () => {
    const text = 'aragorn, 850, no, nw\r\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const s = submission('game: me1\nsecret: a', { attachments: [att('orders.txt', 'text/plain', bytes)] });
    expect(s.orderText).toBe('aragorn, 850, no, nw');
    expect(s.source).toBe('attachment orders.txt');
  });

  // JOverseer's order file (docs/orders-mepbm.md, "Order files"), as a text/plain attachment of any name.
  const joverseer = 'BEGINMEAUTOINPUT\r\n77,6,1234,5678,Ann,15Jan2027,NO,1\r\n\r\narago,850,no,e,--,--\r\n\r\nENDMEAUTOINPUT\r\nJO1.17.3\r\n';

  it('reads a JOverseer order file from a text/plain attachment of another name when the body has no orders', () => {
    const s = submission('game: me1\nsecret: a\n', { attachments: [att('me77n06.csv', 'text/plain', Buffer.from(joverseer))] });
    expect(s.source).toBe('attachment me77n06.csv');
    expect(s.orderText.split('\n')).toEqual(['BEGINMEAUTOINPUT', '77,6,1234,5678,Ann,15Jan2027,NO,1', '', 'arago,850,no,e,--,--', '', 'ENDMEAUTOINPUT', 'JO1.17.3']);
    expect(s.warnings).toEqual([]);
  });

  it('reads the body\'s orders over a JOverseer attachment, saying so', () => {
    const s = submission('game: me1\nsecret: a\naragorn, 850, no, nw', { attachments: [att('me77n06.csv', 'text/plain', Buffer.from(joverseer))] });
    expect(s.orderText).toBe('aragorn, 850, no, nw');
    expect(s.warnings).toEqual(['The orders were read from the mail body; the order file in me77n06.csv was not read (send it without orders in the body).']);
  });

  // The file as JOverseer 1.19.01 saves it (CRLF, Windows-1252, no final line break), under its own name,
  // as a mail program sends a file it does not know: application/octet-stream, no charset.
  const header = { game: 77, nation: 3, player: 'Éowyn Fan' };
  const saved = savedOrderFile(header, [
    { id: 'eowyn', orders: [{ order: 870, params: ['2521', 'theod'] }] },
    { id: 'theod', orders: [{ order: 850, params: ['e', 'no'] }] },
  ]);

  it('reads JOverseer\'s own file (me03v0.077, application/octet-stream, Windows-1252) by its content', () => {
    const name = orderFileName(header);
    expect(name).toBe('me03v0.077');
    const s = submission('game: me1\nsecret: a\n', { attachments: [att(name, 'application/octet-stream', saved)] });
    expect(s.source).toBe('attachment me03v0.077');
    expect(s.warnings).toEqual([]);
    const lines = s.orderText.split('\n');
    expect(lines[1]).toBe('77,3,1234,5678,Éowyn Fan,15Jan2027,NO,4');
    expect(lines).toContain('eowyn,870,2521,theod,--,--,--,--,--,--,--,--,--,--,--,--,--');
    expect(lines).toContain('eowyn,-1,--,--,--,--,--,--,--,--,--,--,--,--,--,--,--');
    expect(lines[lines.length - 1]).toBe('JO1.19.01');
  });

  it('does not decode an unknown attachment past the size read at all, nor a binary one', () => {
    const limits = { maxOrderLines: 500, maxOrderChars: 2 }; // 80 characters read at all
    const big = extractSubmission(mail('game: me1\nsecret: a\n', { attachments: [att('me03v0.077', 'application/octet-stream', saved)] }), limits, rulesetsRecognise);
    expect(big.ok && big.submission.orderText).toBe('');
    const binary = submission('game: me1\nsecret: a\n', { attachments: [att('me03v0.077', 'application/octet-stream', new Uint8Array([0, 1, 2, ...saved]))] });
    expect(binary.orderText).toBe('');
    expect(binary.warnings.join(' ')).toContain('Attachment me03v0.077 (application/octet-stream) was ignored');
  });

  it('asks the rulesets: without one that recognises it, the file is an ignored attachment', () => {
    const r = extractSubmission(mail('game: me1\nsecret: a\n', { attachments: [att('me03v0.077', 'application/octet-stream', saved)] }));
    expect(r.ok && r.submission.orderText).toBe('');
  });

  it('still ignores a text/plain attachment of another name without the BEGINMEAUTOINPUT line', () => {
    const s = submission('game: me1\nsecret: a\n', { attachments: [att('notes.csv', 'text/plain', Buffer.from('aragorn, 850, no, e'))] });
    expect(s.orderText).toBe('');
    expect(s.warnings.join(' ')).toContain('Attachment notes.csv (text/plain) was ignored');
  });
});

describe('text decoding', () => {
  it('decodes by BOM, declared charset, then UTF-8 or windows-1252', () => {
    expect(decodeTextBytes(Buffer.from('\uFEFFé', 'utf8')).text).toBe('é');
    expect(decodeTextBytes(Buffer.from([0xe9]), 'iso-8859-1').text).toBe('é');
    expect(decodeTextBytes(Buffer.from('é', 'utf8')).charset).toBe('utf-8');
    expect(decodeTextBytes(Buffer.from([0x93, 0x61, 0x94])).text).toBe('\u201Ca\u201D');
    expect(decodeTextBytes(Buffer.from('a'), 'x-klingon').note).toContain('unknown character set');
  });

  it('tells binary from text', () => {
    expect(looksBinary(Buffer.from('aragorn, 850\r\n'))).toBe(false);
    expect(looksBinary(Buffer.from([1, 2, 3, 0, 5]))).toBe(true);
  });

  test.prop([fc.string({ maxLength: 200 })], { numRuns: 200 })('normalizeText is idempotent', (s) => {
    expect(normalizeText(normalizeText(s))).toBe(normalizeText(s));
  });
});

describe('never throws', () => {
  // Text without ":", "=" or ">" holds no keyword line and no quoted line, so its outcome is known.
  const plain = (maxLength: number) => fc.string({ maxLength, unit: 'grapheme' }).map((t) => t.replace(/[:=>]/g, ' '));

  test.prop([plain(400), plain(80)], { numRuns: 300 })(
    'any body and subject without game and secret lines are refused for the missing game (or as empty)',
    (text, subject) => {
      const r = extractSubmission(mail(text, { subject }));
      if (r.ok) throw new Error(`accepted without a game line: ${JSON.stringify(r.submission)}`);
      const words = /[\p{L}\p{N}]/u.test(text) && !/^\s*--/m.test(text); // a "--" line starts a signature
      if (text.trim() === '') expect(r.reason).toBe('no-text');
      else if (words) expect(r.reason).toBe('missing-game');
      else expect(['missing-game', 'no-text']).toContain(r.reason);
      expect(r.message).toMatch(r.reason === 'no-text' ? /no readable text/ : /has no "game:" line/);
    },
  );

  test.prop([plain(400), plain(80)], { numRuns: 300 })(
    'after game and secret lines, any text is the order text: accepted for that game and secret, line by line',
    (text, subject) => {
      const r = extractSubmission(mail(`game: g1\r\nsecret: s1\r\n${text}`, { subject }));
      if (!r.ok) throw new Error(`refused: ${r.reason} ${r.message}`);
      expect(r.submission).toMatchObject({ gameId: 'g1', secret: 's1', command: 'orders', source: 'body' });
      expect(r.submission.orderText.includes('\r')).toBe(false);
      const lines = r.submission.orderText === '' ? [] : r.submission.orderText.split('\n');
      // Every non-blank line of the text, in order (unless a signature line, "--", "__..." or "—...",
      // starts a signature, which is cut).
      const given = normalizeText(text).split('\n').map((l) => l.trim()).filter((l) => l !== '');
      const read = lines.map((l) => l.trim()).filter((l) => l !== '');
      if (/^\s*(--|__|—)/m.test(text)) expect(given.join('\n').startsWith(read.join('\n'))).toBe(true);
      else expect(read).toEqual(given);
    },
  );

  test.prop(
    [fc.array(fc.constantFrom('game: g1', 'secret: s', 'aragorn, 850, no, nw', '> quoted', '-- ', 'On x wrote:', '', 'hello'), { maxLength: 20 })],
    { numRuns: 300 },
  )('order text is always a subset of the body lines, in order, without keyword or quote lines', (lines) => {
    const r = extractSubmission(mail(lines.join('\n')));
    if (!r.ok) return;
    const out = r.submission.orderText === '' ? [] : r.submission.orderText.split('\n');
    for (const l of out) {
      expect(['aragorn, 850, no, nw', '', 'hello']).toContain(l);
    }
  });
});

describe('order mails as mail clients write them (property)', () => {
  const unit = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
  const dir = fc.constantFrom('ne', 'e', 'se', 'sw', 'w', 'nw', 'h');
  const orderLine = fc.oneof(
    fc.tuple(unit, fc.constantFrom('850', '860'), fc.constantFrom('no', 'ev'), fc.array(dir, { minLength: 1, maxLength: 14 })).map(([u, c, e, d]) => `${u}, ${c}, ${e}, ${d.join(', ')}`),
    fc.tuple(unit, fc.integer({ min: 101, max: 4439 })).map(([u, h]) => `${u}, 810, ${String(h).padStart(4, '0')}`),
  );
  const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/);
  const mailBody = fc.record({
    orders: fc.array(orderLine, { minLength: 1, maxLength: 30 }),
    game: token,
    secret: token,
    secretFirst: fc.boolean(),
    keywordStyle: fc.constantFrom('game: ', 'Game: ', 'GAME = ', 'game:'),
    greeting: fc.subarray(['Hi GM,', '', 'here are my orders for this turn.', 'Thanks for running the game!']),
    ending: fc.constantFrom('', '-- \nFrodo Baggins\nBag End', 'end\nP.S. hello', 'Sent from my iPhone', '\n\nOn Mon, 30 Nov 2026 at 09:00, Arbiter <orders@arbiter.test> wrote:\n> game: old\n> aragorn, 850, no, e'),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    trailingSpaces: fc.boolean(),
  });

  test.prop([mailBody], { numRuns: 300 })('the orders come out exactly, whatever surrounds them', (m) => {
    const keywordLines = [`${m.keywordStyle}${m.game}`, `secret: ${m.secret}`];
    if (m.secretFirst) keywordLines.reverse();
    const lines = [...m.greeting, ...keywordLines, '', ...m.orders.map((o) => (m.trailingSpaces ? `${o}  \t` : o)), '', ...m.ending.split('\n')];
    let body = lines.join(m.crlf ? '\r\n' : '\n');
    if (m.bom) body = `\uFEFF${body}`;
    const r = extractSubmission(mail(body));
    if (!r.ok) throw new Error(`refused: ${r.message}`);
    expect(r.submission).toMatchObject({ gameId: m.game, secret: m.secret, command: 'orders', orderText: m.orders.join('\n') });
    const greeting = m.greeting.filter((g) => g !== '');
    expect(r.submission.warnings.some((w) => w.includes('before the game/secret lines'))).toBe(greeting.length > 0);
  });
});
