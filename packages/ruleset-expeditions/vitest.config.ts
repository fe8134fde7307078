import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ruleset-expeditions', include: ['test/**/*.test.ts'] },
});
