import { defineProject } from 'vitest/config';

// The property tests play many whole quests: 30 s each rather than vitest's 5 s, which they ran past on a
// busy machine; a test still fails on what it asserts.
// Pure code, no module state a test changes: its files share a process per worker (isolate: false), so
// each file does not import the rulesets and @fast-check/vitest afresh (docs/operations.md, "Test suite time").
export default defineProject({
  test: { name: 'ruleset-descent', isolate: false, include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
