// The pieces of `arbiter start` that need no running system: arguments, the bundled demo game, the
// newcomer's summary. (The whole system is exercised by first-run.test.ts.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '@arbiter/ruleset-mepbm';
import { createGameInputSchema } from '@arbiter/intake';
import { runCli } from '../src/cli.ts';
import { loadLocalConfig } from '@arbiter/config';
import { banner, DEMO_GAME_FILE, parseStartArgs, readDemoGameFile, startFailure } from '../src/commands/start.ts';
import type { StartedSystem } from '../src/commands/start.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'arbiter-start-units-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseStartArgs', () => {
  it('starts everything from .arbiter by default, with the demo and migrations', () => {
    const o = parseStartArgs([]);
    expect(o).toEqual({ components: new Set(['api', 'worker', 'mail-in']), prettyLogs: false, home: '.arbiter', dbPort: 5433, demo: true, migrate: true });
  });

  it('reads --only (both spellings), --home, ARBITER_HOME, --no-demo and --no-migrate', () => {
    expect(parseStartArgs(['--only', 'api,worker'])).toMatchObject({ components: new Set(['api', 'worker']) });
    expect(parseStartArgs(['--only=mail-in'])).toMatchObject({ components: new Set(['mail-in']) });
    expect(parseStartArgs([], loadLocalConfig({ ARBITER_HOME: '/srv/arbiter' }))).toMatchObject({ home: '/srv/arbiter' });
    expect(parseStartArgs(['--home', 'x', '--no-demo', '--no-migrate'], loadLocalConfig({ ARBITER_HOME: '/srv/arbiter' }))).toMatchObject({ home: 'x', demo: false, migrate: false });
    expect(parseStartArgs([], loadLocalConfig({ ARBITER_DB_PORT: '6543' }))).toMatchObject({ dbPort: 6543 });
    expect(parseStartArgs(['--db-port', '7000'], loadLocalConfig({ ARBITER_DB_PORT: '6543' }))).toMatchObject({ dbPort: 7000 });
  });

  it('names what is wrong with bad arguments', () => {
    expect(parseStartArgs(['--only', 'api,scheduler'])).toBe('--only: unknown component "scheduler" (choose from api, worker, mail-in)');
    expect(parseStartArgs(['--only'])).toBe('--only needs a list of components: api, worker, mail-in');
    expect(parseStartArgs(['--home'])).toBe('--home needs a folder');
    expect(parseStartArgs(['--db-port', '0'])).toBe('--db-port needs a port number from 1 to 65535, got "0"');
    expect(parseStartArgs(['--db-port'])).toBe('--db-port needs a port number from 1 to 65535, got nothing');
    expect(parseStartArgs(['--port', '3000'])).toBe('unknown argument "--port"');
  });

  it('the command answers bad arguments with exit status 2 and documents itself', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => void out.push(s), err: () => {} };
    expect(await runCli(['start', '--help'], io)).toBe(0);
    expect(out.join('')).toContain('Usage: arbiter start [--only <components>]');
    expect(await runCli(['demo', '--help'], io)).toBe(0);
    expect(out.join('')).toContain('Usage: arbiter demo [--home <dir>]');
  });
});

describe('the bundled demo game (examples/demo)', () => {
  it('is a valid game: the scenario passes the engine, the whole input passes POST /v1/games validation', async () => {
    const input = await readDemoGameFile(DEMO_GAME_FILE);
    const scenario = parseScenario(input.scenario);
    expect(scenario.ok ? [] : scenario.issues).toEqual([]);
    const parsed = createGameInputSchema.safeParse(input);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    // Every nation of the scenario has a player address, so createGame accepts it.
    if (scenario.ok) expect(input.nations.map((n) => n.nationId).sort()).toEqual(scenario.scenario.nations.map((n) => n.id).sort());
  });

  it('refuses a game file without its scenario file, naming the field', async () => {
    const f = path.join(dir, 'game.json');
    await writeFile(f, JSON.stringify({ name: 'x', schedule: { kind: 'every', days: 7, time: '18:00' }, timeZone: 'UTC', nations: [] }));
    await expect(readDemoGameFile(f)).rejects.toThrow(`${f}: "scenarioFile" must name the scenario file`);
  });
});

