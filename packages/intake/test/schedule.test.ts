import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { formatDeadline, nextDeadline, WEEKDAYS, type Schedule } from '../src/schedule.ts';

describe('nextDeadline', () => {
  it('weekly: the next listed weekday at the local time', () => {
    const s: Schedule = { kind: 'weekly', days: ['mon', 'thu'], time: '18:00' };
    // Tue 2026-12-01 10:00 UTC = 11:00 Berlin -> Thu 2026-12-03 18:00 CET = 17:00 UTC
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-03T17:00:00.000Z');
    // Exactly at a deadline: the next one, not the same instant.
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-12-03T17:00:00Z')).toISOString()).toBe('2026-12-07T17:00:00.000Z');
    // Earlier the same day: today.
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-12-03T08:00:00Z')).toISOString()).toBe('2026-12-03T17:00:00.000Z');
  });

  it('weekly across the spring DST change keeps the local time (CET -> CEST)', () => {
    const s: Schedule = { kind: 'weekly', days: ['sun'], time: '18:00' };
    // Sun 2026-03-22 18:00 CET = 17:00Z; next Sun 2026-03-29 18:00 CEST = 16:00Z
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-03-22T17:00:00Z')).toISOString()).toBe('2026-03-29T16:00:00.000Z');
  });

  it('every N days: N calendar days later at the local time, across the autumn DST change', () => {
    const s: Schedule = { kind: 'every', days: 3, time: '18:00' };
    // 2026-10-23 18:00 CEST (16:00Z) + 3 days = 2026-10-26 18:00 CET (17:00Z): clocks went back on the 25th.
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-10-23T16:00:00Z')).toISOString()).toBe('2026-10-26T17:00:00.000Z');
  });

  it('a local time skipped by DST moves forward by the gap', () => {
    const s: Schedule = { kind: 'weekly', days: ['sun'], time: '02:30' };
    // 2026-03-29 02:30 does not exist in Berlin; it becomes 03:30 CEST = 01:30Z.
    expect(nextDeadline(s, 'Europe/Berlin', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('New York and Tokyo', () => {
    const s: Schedule = { kind: 'every', days: 1, time: '09:15' };
    expect(nextDeadline(s, 'America/New_York', new Date('2026-07-01T20:00:00Z')).toISOString()).toBe('2026-07-02T13:15:00.000Z');
    expect(nextDeadline(s, 'Asia/Tokyo', new Date('2026-07-01T20:00:00Z')).toISOString()).toBe('2026-07-03T00:15:00.000Z');
  });

  it('rejects unknown time zones and bad schedules with a clear message', () => {
    expect(() => nextDeadline({ kind: 'every', days: 2, time: '18:00' }, 'Mars/Olympus', new Date())).toThrow(/not an IANA time zone/);
    expect(() => nextDeadline({ kind: 'weekly', days: [], time: '18:00' }, 'UTC', new Date())).toThrow(/at least one day/);
    expect(() => nextDeadline({ kind: 'every', days: 2, time: '25:00' }, 'UTC', new Date())).toThrow(/HH:MM/);
  });

  it('formats a deadline in the game time zone', () => {
    expect(formatDeadline(new Date('2026-12-03T17:00:00Z'), 'Europe/Berlin')).toBe('Thu 2026-12-03 18:00 UTC+01:00 (Europe/Berlin)');
  });

  test.prop(
    [
      fc.subarray([...WEEKDAYS], { minLength: 1 }),
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }),
      fc.constantFrom('Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'UTC', 'Asia/Kolkata'),
    ],
    { numRuns: 200 },
  )('weekly deadlines are after the start and within 8 days', (days, h, m, after, tz) => {
    const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    const d = nextDeadline({ kind: 'weekly', days, time }, tz, after);
    expect(d.getTime()).toBeGreaterThan(after.getTime());
    expect(d.getTime() - after.getTime()).toBeLessThanOrEqual(8 * 86_400_000);
  });
});
