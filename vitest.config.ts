import { defineConfig } from 'vitest/config';

// One vitest run over every workspace: each package and app is a project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
