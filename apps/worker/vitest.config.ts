import { defineProject } from 'vitest/config';

export default defineProject({
  // Integration tests against the real PostgreSQL, Redis and SMTP; they wait for deadlines and restarts.
  test: { name: 'worker', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
