import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ruleset-mage-knight', include: ['test/**/*.test.ts'] },
});
