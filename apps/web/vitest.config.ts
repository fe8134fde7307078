import { defineProject } from 'vitest/config';

// The browser tests start a real server and a real Chromium: generous timeouts for a loaded 2-core CI.
export default defineProject({
  test: { name: 'web', include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
