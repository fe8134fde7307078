import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'turns', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
