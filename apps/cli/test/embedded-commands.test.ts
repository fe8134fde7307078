// The one-off commands in embedded mode, with nothing configured: one `arbiter start` (startSystem, the
// embedded PostgreSQL server, BullMQ on it, the outbox) for the file, a turn of the demo game played
// through the GM route; then `arbiter replay` against it, a second start refused at once on its ports, and
// `arbiter backup` restored with `arbiter restore` into another home's embedded database, where the turn
// replays to the same hash (that replay starts the embedded server itself). Nothing is mocked.
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runningEmbeddedPostgres } from '@arbiter/embedded';
import { backup } from '../src/commands/backup.ts';
import { replay } from '../src/commands/replay.ts';
import { restore } from '../src/commands/restore.ts';
import { COMPONENTS, createLogger, startSystem } from '../src/commands/start.ts';
import type { StartedSystem, StartOptions } from '../src/commands/start.ts';

const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/demo');

let root: string;
let sys: StartedSystem;
let env: Record<string, string | undefined>;
let options: StartOptions;
let gameId: string;
let storedHash: string;

/** The environment of a newcomer's shell (none of the service variables), with this test's home and ports. */
function embeddedEnv(home: string, dbPort: number): Record<string, string | undefined> {
  const e: Record<string, string | undefined> = { ...process.env };
  for (const k of Object.keys(e)) if (/^(DATABASE_|REDIS_|SMTP_|GM_TOKEN|MAIL_IN_|API_|ARBITER_|WORKER_|TURN_)/.test(k)) delete e[k];
  return { ...e, ARBITER_HOME: home, ARBITER_DB_PORT: String(dbPort), API_PORT: '0', MAIL_IN_SMTP_PORT: '0', LOG_LEVEL: 'warn' };
}