describe('banner', () => {
  const base = {
    home: { root: '/x/.arbiter', dataDir: '/x/.arbiter/postgres', outboxDir: '/x/.arbiter/outbox', gmTokenFile: '/x/.arbiter/gm-token', demoFile: '/x/.arbiter/demo.json', runFile: '' },
    gmToken: 'T'.repeat(43),
    fresh: { gmToken: true, demo: true },
    demo: {
      gameId: 'g123',
      name: 'Arbiter demo',
      createdAt: '2026-11-30T00:00:00.000Z',
      nations: [
        { nationId: 'north', name: 'Kingdom of the North', email: 'north@players.example', secret: 'sN' },
        { nationId: 'east', name: 'Free Traders', email: 'east@players.example', secret: 'sE' },
      ],
    },
    run: {
      pid: 1,
      startedAt: '',
      apiUrl: 'http://127.0.0.1:3000',
      docsUrl: 'http://127.0.0.1:3000/docs',
      smtp: { host: '127.0.0.1', port: 2525, domain: 'arbiter.localhost' },
      outboxDir: '/x/.arbiter/outbox',
      embeddedDatabase: true,
      databaseUrl: 'postgresql://postgres@127.0.0.1:5433/arbiter',
      queue: 'postgres' as const,
    },
  };

  it('prints what a newcomer needs: API docs, GM token, SMTP intake, outbox, the demo game and its secrets', () => {
    const text = banner(base as unknown as StartedSystem);
    expect(text).toContain('Arbiter is running (embedded: PostgreSQL beside it, jobs in PostgreSQL, mail to .eml files).');
    // The token's file by its plain absolute path, never one relative to the working folder.
    expect(text).toContain('(Authorization: Bearer <token>; kept in /x/.arbiter/gm-token, shown only this once)');
    expect(text).toContain('  Database       postgresql://postgres@127.0.0.1:5433/arbiter  (data in /x/.arbiter/postgres)');
    expect(text).toContain('  API docs       http://127.0.0.1:3000/docs');
    expect(text).toContain('  Web client     http://127.0.0.1:3000/  (players sign in');
    expect(text).toContain(`  GM token       ${'T'.repeat(43)}`);
    expect(text).toContain('  SMTP intake    127.0.0.1:2525, orders to any address @arbiter.localhost');
    expect(text).toContain('  Outbox         /x/.arbiter/outbox');
    expect(text).toContain('Demo game "Arbiter demo": id g123');
    expect(text).toContain('  north  secret sN  north@players.example  (Kingdom of the North)');
    expect(text).toContain('  east   secret sE  east@players.example  (Free Traders)');
    expect(text).toContain('npm run demo');
  });

  it('shows the GM token and the demo secrets only on the start that created them; later starts name their files (issue 27)', () => {
    const text = banner({ ...base, fresh: { gmToken: false, demo: false } } as unknown as StartedSystem);
    expect(text).not.toContain('T'.repeat(43));
    expect(text).not.toMatch(/secret s[NE]\b/);
    expect(text).toContain('  GM token       kept in /x/.arbiter/gm-token');
    expect(text).toContain('  north  secret in the demo file  north@players.example  (Kingdom of the North)');
    expect(text).toContain('they are kept in /x/.arbiter/demo.json');
  });

  it('leaves out what this process does not run', () => {
    const text = banner({ ...base, gmToken: null, demo: null, run: { ...base.run, apiUrl: null, docsUrl: null, smtp: null, outboxDir: null, embeddedDatabase: false, databaseUrl: null, queue: 'redis' as const } } as unknown as StartedSystem);
    expect(text).toContain('Arbiter is running.');
    for (const label of ['API', 'GM token', 'SMTP intake', 'Outbox', 'Database', 'Demo game']) expect(text).not.toContain(`  ${label} `);
  });
});

describe('startFailure', () => {
  it('turns a taken port into advice naming the settings', () => {
    const e = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'), { code: 'EADDRINUSE', address: '127.0.0.1', port: 3000 });
    expect(startFailure(e)).toBe('127.0.0.1:3000 is already in use by another program. Choose other ports with API_PORT and MAIL_IN_SMTP_PORT (0 picks free ones), or stop that program.');
    expect(startFailure(new Error('GM_TOKEN: is required but not set'))).toBe('GM_TOKEN: is required but not set');
  });
});
