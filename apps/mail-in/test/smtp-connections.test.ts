// Connections at the SMTP intake over real sockets (issue 27, "Others are shut out"): one stranger holding
// many idle connections open (EHLO, then NOOP now and then) must not make honest senders get
// `421 Too many connected clients`: connections are limited per client address. Loopback has many
// addresses (127.0.0.0/8), so the stranger and the honest sender connect from different ones.
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailPipeline } from '../src/pipeline.ts';
import { startSmtpIntake, type SmtpIntake } from '../src/smtp.ts';
import { createTestGame, type TestGame } from './helpers/game.ts';

const logger = pino({ level: 'silent' });
let t: TestGame;
let intake: SmtpIntake;
const held: Socket[] = [];

beforeAll(async () => {
  t = await createTestGame();
  // The defaults (100 connections in all, 5 per address), only the idle timeout shortened.
  intake = await startSmtpIntake({
    host: '127.0.0.1',
    port: 0,
    acceptedDomains: ['arbiter.test'],
    maxMessageBytes: 1024 * 1024,
    socketTimeoutMs: 3_000,
    processor: new MailPipeline({ db: t.database.db, mailFrom: 'Arbiter <orders@arbiter.test>', logger }),
    logger,
  });
}, 30_000);
afterAll(async () => {
  for (const s of held) s.destroy();
  await intake?.close(1000);
  await t?.database.drop();
});

/** A raw connection from `localAddress`: resolves with its first reply line, and collects what follows. */
function open(localAddress: string): Promise<{ socket: Socket; greeting: string; lines: string[]; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: intake.port, localAddress });
    const lines: string[] = [];
    let buffered = '';
    let greeted = false;
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let i: number;
      while ((i = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, i);
        buffered = buffered.slice(i + 2);
        if (!greeted) {
          greeted = true;
          resolve({ socket, greeting: line, lines, closed });
        } else {
          lines.push(line);
        }
      }
    });
    socket.once('error', reject);
  });
}

describe('connections per client address', () => {
  it('100 idle connections from one stranger leave the others to honest senders', async () => {
    const stranger = await Promise.all(Array.from({ length: 100 }, () => open('127.0.0.2')));
    for (const c of stranger) {
      held.push(c.socket);
      c.socket.write('EHLO stranger.test\r\n');
    }
    const accepted = stranger.filter((c) => c.greeting.startsWith('220 '));
    const refused = stranger.filter((c) => c.greeting.startsWith('421 '));
    expect(accepted.length).toBe(5);
    expect(refused.length).toBe(95);
    expect(refused[0]?.greeting).toMatch(/^421 .*Too many connections from your address \(at most 5 at once\)/);
    await Promise.all(refused.map((c) => c.closed));
    for (const c of accepted) c.socket.write('NOOP\r\n');

    // An honest sender from another address is served while the stranger holds its five.
    const info = await nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true, localAddress: '127.0.0.3' }).sendMail({
      from: 'north@players.test',
      to: 'orders@arbiter.test',
      subject: 'orders',
      text: `game: ${t.game.gameId}\nsecret: ${t.secret('north')}\ngandalf, 810, 0303\n`,
    });
    expect(info.response).toMatch(/^250 /);
  }, 60_000);

  it('a connection that sends nothing is closed after the idle timeout', async () => {
    const c = await open('127.0.0.4');
    expect(c.greeting).toMatch(/^220 /);
    const started = Date.now();
    await c.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(c.lines.join('\n')).toMatch(/^421 /m);
  }, 30_000);
});
