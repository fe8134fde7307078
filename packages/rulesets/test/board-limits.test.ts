// Issue 27 ("the server dies"): every board a scenario can describe is bounded (BOARD_LIMITS, the
// kernel), checked by each ruleset's scenario schema before anything is built or drawn. Each check runs
// in a child process (test/isolated.ts): before the bounds these scenarios were accepted, and building or
// drawing them stalled or killed the process (a Descent area M1:ZZZ99999 is 1.8 billion squares).
import { describe, expect, it } from 'vitest';
import { HOSTILE_BOARDS, example, type Doc } from './hostile-boards.ts';
import { type ChildAnswer, checkAllInChild } from './scenario-in-child.ts';

const checkInChild = async (document: Doc, draw = false): Promise<ChildAnswer> => (await checkAllInChild([document], draw))[0] as ChildAnswer;

describe('board limits, checked before anything is built or drawn (issue 27)', () => {
  for (const c of HOSTILE_BOARDS) {
    it(`refuses ${c.name}, naming the field and the limit`, async () => {
      const answer = await checkInChild(c.document());
      expect(answer.ok).toBe(false);
      expect(answer.issues).toContainEqual({ path: c.path, message: expect.stringContaining(c.limit) });
    }, 90_000);
  }

  it('still takes the biggest legal boards, and builds, runs and draws them (Descent: 200 by 200 squares)', async () => {
    const d = example('descent/gate-of-bones.json');
    d.areas[0].squares = ['A1:F6', 'A7:GR200', 'M1:GR6'];
    const answer = await checkInChild(d, true);
    expect(answer.issues).toBeUndefined();
    expect(answer.ok).toBe(true);
    expect(answer.png?.every((p) => typeof p === 'number' && p > 0)).toBe(true);
  }, 90_000);
});
