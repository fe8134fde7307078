import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'intake', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
