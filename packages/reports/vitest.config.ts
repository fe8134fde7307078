import { defineProject } from 'vitest/config';

// Pure code, no module state a test changes: its files share a process per worker (isolate: false), so
// each file does not import the rulesets and @fast-check/vitest afresh (docs/operations.md, "Test suite time").
export default defineProject({
  // PNG rendering and the property tests take a few hundred ms each on an idle machine; CI runs every
  // project at once on 2 cores, so give them room rather than fail on a busy machine.
  test: { name: 'reports', isolate: false, include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000 },
});
