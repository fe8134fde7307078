// `arbiter start` against real services, in the production topology: one process with `--only worker`,
// another with `--only api,mail-in`, sharing the real PostgreSQL (a fresh test database), the real Redis
// (a private key prefix) and a real SMTP server standing in for the relay. A game is created through the
// GM route, orders come by REST and by SMTP, the GM runs the turn, the worker adjudicates it and mails the
// reports. Also: a missing GM_TOKEN outside embedded mode is refused by name, and nothing is left running.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { startSmtpSink } from '@arbiter/mail/testing';
import type { SmtpSink } from '@arbiter/mail/testing';
import { createLogger, DEMO_GAME_FILE, readDemoGameFile, startSystem } from '../src/commands/start.ts';
import type { StartedSystem } from '../src/commands/start.ts';

const GM_TOKEN = randomBytes(32).toString('base64url');
const PREFIX = `first-run-${randomBytes(4).toString('hex')}`;
let root: string;
let tdb: TestDatabase;
let sink: SmtpSink;
const started: StartedSystem[] = [];

function env(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    DATABASE_URL: tdb.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    SMTP_URL: sink.url,
    GM_TOKEN,
    MAIL_FROM: 'Arbiter <arbiter@orders.example.org>',
    MAIL_IN_DOMAINS: 'orders.example.org',
    API_PORT: '0',
    MAIL_IN_SMTP_PORT: '0',
    LOG_LEVEL: 'warn',
    WORKER_QUEUE_PREFIX: PREFIX,
    WORKER_SWEEP_INTERVAL_MS: '5000',
    WORKER_MAIL_INTERVAL_MS: '1000',
    ...extra,
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-start-prod-'));
  tdb = await createTestDatabase();
  sink = await startSmtpSink();
}, 120_000);

afterAll(async () => {
  for (const s of started.reverse()) await s.stop().catch(() => undefined);
  // This test's queues in Redis (its own key prefix).
  const redis = new Redis('redis://127.0.0.1:6379');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  await sink?.close();
  await tdb?.drop();
  await rm(root, { recursive: true, force: true });
}, 90_000);

