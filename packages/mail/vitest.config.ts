import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mail', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
