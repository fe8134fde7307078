import type { SendMailOptions } from 'nodemailer';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ReportMail, renderMapPng } from '@arbiter/reports';
import { composeReportMail, renderMapSvg } from '../src/index.ts';
import { gondorContext, gondorView, nastyView } from './fixtures.ts';

const svg = renderMapSvg(gondorView, { nationName: 'Gondor', nationNames: gondorContext.nationNames ?? {} });
const png = renderMapPng(svg);

const base = {
  view: gondorView,
  ctx: gondorContext,
  to: ['denethor@example.org', 'faramir@example.org'],
  from: 'Arbiter <arbiter@arbiter.example.org>',
  messageId: '<report-g-0001-3-gondor@arbiter.example.org>',
};

/** The mail with binary attachments replaced by their name, type and size, for the golden file. */
function printable(mail: ReportMail): string {
  return JSON.stringify(
    {
      ...mail,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: `<${a.content.length > 0 ? 'PNG bytes' : 'empty'}>` })),
    },
    null,
    2,
  );
}

describe('report mail', () => {
  it('matches the golden file (minus the PNG bytes)', async () => {
    const mail = composeReportMail({ ...base, png });
    await expect(printable(mail)).toMatchFileSnapshot('./__golden__/gondor-turn-3.mail.json');
  });

  it('has the subject, headers, parts and the PNG attachment', () => {
    const mail = composeReportMail({ ...base, png, replyTo: 'orders+g-0001@arbiter.example.org', unsubscribe: 'https://arbiter.example.org/u/abc' });
    expect(mail.subject).toBe('[Arbiter] War of the Ring turn 3 report: Gondor');
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated');
    expect(mail.messageId).toBe('<report-g-0001-3-gondor@arbiter.example.org>');
    expect(mail.to).toEqual(['denethor@example.org', 'faramir@example.org']);
    expect(mail.replyTo).toBe('orders+g-0001@arbiter.example.org');
    expect(mail.list).toEqual({ unsubscribe: 'https://arbiter.example.org/u/abc' });
    expect(mail.text).toContain('Army aragorn: 2915 -> 3116, 10 MP spent');
    // The HTML draws its own larger map, with links to the report's entries; the PNG is the mailed map.
    expect(mail.html).toContain('<a href="#unit-eomer">');
    expect(mail.html).not.toContain(svg.slice(5));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe('map-turn-3.png');
    expect(mail.attachments[0]?.contentType).toBe('image/png');
    expect(mail.attachments[0]?.content.equals(png)).toBe(true);
  });

  it('renders the map itself when not given one, and attaches nothing without a PNG', () => {
    const mail = composeReportMail(base);
    expect(mail.html).toContain('<svg ');
    expect(mail.attachments).toEqual([]);
    expect(mail.list).toBeUndefined();
  });

  it('is a nodemailer message', () => {
    expectTypeOf<ReportMail>().toExtend<SendMailOptions>();
  });

  it('adds angle brackets to a bare Message-ID', () => {
    expect(composeReportMail({ ...base, messageId: 'r-1@arbiter.example.org' }).messageId).toBe('<r-1@arbiter.example.org>');
  });

  it('keeps line breaks and markup out of the subject and headers', () => {
    const { view, ctx } = nastyView();
    const mail = composeReportMail({ ...base, view, ctx: { ...ctx, gameId: 'g-1\r\nBcc: victim@example.org' } });
    expect(mail.subject).not.toMatch(/[\r\n\u0007]/);
    for (const v of Object.values(mail.headers)) expect(v).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
  });

  it('refuses bad addresses, ids and attachments with a clear error', () => {
    expect(() => composeReportMail({ ...base, to: [] })).toThrow('no recipient for nation gondor');
    expect(() => composeReportMail({ ...base, to: ['denethor'] })).toThrow('to[0] "denethor" is not an e-mail address');
    expect(() => composeReportMail({ ...base, to: ['a@example.org\r\nBcc: x@example.org'] })).toThrow('contains a line break');
    expect(() => composeReportMail({ ...base, from: 'Arbiter <nobody>' })).toThrow('from "Arbiter <nobody>" is not an e-mail address');
    expect(() => composeReportMail({ ...base, messageId: 'no id here' })).toThrow('messageId "no id here" must look like');
    expect(() => composeReportMail({ ...base, png: Buffer.from('GIF89a') })).toThrow('png is not PNG data');
    expect(() => composeReportMail({ ...base, unsubscribe: 'javascript:alert(1)' })).toThrow('must be an https: or mailto: URL');
    expect(() => composeReportMail({ ...base, ctx: { ...gondorContext, turn: 2 } })).toThrow("turn 2 does not match the view's turn 3");
  });
});
