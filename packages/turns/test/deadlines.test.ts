// The pipeline's deadline policy over intake's DST-aware schedules.
import { describe, expect, it } from 'vitest';
import { deadlineAfter, missedMoreThanOneDeadline, scheduleSlots } from '../src/index.ts';

const monThu = scheduleSlots({ kind: 'weekly', days: ['mon', 'thu'], time: '18:00' }, 'Europe/London');
const every3 = scheduleSlots({ kind: 'every', days: 3, time: '09:30' }, 'America/New_York');
const at = (iso: string): Date => new Date(iso);

describe('deadlineAfter', () => {
  it('keeps the rhythm of the schedule when a turn runs on time, across the end of summer time', () => {
    // Thu 22 Oct 2026 18:00 BST = 17:00Z; British summer time ends on Sun 25 Oct; Mon 26 Oct 18:00 GMT = 18:00Z.
    expect(deadlineAfter(monThu, at('2026-10-22T17:00:00Z'), at('2026-10-22T17:00:05Z'))).toEqual(at('2026-10-26T18:00:00Z'));
    // New York: clocks go back on 1 Nov 2026; 09:30 local stays 09:30 local.
    expect(deadlineAfter(every3, at('2026-10-30T13:30:00Z'), at('2026-10-30T13:31:00Z'))).toEqual(at('2026-11-02T14:30:00Z'));
  });
  it('never shortens the next turn when a turn runs early', () => {
    expect(deadlineAfter(monThu, at('2026-12-03T18:00:00Z'), at('2026-12-01T10:00:00Z'))).toEqual(at('2026-12-07T18:00:00Z'));
  });
  it('gives at least 12 hours when a turn runs late', () => {
    // Due Monday, released Wednesday 10:00: Thursday 18:00 is 32 h away.
    expect(deadlineAfter(monThu, at('2026-11-30T18:00:00Z'), at('2026-12-02T10:00:00Z'))).toEqual(at('2026-12-03T18:00:00Z'));
    // Released Thursday 08:00: Thursday 18:00 is only 10 h away, so the Monday after.
    expect(deadlineAfter(monThu, at('2026-11-30T18:00:00Z'), at('2026-12-03T08:00:00Z'))).toEqual(at('2026-12-07T18:00:00Z'));
  });
  it('refuses a schedule that goes nowhere', () => {
    expect(() => deadlineAfter(() => at('2020-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toThrow('schedule gave no deadline after 2026-01-01T00:00:00.000Z');
    expect(() => scheduleSlots({ kind: 'fortnightly' }, 'Europe/London')).toThrow(/^the game's schedule \{"kind":"fortnightly"\} is not valid/);
  });
});

describe('missedMoreThanOneDeadline (outage guard)', () => {
  it('is false before the deadline and while only this deadline has passed', () => {
    expect(missedMoreThanOneDeadline(monThu, at('2026-12-03T18:00:00Z'), at('2026-12-03T17:00:00Z'))).toBe(false);
    expect(missedMoreThanOneDeadline(monThu, at('2026-12-03T18:00:00Z'), at('2026-12-07T17:59:00Z'))).toBe(false);
  });
  it('is true once the following scheduled deadline has passed too', () => {
    expect(missedMoreThanOneDeadline(monThu, at('2026-12-03T18:00:00Z'), at('2026-12-07T18:00:00Z'))).toBe(true);
  });
});