async function cmd(fn: typeof replay, argv: string[], e: Record<string, string | undefined>) {
  let out = '';
  let err = '';
  const code = await fn(argv, { env: e, io: { out: (s) => void (out += s), err: (s) => void (err += s) } });
  return { code, out, err };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-embedded-cmds-'));
  await chmod(root, 0o755); // the server's user (postgres, when run as root) must enter it
  const home = path.join(root, 'a', '.arbiter');
  const dbPort = await freePort();
  env = embeddedEnv(home, dbPort);
  options = { components: new Set(COMPONENTS), prettyLogs: false, home, dbPort, demo: true, migrate: true };
  sys = await startSystem(options, env, await createLogger('warn', false));
  if (sys.demo === null || sys.gmToken === null || sys.run.apiUrl === null) throw new Error('setup: no demo game, GM token or API');
  gameId = sys.demo.gameId;
  // Orders of two of the three nations (the game holds a turn that misses more than half), as the demo sends them.
  for (const id of ['north', 'south']) {
    const nation = sys.demo.nations.find((n) => n.nationId === id);
    const orders = await readFile(path.join(DEMO_DIR, `orders-${id}.txt`), 'utf8');
    const sent = await fetch(`${sys.run.apiUrl}/v1/games/${gameId}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nation?.secret ?? ''}`, 'content-type': 'text/plain; charset=utf-8' },
      body: orders,
    });
    if (sent.status !== 200) throw new Error(`setup: ${id}'s orders answered ${sent.status}: ${await sent.text()}`);
  }
  const auth = { authorization: `Bearer ${sys.gmToken}` };
  const res = await fetch(`${sys.run.apiUrl}/v1/games/${gameId}/turns/1/run`, { method: 'POST', headers: auth });
  if (res.status !== 202) throw new Error(`setup: run now answered ${res.status}: ${await res.text()}`);
  for (const started = Date.now(); ; ) {
    const turn = await sys.db.prisma.turn.findUnique({ where: { gameId_number: { gameId, number: 1 } }, select: { status: true, resultHash: true } });
    if (turn?.status === 'done' && turn.resultHash !== null) {
      storedHash = turn.resultHash;
      break;
    }
    if (Date.now() - started > 60_000 || turn?.status === 'held') throw new Error(`setup: turn 1 not adjudicated within 60 s (${turn?.status})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  await sys?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('embedded mode, nothing configured', () => {
  it('arbiter replay finds the running embedded database and the turn matches its stored hash', async () => {
    expect(sys.run.databaseUrl).toBe(`postgresql://postgres@127.0.0.1:${options.dbPort}/arbiter`);
    expect(await cmd(replay, [gameId, '1'], env)).toEqual({ code: 0, out: `turn 1 of game ${gameId}: the replay matches the stored result (sha256 ${storedHash})\n`, err: '' });
  }, 60_000);

  it('a second arbiter start on the same ports fails at once, naming each port and what uses it', async () => {
    const api = Number(new URL(sys.run.apiUrl ?? '').port);
    const smtp = sys.run.smtp?.port ?? 0;
    const logger = await createLogger('silent', false);
    const same = { ...env, API_PORT: String(api), MAIL_IN_SMTP_PORT: String(smtp) };
    const t0 = Date.now();
    const fromSameFolder = startSystem(options, same, logger);
    await expect(fromSameFolder).rejects.toThrow(
      [
        'Arbiter cannot start: ports it needs are in use.',
        `  127.0.0.1:${api}, for the API (API_PORT), is in use: another Arbiter (pid ${process.pid}) runs from this folder (${sys.home.root}).`,
        `  127.0.0.1:${smtp}, for the SMTP intake (MAIL_IN_SMTP_PORT), is in use: another Arbiter (pid ${process.pid}) runs from this folder (${sys.home.root}).`,
        `  127.0.0.1:${options.dbPort}, for the embedded PostgreSQL (ARBITER_DB_PORT, --db-port), is in use: another Arbiter (pid ${process.pid}) runs from this folder (${sys.home.root}).`,
      ].join('\n'),
    );
    const otherHome = path.join(root, `other-${Date.now()}`, '.arbiter');
    await expect(startSystem({ ...options, home: otherHome }, { ...same, ARBITER_HOME: otherHome }, logger)).rejects.toThrow(
      `127.0.0.1:${options.dbPort}, for the embedded PostgreSQL (ARBITER_DB_PORT, --db-port), is in use: another program.`,
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
    // Nothing was started for them, and the running one is unharmed.
    expect(await runningEmbeddedPostgres(path.join(otherHome, 'postgres'))).toBeNull();
    expect((await fetch(`${sys.run.apiUrl}/healthz`)).status).toBeLessThan(500);
  }, 60_000);

  it('arbiter backup, then arbiter restore into another home: the turn replays to the same hash there', async () => {
    const file = path.join(root, `backup-${Date.now()}.dump`);
    const saved = await cmd(backup, [file], env);
    expect(saved).toMatchObject({ code: 0, err: '' });
    expect(saved.out).toContain(`to ${file}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600); // issue 27: not world-readable

    // Not into the folder of a running Arbiter.
    const refused = await cmd(restore, [file], env);
    expect(refused).toEqual({ code: 2, out: '', err: `arbiter restore: Arbiter runs from ${sys.home.root} (pid ${process.pid}): stop it first, then restore.\n` });

    const otherHome = path.join(root, `restored-${Date.now()}`, '.arbiter');
    const other = embeddedEnv(otherHome, await freePort());
    const restored = await cmd(restore, [file], other);
    expect(restored).toMatchObject({ code: 0, out: `Restored ${file} into the embedded PostgreSQL (${path.join(otherHome, 'postgres')}, started for this command)\n` });
    // The server was started for the command and stopped after it.
    expect(await runningEmbeddedPostgres(path.join(otherHome, 'postgres'))).toBeNull();
    expect(await cmd(replay, [gameId, '1'], other)).toEqual({ code: 0, out: `turn 1 of game ${gameId}: the replay matches the stored result (sha256 ${storedHash})\n`, err: '' });
    expect(await cmd(backup, [], other)).toMatchObject({ code: 2, err: expect.stringMatching(/^arbiter backup: expected one file name, got 0 arguments/) });
  }, 120_000);
});
