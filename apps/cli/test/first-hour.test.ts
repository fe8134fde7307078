// The first hour of a newcomer (issue #25): .env is read by `arbiter start`, a port in use is said once
// in words (no JSON log line with a stack), `arbiter --version`, the adjudicate usage names --summary,
// a scenario missing its seed says so, and the demo tour ends at the web page with how to sign in.
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDotEnv } from '../src/commands/start.ts';
import { webPointer } from '../src/commands/demo.ts';
import { arbiter } from './run-arbiter.ts';

describe('the first hour', () => {
  it('reads .env from the working folder with Node\'s loadEnvFile; a variable set in the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-env-'));
    expect(loadDotEnv(dir)).toBeNull();
    writeFileSync(join(dir, '.env'), 'ARBITER_TEST_FROM_DOTENV=from-file\nARBITER_TEST_KEPT=from-file\n# a comment\n');
    process.env.ARBITER_TEST_KEPT = 'from-environment';
    try {
      expect(loadDotEnv(dir)).toBe(join(dir, '.env'));
      expect(process.env.ARBITER_TEST_FROM_DOTENV).toBe('from-file');
      expect(process.env.ARBITER_TEST_KEPT).toBe('from-environment');
    } finally {
      delete process.env.ARBITER_TEST_FROM_DOTENV;
      delete process.env.ARBITER_TEST_KEPT;
    }
  });

  it('prints its version and Node\'s with --version', async () => {
    const r = await arbiter('--version');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^arbiter \d+\.\d+\.\d+ \(Node\.js v\d+\.\d+\.\d+\)\n$/);
  });

  it('lists --summary in the adjudicate usage', async () => {
    const r = await arbiter('adjudicate', '--help');
    expect(r.stdout).toMatch(/^Usage: arbiter adjudicate <scenario\.json> .*\[--compact \| --summary\]/);
  });

  it('names the missing seed field of {"ruleset":"mepbm"} in words', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'arbiter-scn-')), 'bare.json');
    writeFileSync(file, '{"ruleset":"mepbm"}');
    const r = await arbiter('adjudicate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('seed: is missing: a number is required here');
    expect(r.stderr).not.toContain('received undefined');
  });

  it('ends the demo tour at the web page, with the game id and a secret to sign in with', () => {
    const text = webPointer({ run: { apiUrl: 'http://127.0.0.1:3000' }, home: { gmTokenFile: '/x/.arbiter/gm-token' } }, 'g-1', { name: 'Kingdom of the North', secret: 's3cret' });
    expect(text).toContain('http://127.0.0.1:3000/#/play');
    expect(text).toContain('game id g-1');
    expect(text).toContain("Kingdom of the North's secret s3cret");
    expect(text).toContain('http://127.0.0.1:3000/#/gm');
  });
});

describe('a port in use', () => {
  let blocker: net.Server;
  let port = 0;
  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('is said once, in words, with no JSON log line and no stack', async () => {
    const home = mkdtempSync(join(tmpdir(), 'arbiter-home-'));
    const dbPort = await freePort();
    const r = await arbiterWithEnv({ API_PORT: String(port), MAIL_IN_SMTP_PORT: '0', ARBITER_DB_PORT: String(dbPort) }, 'start', '--home', home, '--no-demo');
    expect(r.code).toBe(1);
    const all = `${r.stdout}${r.stderr}`;
    expect(all).toContain(`127.0.0.1:${port}, for the API (API_PORT), is in use`);
    expect(all.match(/is in use/g)).toHaveLength(1);
    expect(all).not.toMatch(/^\{"level"/m);
    expect(all).not.toContain('at checkPortsFree');
  }, 60_000); // a whole `arbiter start` in a process of its own: seconds on a loaded machine
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function arbiterWithEnv(env: Record<string, string>, ...args: string[]) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await arbiter(...args);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
