// The mail-in process as an operator runs it: configuration errors name the variable; with a good
// configuration it takes orders over SMTP and exits 0 on SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@arbiter/config';
import { createTestGame, type TestGame } from './helpers/game.ts';
import { freePort, waitForPort } from './helpers/net.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
let t: TestGame;

beforeAll(async () => {
  t = await createTestGame();
}, 30_000);
afterAll(async () => {
  await t?.database.drop();
});

describe('configuration', () => {
  const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' };
  const loadMailInConfig = (env: Record<string, string>) => loadConfig(env, { components: ['mail-in'] }).mailIn;

  it('needs the accepted domains when the SMTP intake is on, and names the variable', () => {
    expect(() => loadMailInConfig(base)).toThrow(/MAIL_IN_DOMAINS: is required when the SMTP intake is on/);
  });

  it('reads the IMAP URL, and refuses a configuration with no way in', () => {
    const c = loadMailInConfig({ ...base, MAIL_IN_SMTP_ENABLED: 'false', MAIL_IN_IMAP_URL: 'imaps://gm%40example.org:p%40ss@imap.example.org' });
    expect(c.smtp).toBeNull();
    expect(c.imap).toMatchObject({ host: 'imap.example.org', port: 993, secure: true, user: 'gm@example.org', password: 'p@ss', processedMailbox: 'Processed' });
    expect(() => loadMailInConfig({ ...base, MAIL_IN_SMTP_ENABLED: 'false' })).toThrow(/no way for mail to come in/);
  });

  it('rejects a bad port, a bad domain, and a key without a certificate', () => {
    expect(() => loadMailInConfig({ ...base, MAIL_IN_DOMAINS: 'a.test', MAIL_IN_SMTP_PORT: '70000' })).toThrow(/MAIL_IN_SMTP_PORT/);
    expect(() => loadMailInConfig({ ...base, MAIL_IN_DOMAINS: 'not a domain' })).toThrow(/"not a domain" is not a domain name/);
    expect(() => loadMailInConfig({ ...base, MAIL_IN_DOMAINS: 'a.test', MAIL_IN_TLS_KEY_FILE: '/x.pem' })).toThrow(/must be set together/);
  });

  it('exits with code 78 and the message when started with a bad configuration', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN], { env: { PATH: process.env.PATH, DATABASE_URL: 'nope' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('DATABASE_URL');
  }, 40_000);
});

describe('the mail-in process', () => {
  it('takes an order mail over SMTP and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: t.database.url,
        LOG_LEVEL: 'info',
        MAIL_FROM: 'Arbiter <orders@arbiter.test>',
        MAIL_IN_SMTP_PORT: String(port),
        MAIL_IN_DOMAINS: 'arbiter.test',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    if ((await waitForPort(port, { attempts: 202, intervalMs: 100, gone: () => child.exitCode !== null })) !== 'listening') {
      throw new Error(`mail-in did not start:\n${output}`);
    }
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({
      from: 'player@home.test',
      to: 'orders@arbiter.test',
      subject: 'orders',
      messageId: '<process-1@home.test>',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\naragorn, 850, no, e, h\n`,
    });
    expect(info.response).toMatch(/^250 /);
    expect(await t.database.db.prisma.submission.count({ where: { messageId: '<process-1@home.test>' } })).toBe(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('mail-in: stopping');
  }, 60_000);
});
