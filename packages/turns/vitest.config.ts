import { defineProject } from 'vitest/config';

export default defineProject({
  // Integration tests against the real PostgreSQL: the first run of a file also warms up the engine and renderers.
  test: { name: 'turns', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
