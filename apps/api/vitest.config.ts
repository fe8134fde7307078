import { defineProject } from 'vitest/config';

// Integration tests (processes, databases, mail): 30 s each rather than vitest's 5 s, which a busy
// machine's process start alone can take; a test still fails on what it asserts.
export default defineProject({
  test: { name: 'api', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000 },
});
