import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'rulesets', include: ['test/**/*.test.ts'] },
});
