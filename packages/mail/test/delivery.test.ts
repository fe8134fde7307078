import { describe, expect, it } from 'vitest';
import { classifySendError, retryDelayMs, DEFAULT_RETRY_POLICY } from '../src/index.ts';

describe('classifySendError', () => {
  it('treats a 5xx refusal as final and keeps the server answer', () => {
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <x@y.example>: mailbox unavailable',
    });
    expect(classifySendError(err)).toEqual({ kind: 'refused', responseCode: 550, message: 'EENVELOPE: 550 5.1.1 <x@y.example>: mailbox unavailable' });
  });
  it('prefers the per-recipient answer when all recipients were rejected', () => {
    const err = Object.assign(new Error('all rejected'), {
      code: 'EENVELOPE',
      responseCode: 451,
      response: '451 later',
      rejectedErrors: [{ responseCode: 553, response: '553 no such user' }],
    });
    expect(classifySendError(err)).toMatchObject({ kind: 'refused', responseCode: 553, message: 'EENVELOPE: 553 no such user' });
  });
  it('retries 4xx answers, network failures and problems with our own relay credentials', () => {
    expect(classifySendError(Object.assign(new Error('busy'), { responseCode: 421, response: '421 busy' })).kind).toBe('transient');
    expect(classifySendError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({ kind: 'transient', responseCode: null, message: 'ESOCKET: connect ECONNREFUSED' });
    expect(classifySendError(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 })).kind).toBe('transient');
    expect(classifySendError('weird').kind).toBe('transient');
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(5)).toBe(480_000);
    expect(retryDelayMs(8)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
    expect(retryDelayMs(1000)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
  });
  it('rejects a non-positive attempt count', () => {
    expect(() => retryDelayMs(0)).toThrow('attempts must be a positive integer, got 0');
  });
});
