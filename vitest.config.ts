import { defineConfig } from 'vitest/config';

// One vitest run over every workspace: each package and app is a project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Files and the tests in each file run in a random order, so that a test that passes only after
    // another fails here. The seed is printed ("Running tests with seed ..."): `npx vitest run
    // --sequence.seed=<seed>` repeats that order. (Projects take these from here.)
    sequence: { shuffle: { files: true, tests: true } },
    // A golden file (toMatchFileSnapshot) that is missing or differs fails the run, on every machine, not
    // only where CI is set; `npm run test:update-golden` (vitest's --update) writes them, for review.
    update: 'none',
  },
});
