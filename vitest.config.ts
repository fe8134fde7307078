import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/sequencer.ts';

// One vitest run over every workspace: each package and app is a project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // Files and the tests in each file run in a random order, so that a test that passes only after
    // another fails here. The seed is printed ("Running tests with seed ..."): `npx vitest run
    // --sequence.seed=<seed>` repeats that order. (Projects take these from here.)
    // The files' order is the seed's shuffle arranged by LongFirstSequencer (test/sequencer.ts): long files
    // first, the projects that share a process between files together at the end.
    sequence: { shuffle: { files: true, tests: true }, sequencer: LongFirstSequencer },
    // A golden file (toMatchFileSnapshot) that is missing or differs fails the run, on every machine, not
    // only where CI is set; `npm run test:update-golden` (vitest's --update) writes them, for review.
    update: 'none',
    // vitest's own default is one worker fewer than the cores: ONE file at a time on CI's 2 cores. Most
    // files wait on PostgreSQL, Redis, SMTP, a browser or a child process, so one file per core keeps
    // both busy (docs/operations.md, "Test suite time"). Files that share a service keep apart by
    // themselves (own database, Redis key prefix, free ports).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
