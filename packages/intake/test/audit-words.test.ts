// The audit log in words (issue #25): each action the services write as a sentence; an unknown one by
// its name and detail.
import { describe, expect, it } from 'vitest';
import { auditWords } from '../src/audit-words.ts';

describe('auditWords', () => {
  it('says each action in words', () => {
    expect(auditWords('turn.hold', { turn: 3, reason: 'no nation has sent orders' })).toBe('Turn 3 was held for the game master: no nation has sent orders.');
    expect(auditWords('turn.release', { turn: 3 })).toBe('Turn 3 was released.');
    expect(auditWords('turn.release', { turn: 3, by: 'extend' })).toBe('Turn 3 was released by moving its deadline.');
    expect(auditWords('turn.extend', { turn: 2, from: '2026-12-04T18:00:00.000Z', to: '2026-12-05T18:00:00.000Z' })).toBe("Turn 2's deadline was moved from 2026-12-04 18:00 UTC to 2026-12-05 18:00 UTC.");
    expect(auditWords('game.reminder-hours', { reminderHours: 0 })).toBe('Reminders were turned off.');
    expect(auditWords('nation.report-delivery', { nationId: 'north', reportDelivery: 'text' })).toBe("north's reports are now mailed: text.");
  });

  it('shows an action it does not know by its name and detail', () => {
    expect(auditWords('game.something-new', { a: 1 })).toBe('game.something-new {"a":1}');
  });
});
