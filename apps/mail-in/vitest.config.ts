import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mail-in', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
