import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'process', testTimeout: 30_000, include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
