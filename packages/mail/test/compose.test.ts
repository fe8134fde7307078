import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail, messageIdDomain, reportMessageId, outboxMessageId, validateOutgoing, createSmtpTransport, checkSmtpUrl } from '../src/index.ts';
import type { OutgoingMail } from '../src/index.ts';
import { startSmtpSink } from '../src/testing.ts';
import type { SmtpSink } from '../src/testing.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function report(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: ['gondor@players.example'],
    subject: 'Arbiter: turn 3 report for Gondor',
    text: 'Turn 3\naragorn moved 2915 -> 2914\n',
    html: '<html><body><h1>Turn 3</h1></body></html>',
    messageId: reportMessageId({ gameId: 'g1', nationId: 'gondor', turn: 3, domain: 'arbiter.example' }),
    inReplyTo: null,
    attachments: [{ filename: 'map-turn-3.png', contentType: 'image/png', content: png }],
    listUnsubscribe: 'https://arbiter.example/unsubscribe/abc',
    headers: { 'X-Arbiter-Game': 'g1' },
    ...overrides,
  };
}

describe('message ids', () => {
  it('are stable for a nation and turn and differ between turns, nations and revisions', () => {
    const a = reportMessageId({ gameId: 'g1', nationId: 'gondor', turn: 3, domain: 'x.example' });
    expect(a).toBe('report.g1.gondor.t3@x.example');
    expect(reportMessageId({ gameId: 'g1', nationId: 'gondor', turn: 3, domain: 'x.example' })).toBe(a);
    expect(reportMessageId({ gameId: 'g1', nationId: 'gondor', turn: 4, domain: 'x.example' })).not.toBe(a);
    expect(reportMessageId({ gameId: 'g1', nationId: 'mordor', turn: 3, domain: 'x.example' })).not.toBe(a);
    expect(reportMessageId({ gameId: 'g1', nationId: 'gondor', turn: 3, revision: 1, domain: 'x.example' })).toBe('report.g1.gondor.t3.r1@x.example');
  });
  it('take their domain from the sender address', () => {
    expect(messageIdDomain('"Arbiter" <arbiter@Arbiter.Example>')).toBe('arbiter.example');
    expect(messageIdDomain('arbiter@x.example')).toBe('x.example');
    expect(() => messageIdDomain('Arbiter')).toThrow('MAIL_FROM "Arbiter" has no domain');
  });
  it('escape characters that would break the id', () => {
    const id = outboxMessageId('receipt', 'sub 7@x', 'x.example');
    expect(id).toBe('receipt.sub=207=40x@x.example');
    expect(validateOutgoing(report({ messageId: id }))).toBeNull();
  });
});

describe('validateOutgoing', () => {
  it('accepts a well-formed report', () => {
    expect(validateOutgoing(report())).toBeNull();
  });
  it.each([
    [{ to: ['not an address'] }, 'recipient "not an address" is not a single mail address'],
    [{ to: ['a@x.example, b@x.example'] }, 'is not a single mail address'],
    [{ to: [] }, 'there is no recipient'],
    [{ headers: { 'Bcc': 'spy@x.example' } }, 'header Bcc is set by the sender itself'],
    [{ headers: { 'X-A': 'a\nBcc: spy@x.example' } }, 'header X-A contains a line break'],
    [{ headers: { 'X A': 'a' } }, 'header name "X A" is not a header field name'],
    [{ messageId: 'report-1' }, 'Message-ID "report-1" is not of the form id@domain'],
    [{ messageId: '<a@b.example>' }, 'is not of the form id@domain (without angle brackets)'],
    [{ subject: '  ' }, 'subject is empty'],
    [{ subject: 'a\r\nBcc: evil@x.example' }, 'subject contains a line break'],
    [{ listUnsubscribe: 'http://insecure.example/u' }, 'neither an https: URL nor a mailto: address'],
    [{ attachments: [{ filename: '../etc/passwd', contentType: 'image/png', content: png }] }, 'is not a plain file name'],
    [{ attachments: [{ filename: 'm.png', contentType: 'png', content: png }] }, 'malformed content type "png"'],
  ] as [Partial<OutgoingMail>, string][])('refuses %o', (bad, message) => {
    expect(validateOutgoing(report(bad))).toContain(message);
  });
});

describe('checkSmtpUrl', () => {
  it('accepts smtp and smtps URLs', () => {
    expect(checkSmtpUrl('smtp://127.0.0.1:2525')).toBeNull();
    expect(checkSmtpUrl('smtps://user:p%40ss@mail.example:465')).toBeNull();
  });
  it('names what is wrong and hides credentials', () => {
    expect(checkSmtpUrl('http://mail.example')).toBe('scheme "http:" is not supported (expected smtp: or smtps:)');
    const msg = checkSmtpUrl('user:secret@nowhere');
    expect(msg).not.toBeNull();
    expect(checkSmtpUrl('mail.example:25')).toContain('scheme');
    expect(() => createSmtpTransport('ftp://x')).toThrow('SMTP_URL: scheme "ftp:" is not supported');
  });
});

describe('composeMail over a real SMTP server', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('delivers recipient, subject, text, HTML, the PNG attachment and the machine headers', async () => {
    const transport = createSmtpTransport(sink.url);
    try {
      const info = await transport.sendMail(composeMail(report({ inReplyTo: 'orders.42@players.example' }), { from: '"Arbiter" <arbiter@arbiter.example>' }));
      expect(info.messageId).toBe('<report.g1.gondor.t3@arbiter.example>');
    } finally {
      transport.close();
    }
    const [mail] = await sink.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['gondor@players.example']);
    expect(mail!.envelopeFrom).toBe('arbiter@arbiter.example');
    const p = mail!.parsed;
    expect(p.subject).toBe('Arbiter: turn 3 report for Gondor');
    expect(p.text).toBe('Turn 3\naragorn moved 2915 -> 2914\n');
    expect(p.html).toContain('<h1>Turn 3</h1>');
    expect(p.messageId).toBe('<report.g1.gondor.t3@arbiter.example>');
    expect(p.inReplyTo).toBe('<orders.42@players.example>');
    expect(p.headers.get('auto-submitted')).toBe('auto-generated');
    expect(p.headers.get('x-loop')).toBe('arbiter');
    expect(p.headers.get('x-arbiter-game')).toBe('g1');
    expect(mail!.raw.toString('latin1')).toMatch(/^List-Unsubscribe: <https:\/\/arbiter\.example\/unsubscribe\/abc>/m);
    expect(mail!.raw.toString('latin1')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(p.attachments).toHaveLength(1);
    expect(p.attachments[0]!.filename).toBe('map-turn-3.png');
    expect(p.attachments[0]!.contentType).toBe('image/png');
    expect(new Uint8Array(p.attachments[0]!.content)).toEqual(png);
  });
});
