// runProcess and superviseWorkers in real child processes: exit codes, messages and the signals.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/service.ts', import.meta.url));

interface Run {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** Resolves when a line of output matches. */
  line: (re: RegExp) => Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(mode: string): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { env: { PATH: process.env.PATH, FIXTURE_MODE: mode } });
  let out = '';
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const check = (): void => {
    for (const w of [...waiters]) {
      const hit = out.split('\n').find((l) => w.re.test(l));
      if (hit !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(hit);
      }
    }
  };
  child.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()));
  child.stderr.on('data', (d: Buffer) => ((out += d.toString()), check()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => out,
    line: (re) =>
      new Promise((resolve, reject) => {
        waiters.push({ re, resolve });
        check();
        void exit.then(() => setImmediate(() => reject(new Error(`exited before ${re}; output:\n${out}`))));
      }),
    exit,
  };
}

describe('runProcess', () => {
  it('exits 78 with the message of a configuration error', async () => {
    const r = run('bad-config');
    expect((await r.exit).code).toBe(78);
    expect(r.output()).toContain('Invalid configuration:\n  SVC_PORT: must be a number');
  });

  it('exits 1 naming the process and the error when the start fails', async () => {
    const r = run('start-fails');
    expect((await r.exit).code).toBe(1);
    expect(r.output()).toContain('svc failed to start: Error: boom while starting');
  });

  it('stops on SIGTERM and on SIGINT and exits 0', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const r = run('ok');
      await r.line(/^ready$/);
      r.child.kill(signal);
      expect(await r.exit).toEqual({ code: 0, signal: null });
      expect(r.output()).toContain(`info svc: stopping`);
      expect(r.output()).toContain('stopped');
    }
  });

  it('exits 1 when the stop fails', async () => {
    const r = run('stop-fails');
    await r.line(/^ready$/);
    r.child.kill('SIGTERM');
    expect((await r.exit).code).toBe(1);
    expect(r.output()).toContain('error svc: error while stopping');
  });

  it('a signal during the start stops the process once it has started', async () => {
    const r = run('slow-start');
    await r.line(/^starting$/);
    r.child.kill('SIGTERM');
    r.child.stdin.write('go\n');
    expect((await r.exit).code).toBe(0);
    expect(r.output()).toMatch(/ready\n(.|\n)*stopped/);
  });
});

describe('superviseWorkers', () => {
  it('forks the workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    const r = run('cluster');
    const first = Number((await r.line(/^worker ready/)).split(' ')[2]);
    await r.line(new RegExp(`^worker ready (?!${first}$)`));
    process.kill(first, 'SIGKILL');
    await r.line(/a worker died, starting another/);
    const readies = () => r.output().split('\n').filter((l) => l.startsWith('worker ready')).length;
    while (readies() < 3) await new Promise((resolve) => r.child.stdout.once('data', resolve));
    r.child.kill('SIGTERM');
    expect((await r.exit).code).toBe(0);
    expect(r.output().split('\n').filter((l) => l.startsWith('worker stopped')).length).toBe(2);
  });

  it('gives up with exit 1 when the workers die as fast as they start', async () => {
    const r = run('cluster-dying');
    expect((await r.exit).code).toBe(1);
    expect(r.output()).toContain('svc: workers keep dying, giving up');
  });
});
