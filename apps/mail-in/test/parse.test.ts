import { describe, expect, it } from 'vitest';
import { readMail } from '../src/parse.ts';

describe('readMail', () => {
  it('makes a stable Message-ID from the bytes when the mail has none', async () => {
    const raw = Buffer.from('From: a@b.test\r\nSubject: x\r\n\r\ngame: g\r\n');
    const a = await readMail(raw);
    const b = await readMail(Buffer.from(raw));
    expect(a.messageIdSynthesised).toBe(true);
    expect(a.messageId).toMatch(/^<[0-9a-f]{64}@arbiter\.invalid>$/);
    expect(b.messageId).toBe(a.messageId);
    expect((await readMail(Buffer.from('From: a@b.test\r\nSubject: y\r\n\r\ngame: g\r\n'))).messageId).not.toBe(a.messageId);
  });

  it('keeps a normal Message-ID and shortens an absurdly long one', async () => {
    expect((await readMail(Buffer.from('From: a@b.test\r\nMessage-ID: <abc@b.test>\r\n\r\nx'))).messageId).toBe('<abc@b.test>');
    const long = await readMail(Buffer.from(`From: a@b.test\r\nMessage-ID: <${'x'.repeat(2000)}@b.test>\r\n\r\nx`));
    expect(long.messageId).toMatch(/^<[0-9a-f]{64}@long-id\.arbiter\.invalid>$/);
  });

  it('answers Reply-To before From, and keeps raw header values for screening', async () => {
    const m = await readMail(Buffer.from('From: Player <p@home.test>\r\nReply-To: "Team" <team@home.test>\r\nX-Loop: a\r\nX-Loop: b\r\n\r\nx'));
    expect(m.from).toBe('p@home.test');
    expect(m.replyAddress).toBe('team@home.test');
    expect(m.headers.get('x-loop')).toEqual(['a', 'b']);
  });

  it('reads bytes that are no mail at all without throwing', async () => {
    const m = await readMail(Buffer.from([0, 1, 2, 0xff, 0xfe, 13, 10, 13, 10, 0x89]));
    expect(m.from).toBeNull();
    expect(m.replyAddress).toBeNull();
    expect(m.messageIdSynthesised).toBe(true);
  });
});
