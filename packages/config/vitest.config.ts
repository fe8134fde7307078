import { defineProject } from 'vitest/config';

// Pure code, no module state a test changes: its files share a process per worker (isolate: false), so
// each file does not import the rulesets and @fast-check/vitest afresh (docs/operations.md, "Test suite time").
export default defineProject({
  test: { name: 'config', isolate: false, include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
