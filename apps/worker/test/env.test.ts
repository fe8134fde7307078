import { describe, expect, it } from 'vitest';
import { loadWorkerSettings } from '../src/index.ts';

describe('loadWorkerSettings', () => {
  it('has defaults for everything', () => {
    const s = loadWorkerSettings({}, 'production');
    expect(s).toMatchObject({ turnConcurrency: 1, sweepIntervalMs: 30_000, mailIntervalMs: 5_000, mailBatch: 50, claimTimeoutMs: 900_000, queuePrefix: 'bull', lockDurationMs: 60_000, testPauseBeforeCommitMs: undefined });
    expect(s.workerId).toMatch(/^[A-Za-z0-9._-]+-\d+$/);
    expect(s.renderThreads).toBeGreaterThanOrEqual(0);
  });
  it('reads the variables and names every bad one', () => {
    expect(loadWorkerSettings({ WORKER_ID: 'w1', WORKER_RENDER_THREADS: '3', WORKER_QUEUE_PREFIX: 'arb' }, 'production')).toMatchObject({ workerId: 'w1', renderThreads: 3, queuePrefix: 'arb' });
    let message = '';
    try {
      loadWorkerSettings({ WORKER_ID: 'has space', WORKER_TURN_CONCURRENCY: '0', WORKER_QUEUE_PREFIX: 'a:b' }, 'production');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid worker configuration:\n/);
    expect(message).toContain('WORKER_ID: must be 1-64 letters, digits, ".", "_" or "-"');
    expect(message).toContain('WORKER_TURN_CONCURRENCY:');
    expect(message).toContain('WORKER_QUEUE_PREFIX: must be 1-32 letters, digits, "_" or "-"');
  });
  it('refuses the crash-test hook outside tests', () => {
    expect(() => loadWorkerSettings({ ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '1000' }, 'production')).toThrow('ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: is a test hook and is refused unless NODE_ENV=test');
    expect(loadWorkerSettings({ ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '1000' }, 'test').testPauseBeforeCommitMs).toBe(1000);
  });
});