describe('arbiter start with real services (production topology)', () => {
  it('a worker process and an API + intake process play a turn together through PostgreSQL and Redis', async () => {
    const logger = await createLogger('warn', false);
    const shared = env();
    const worker = await startSystem({ components: new Set(['worker']), prettyLogs: false, home: path.join(root, 'worker'), dbPort: 5433, demo: true, migrate: true }, shared, logger);
    started.push(worker);
    const front = await startSystem({ components: new Set(['api', 'mail-in']), prettyLogs: false, home: path.join(root, 'front'), dbPort: 5433, demo: true, migrate: false }, shared, logger);
    started.push(front);

    // Nothing embedded, no demo game, no generated token.
    for (const s of [worker, front]) {
      expect(s.run).toMatchObject({ embeddedDatabase: false, queue: 'redis', outboxDir: null });
      expect(s.demo).toBeNull();
    }
    expect(worker.run.apiUrl).toBeNull();
    expect(existsSync(path.join(root, 'front', 'gm-token'))).toBe(false);
    const api = front.run.apiUrl ?? '';
    expect((await fetch(`${api}/readyz`)).status).toBe(200);

    // The GM creates a game, as with any production server.
    const input = await readDemoGameFile(DEMO_GAME_FILE);
    const created = await fetch(`${api}/v1/games`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GM_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...input, nations: input.nations.map((n) => ({ ...n, email: n.email.replace('players.example', 'example.org') })) }),
    });
    expect(created.status).toBe(201);
    const game = (await created.json()) as { gameId: string; nations: { nationId: string; secret: string; email: string }[] };
    const secret = (id: string): string => game.nations.find((n) => n.nationId === id)?.secret ?? '';

    const rest = await fetch(`${api}/v1/games/${game.gameId}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret('north')}`, 'content-type': 'text/plain' },
      body: 'aragorn, 850, no, e, e, e\n',
    });
    expect(rest.status).toBe(200);
    const smtp = front.run.smtp;
    if (smtp === null) throw new Error('no SMTP intake');
    const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
    try {
      const sent = await transport.sendMail({ from: 'south@example.org', to: 'orders@orders.example.org', subject: 'orders', text: `game: ${game.gameId}\nsecret: ${secret('south')}\n\ngrond, 850, no, w, w, h\n` });
      expect(sent.response).toMatch(/^250 /);
    } finally {
      transport.close();
    }

    const run = await fetch(`${api}/v1/games/${game.gameId}/turns/1/run`, { method: 'POST', headers: { authorization: `Bearer ${GM_TOKEN}` } });
    expect(run.status).toBe(202);
    await waitFor('turn 1 adjudicated by the worker process', async () => {
      const s = (await (await fetch(`${api}/v1/games/${game.gameId}`, { headers: { authorization: `Bearer ${GM_TOKEN}` } })).json()) as { turn: number };
      return s.turn === 2 ? s : null;
    });
    const reports = await waitFor('the three report mails at the relay', async () => {
      // This game's reports only: the sink is shared with the file's other tests, which play games of their own.
      const r = sink.received.filter((m) => m.parsed.headers.get('x-arbiter-game') === game.gameId && (m.parsed.subject ?? '').includes('turn 1 report'));
      return r.length >= 3 ? r : null;
    });
    expect(reports.map((m) => m.envelopeTo[0]).sort()).toEqual(['east@example.org', 'north@example.org', 'south@example.org']);
    expect(reports.every((m) => m.parsed.attachments.some((a) => a.contentType === 'image/png'))).toBe(true);

    await front.stop();
    await worker.stop();
    expect(existsSync(path.join(root, 'front', 'run.json'))).toBe(false);
  }, 180_000);

  it('with DATABASE_URL but no REDIS_URL, one process keeps BullMQ in that PostgreSQL and runs a turn', async () => {
    const logger = await createLogger('warn', false);
    const own = await createTestDatabase();
    try {
      const e = env({ DATABASE_URL: own.url });
      delete e.REDIS_URL;
      const sys = await startSystem({ components: new Set(['api', 'worker']), prettyLogs: false, home: path.join(root, 'pg-queue'), dbPort: 5433, demo: true, migrate: true }, e, logger);
      started.push(sys);
      expect(sys.run).toMatchObject({ embeddedDatabase: false, queue: 'postgres' });
      const api = sys.run.apiUrl ?? '';
      const input = await readDemoGameFile(DEMO_GAME_FILE);
      const created = await fetch(`${api}/v1/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${GM_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(created.status).toBe(201);
      const game = (await created.json()) as { gameId: string; nations: { nationId: string; secret: string }[] };
      // Orders from two of the three nations (with none, the turn is held for the GM as possibly lost mail).
      for (const [nation, orders] of [['north', 'aragorn, 850, no, e, e, e'], ['south', 'grond, 850, no, w, w, h']] as const) {
        const secret = game.nations.find((n) => n.nationId === nation)?.secret ?? '';
        const r = await fetch(`${api}/v1/games/${game.gameId}/orders`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/plain' }, body: orders });
        expect(r.status).toBe(200);
      }
      expect((await fetch(`${api}/v1/games/${game.gameId}/turns/1/run`, { method: 'POST', headers: { authorization: `Bearer ${GM_TOKEN}` } })).status).toBe(202);
      await waitFor('turn 1 adjudicated through the PostgreSQL queue', async () => {
        const st = (await (await fetch(`${api}/v1/games/${game.gameId}`, { headers: { authorization: `Bearer ${GM_TOKEN}` } })).json()) as { turn: number };
        return st.turn === 2 ? st : null;
      });
      // BullMQ's tables in that database carry the queues (finished turn jobs are removed; the mail queue's stay).
      const queues = await own.db.pool.query<{ queue: string }>('SELECT DISTINCT queue FROM bullmq.meta ORDER BY queue');
      expect(queues.rows.map((r) => r.queue)).toEqual(['arbiter-mail', 'arbiter-schedule', 'arbiter-turns']);
      const mailJobs = await own.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM bullmq.job WHERE queue = 'arbiter-mail'");
      expect(Number(mailJobs.rows[0]?.n)).toBeGreaterThan(0);
      await sys.stop();
    } finally {
      await own.drop();
    }
  }, 120_000);

  it('refuses to start the API without GM_TOKEN outside embedded mode, naming the variable, and leaves nothing running', async () => {
    const logger = await createLogger('silent', false);
    const home = path.join(root, 'no-token');
    const e = env({ GM_TOKEN: '' });
    await expect(startSystem({ components: new Set(['api']), prettyLogs: false, home, dbPort: 5433, demo: true, migrate: false }, e, logger)).rejects.toThrow(/GM_TOKEN: is required but not set/);
    expect(existsSync(path.join(home, 'run.json'))).toBe(false);
    expect(existsSync(path.join(home, 'gm-token'))).toBe(false);
  }, 60_000);
});
