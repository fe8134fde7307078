// The local folder: real files in a temporary directory.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbiterHome, loadOrCreateGmToken, readDemoState, readRunInfo, removeRunInfo, writeDemoState, writeRunInfo } from '../src/index.ts';
import type { RunInfo } from '../src/index.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'arbiter-home-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const run = (pid: number): RunInfo => ({
  pid,
  startedAt: '2026-11-30T09:00:00.000Z',
  apiUrl: 'http://127.0.0.1:3000',
  docsUrl: 'http://127.0.0.1:3000/docs',
  smtp: { host: '127.0.0.1', port: 2525, domain: 'arbiter.localhost' },
  outboxDir: '/tmp/outbox',
  embeddedDatabase: true,
  databaseUrl: 'postgresql://postgres@127.0.0.1:5433/arbiter',
  queue: 'postgres',
});

describe('arbiterHome', () => {
  it('lays out the folder under an absolute root', () => {
    const h = arbiterHome('rel/.arbiter');
    expect(path.isAbsolute(h.root)).toBe(true);
    expect(path.relative(h.root, h.dataDir)).toBe('postgres');
    expect(path.relative(h.root, h.legacyPgliteDir)).toBe('data');
    expect(path.relative(h.root, h.outboxDir)).toBe('outbox');
    expect(path.relative(h.root, h.runFile)).toBe('run.json');
  });
});

describe('loadOrCreateGmToken', () => {
  it('creates a long random token readable only by its owner, then returns the same one', async () => {
    const home = arbiterHome(path.join(root, 'token'));
    const first = await loadOrCreateGmToken(home);
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stat(home.gmTokenFile)).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateGmToken(home);
    expect(again).toEqual({ token: first.token, created: false });
  });

  it('refuses a token file that is too short, naming the file', async () => {
    const home = arbiterHome(path.join(root, 'short'));
    await loadOrCreateGmToken(home);
    await writeFile(home.gmTokenFile, 'short\n');
    await expect(loadOrCreateGmToken(home)).rejects.toThrow(`${home.gmTokenFile} holds 5 characters; a GM token needs at least 32`);
  });
});

describe('demo state', () => {
  it('round-trips and is private to its owner', async () => {
    const home = arbiterHome(path.join(root, 'demo'));
    expect(await readDemoState(home)).toBeNull();
    const state = { gameId: 'g1', name: 'Demo', createdAt: '2026-11-30T09:00:00.000Z', nations: [{ nationId: 'north', name: 'North', email: 'n@x.example', secret: 's3cret' }] };
    await writeDemoState(home, state);
    expect(await readDemoState(home)).toEqual(state);
    expect((await stat(home.demoFile)).mode & 0o777).toBe(0o600);
  });

  it('names the file and the problem when it was edited into something else', async () => {
    const home = arbiterHome(path.join(root, 'demo-bad'));
    await writeDemoState(home, { gameId: 'g1', name: 'Demo', createdAt: 'x', nations: [{ nationId: 'n', name: 'N', email: 'e', secret: 's' }] });
    await writeFile(home.demoFile, '{"gameId": 5}');
    await expect(readDemoState(home)).rejects.toThrow(new RegExp(`${home.demoFile} is not what Arbiter wrote: gameId`));
    await writeFile(home.demoFile, '{not json');
    await expect(readDemoState(home)).rejects.toThrow(/is not valid JSON/);
  });
});

describe('run info', () => {
  it('is found while its process lives and removed on stop', async () => {
    const home = arbiterHome(path.join(root, 'run'));
    await writeRunInfo(home, run(process.pid));
    expect(await readRunInfo(home)).toEqual(run(process.pid));
    await removeRunInfo(home);
    expect(await readRunInfo(home)).toBeNull();
  });

  it('treats the file of a process that has ended as absent and removes it', async () => {
    const home = arbiterHome(path.join(root, 'stale'));
    await writeRunInfo(home, run(4194305));
    expect(await readRunInfo(home)).toBeNull();
    await expect(readFile(home.runFile)).rejects.toThrow(/ENOENT/);
  });
});
