// The deadline sweep's due rule (sweep.ts `turnDue`), sentence by sentence; the sweep against PostgreSQL
// and BullMQ is apps/worker/test/sweep.test.ts.
import { describe, expect, it } from 'vitest';
import { turnDue } from '../src/index.ts';

const now = new Date('2026-12-10T18:00:00Z');
const minutes = (m: number): Date => new Date(now.getTime() + m * 60_000);
const open = { status: 'open' as const, claimedAt: null, allFinal: false, now };

describe('which open turns the sweep dispatches, and when', () => {
  it('an open turn before its deadline is scheduled for its deadline', () => {
    expect(turnDue({ ...open, deadline: minutes(30) }, 60_000)).toEqual({ kind: 'scheduled', at: minutes(30) });
  });

  it('an open turn at or past its deadline is due now', () => {
    expect(turnDue({ ...open, deadline: now }, 60_000)).toEqual({ kind: 'due-now' });
    expect(turnDue({ ...open, deadline: minutes(-5) }, 60_000)).toEqual({ kind: 'due-now' });
  });

  it('an open turn whose active nations are all final is due now, before its deadline', () => {
    expect(turnDue({ ...open, allFinal: true, deadline: minutes(600) }, 60_000)).toEqual({ kind: 'due-now' });
  });

  it('a claimed turn is left to its run while the claim is fresh, and dispatched again once it is stale or has no time', () => {
    const claimed = { status: 'adjudicating' as const, allFinal: false, deadline: minutes(-10), now };
    expect(turnDue({ ...claimed, claimedAt: minutes(-1) }, 120_000)).toEqual({ kind: 'working' });
    expect(turnDue({ ...claimed, claimedAt: minutes(-1) }, 60_000)).toEqual({ kind: 'working' });
    expect(turnDue({ ...claimed, claimedAt: minutes(-2) }, 60_000)).toEqual({ kind: 'stalled' });
    expect(turnDue({ ...claimed, claimedAt: null }, 60_000)).toEqual({ kind: 'stalled' });
  });
});
