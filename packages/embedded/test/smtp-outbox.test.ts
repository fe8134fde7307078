// The SMTP outbox: a real SMTP conversation (nodemailer's SMTP transport, as the worker uses it) with the
// real server, files read back with mailparser.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, messageIdOf, startOutboxSmtpServer } from '../src/index.ts';
import type { OutboxSmtpServer } from '../src/index.ts';

let root: string;
let server: OutboxSmtpServer;
const logged: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-smtp-outbox-'));
  server = await startOutboxSmtpServer({
    dir: path.join(root, 'outbox'),
    maxMessageBytes: 64 * 1024,
    logger: { info: (_o, msg) => logged.push(msg ?? ''), warn() {}, error() {} },
  });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('startOutboxSmtpServer', () => {
  it('takes a mail over SMTP and writes exactly the bytes it received as an .eml file', async () => {
    expect(server.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const transport = nodemailer.createTransport(server.url);
    try {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const info = await transport.sendMail({
        from: 'Arbiter <arbiter@localhost>',
        to: ['north@players.example', 'gm@players.example'],
        subject: '[Arbiter] Demo turn 1 report: Kingdom of the North',
        messageId: '<report-g1-north-1@arbiter.localhost>',
        text: 'Aragorn crossed the ford.',
        attachments: [{ filename: 'map.png', content: png, contentType: 'image/png' }],
      });
      expect(info.accepted).toEqual(['north@players.example', 'gm@players.example']);
      const files = await listOutbox(server.dir);
      expect(files).toHaveLength(1);
      const file = files[0] ?? '';
      expect(path.basename(file)).toMatch(/^\d{8}T\d{6}\.\d{3}Z_north-players\.example_[0-9a-f]{8}\.eml$/);
      expect(logged).toContain(`mail written to ${file}`);
      const raw = await readFile(file);
      expect(messageIdOf(raw)).toBe('<report-g1-north-1@arbiter.localhost>');
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe('[Arbiter] Demo turn 1 report: Kingdom of the North');
      expect(mail.text?.trim()).toBe('Aragorn crossed the ford.');
      expect(mail.attachments[0]?.content.equals(png)).toBe(true);
    } finally {
      transport.close();
    }
  });

  it('refuses a mail over the size limit with a permanent SMTP error, writing nothing', async () => {
    const before = (await listOutbox(server.dir)).length;
    const transport = nodemailer.createTransport(server.url);
    try {
      await expect(
        transport.sendMail({ from: 'arbiter@localhost', to: 'x@players.example', subject: 'big', text: 'x'.repeat(100 * 1024) }),
      ).rejects.toMatchObject({ responseCode: 552 });
    } finally {
      transport.close();
    }
    expect(await listOutbox(server.dir)).toHaveLength(before);
  });

  it('rejects a bad port with a message naming it', async () => {
    await expect(startOutboxSmtpServer({ port: -1 })).rejects.toThrow('port must be an integer in 0..65535, got -1');
  });
});

describe('messageIdOf', () => {
  it('reads a folded Message-ID header and answers null when there is none', () => {
    expect(messageIdOf(Buffer.from('Subject: x\r\nMessage-ID:\r\n <a@b>\r\n\r\nbody'))).toBe('<a@b>');
    expect(messageIdOf(Buffer.from('Subject: x\r\n\r\nMessage-ID: <in-body@b>'))).toBeNull();
  });
});
