import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'worker', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
