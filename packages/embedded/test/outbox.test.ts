// The .eml outbox: real nodemailer message building, real files, read back with mailparser.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport, emlFileName, listOutbox } from '../src/index.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-outbox-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createOutboxTransport', () => {
  it('writes the whole mail, headers, parts and attachments, as one .eml file and logs its path', async () => {
    const dir = path.join(root, 'one');
    const logged: { obj: object; msg: string | undefined }[] = [];
    const logger = { info: (obj: object, msg?: string) => logged.push({ obj, msg }), warn() {}, error() {} };
    const transport = createOutboxTransport({ dir, logger, now: () => new Date('2026-11-30T09:12:03.123Z') });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const result = await transport.sendMail({
      from: 'Arbiter <arbiter@localhost>',
      to: 'Gondor <gondor@example.org>',
      cc: 'gm@example.org',
      subject: 'Turn 1 report: Gondor',
      messageId: '<report-demo-1-gondor@arbiter.localhost>',
      headers: { 'Auto-Submitted': 'auto-generated' },
      text: 'Aragorn moved from 2915 to 2916.',
      html: '<p>Aragorn moved from 2915 to 2916.</p>',
      attachments: [{ filename: 'map.png', content: png, contentType: 'image/png' }],
    });
    expect(result.path).toBe(path.join(dir, '20261130T091203.123Z_gondor-example.org_' + result.path.slice(-12)));
    expect(result.accepted).toEqual(['gondor@example.org', 'gm@example.org']);
    expect(result.rejected).toEqual([]);
    expect(result.response).toBe(`written to ${result.path}`);
    expect(await listOutbox(dir)).toEqual([result.path]);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe(`mail written to ${result.path}`);

    // A welcome mail holds a secret: readable by this user only (issue 27).
    expect((await stat(result.path)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const raw = await readFile(result.path);
    expect(raw.includes('\r\n')).toBe(true); // CRLF, as on the wire
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('Turn 1 report: Gondor');
    expect(mail.messageId).toBe('<report-demo-1-gondor@arbiter.localhost>');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text?.trim()).toBe('Aragorn moved from 2915 to 2916.');
    expect(mail.html).toContain('<p>Aragorn moved from 2915 to 2916.</p>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(png)])).toEqual([['map.png', 'image/png', true]]);
  });

  it('writes concurrent sends to distinct files and leaves no temporary file behind', async () => {
    const dir = path.join(root, 'many');
    const transport = createOutboxTransport({ dir });
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        transport.sendMail({ from: 'arbiter@localhost', to: `nation${i % 3}@example.org`, subject: `mail ${i}`, text: `body ${i}` }),
      ),
    );
    expect(new Set(results.map((r) => r.path)).size).toBe(25);
    expect((await readdir(dir)).filter((n) => !n.endsWith('.eml'))).toEqual([]);
    const listed = await listOutbox(dir);
    expect(listed).toHaveLength(25);
    expect([...listed].sort()).toEqual(listed);
    const subjects = await Promise.all(listed.map(async (f) => (await simpleParser(await readFile(f))).subject));
    expect(new Set(subjects).size).toBe(25);
  });

  it('refuses a mail without a recipient, and any mail after close, with a clear error', async () => {
    const transport = createOutboxTransport({ dir: path.join(root, 'errors') });
    await expect(transport.sendMail({ from: 'arbiter@localhost', subject: 'nobody', text: 'x' })).rejects.toThrow(/recipient/);
    transport.close();
    await expect(transport.sendMail({ from: 'arbiter@localhost', to: 'a@example.org', text: 'x' })).rejects.toThrow('The outbox transport is closed');
  });
});

describe('listOutbox', () => {
  it('is empty for a folder that does not exist yet', async () => {
    expect(await listOutbox(path.join(root, 'missing'))).toEqual([]);
  });
});

describe('emlFileName', () => {
  it('sorts by time, names the first recipient safely and separates different mails of the same moment', () => {
    const at = new Date('2026-01-02T03:04:05.006Z');
    const a = emlFileName(at, 'Weird "Name"/../x@Example.ORG', '<a@x>');
    expect(a).toMatch(/^20260102T030405\.006Z_weird__name__\.\._x-example\.org_[0-9a-f]{8}\.eml$/);
    expect(a).not.toContain('/');
    expect(emlFileName(at, 'x@example.org', '<a@x>')).not.toBe(emlFileName(at, 'x@example.org', '<b@x>'));
    expect(emlFileName(new Date('2026-01-02T03:04:05.007Z'), 'a@b', '<a@x>') > emlFileName(at, 'z@b', '<a@x>')).toBe(true);
  });
});
