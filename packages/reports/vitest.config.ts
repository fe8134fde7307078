import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'reports', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
