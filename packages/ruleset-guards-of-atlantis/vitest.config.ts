import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ruleset-guards-of-atlantis', include: ['test/**/*.test.ts'] },
});
