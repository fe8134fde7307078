import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ruleset-descent', include: ['test/**/*.test.ts'] },
});
