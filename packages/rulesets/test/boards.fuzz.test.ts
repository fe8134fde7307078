// Issue 27's fuzz suite, the rulesets' part: scenarios of every ruleset with extreme board sizes and
// coordinates (board-arbitraries.ts). In a child process (so that a crash or a stall is a red test, not a
// dead runner), each is either refused, with an issue at the out-of-bounds field stating the limit, or
// checked, built, run (a turn with no orders) and drawn (SVG, and a PNG) within the child's time bound.
// Bounded: a few samples per ruleset, one child per ruleset, fixed seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD_SAMPLES } from './board-arbitraries.ts';
import { checkAllInChild } from './scenario-in-child.ts';

const RUNS = 8;

describe('scenarios with extreme boards, every ruleset (issue 27)', () => {
  for (const [ruleset, arbitrary] of Object.entries(BOARD_SAMPLES)) {
    it(`${ruleset}: refused at the field with the limit, or built, run and drawn within the bound`, async () => {
      const samples = fc.sample(arbitrary, { numRuns: RUNS, seed: 27 + ruleset.length });
      const answers = await checkAllInChild(samples.map((s) => s.document), true, 150_000);
      samples.forEach((s, i) => {
        const a = answers[i]!;
        const shown = `sample ${i} (out of bounds at ${String(s.outOfBounds)}): ${JSON.stringify(a).slice(0, 600)}`;
        for (const issue of a.issues ?? []) expect(issue.path.length > 0 && issue.message.length > 0, shown).toBe(true);
        if (s.outOfBounds === null) {
          expect(a.ok, shown).toBe(true);
          expect(a.png?.every((p) => typeof p === 'number' && p > 0), shown).toBe(true);
        } else {
          expect(a.ok, shown).toBe(false);
          const at = a.issues?.find((x) => x.path === s.outOfBounds || (ruleset === 'guards-of-atlantis' && x.path.startsWith(s.outOfBounds as string)));
          expect(at, shown).toBeDefined();
          if (ruleset !== 'guards-of-atlantis') expect(at?.message, shown).toMatch(/docs\/security\.md/);
        }
      });
    }, 180_000);
  }
});
