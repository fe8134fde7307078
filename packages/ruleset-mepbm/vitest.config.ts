import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ruleset-mepbm', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
});
