import { defineProject } from 'vitest/config';

// The property tests play many whole quests: 30 s each rather than vitest's 5 s, which they ran past on a
// busy machine; a test still fails on what it asserts.
export default defineProject({
  test: { name: 'ruleset-descent', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
