// The order `npm test` starts its files in: still shuffled by the run's seed (an order dependence still
// fails, and `--sequence.seed=<seed>` repeats the order), but arranged so that two workers finish together
// (docs/operations.md, "Test suite time"):
// - the long files (LONG_FILES) start first, longest first, so that none of them starts near the end and
//   runs alone while the other worker has nothing left;
// - the files of projects that share one process between files (`isolate: false`) run last, each
//   project's files one after another, so that a worker goes on in the process it has (a worker runs one
//   project's files) instead of starting a new one whenever the shuffle changes project.
import { shuffle } from '@vitest/utils/helpers';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take 10 s or more on CI (the longest first): whole-program runs (`npm start` on a fresh
 * clone, `arbiter` processes, the worker with its crash and restarts), browsers, and the rulesets' fuzzing.
 * A name that no longer matches a file only loses its head start.
 */
export const LONG_FILES: readonly string[] = [
  'apps/cli/test/first-run.test.ts',
  'apps/cli/test/api-workers.test.ts',
  'packages/rulesets/test/boards.fuzz.test.ts',
  'packages/rulesets/test/board-limits.test.ts',
  'apps/worker/test/crash.test.ts',
  'apps/worker/test/worker.test.ts',
  'apps/web/test/map-orders.test.ts',
  'apps/web/test/web.test.ts',
  'apps/web/test/screenshots.test.ts',
  'apps/mail-in/test/smtp-e2e.test.ts',
  'apps/mail-in/test/imap-poller.test.ts',
  'apps/cli/test/embedded-commands.test.ts',
  'apps/cli/test/adjudicate-guards-of-atlantis.test.ts',
  'apps/cli/test/mage-knight-game.test.ts',
  'apps/worker/test/redis-restart.test.ts',
];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root.replace(/\/$/, '');
    const rank = (spec: TestSpecification): number => {
      const i = LONG_FILES.indexOf(spec.moduleId.slice(root.length + 1));
      return i === -1 ? LONG_FILES.length : i;
    };
    // vitest sets the seed when tests are shuffled (the root config); without one, the listing order.
    const { seed } = this.ctx.config.sequence;
    const shuffled = seed === undefined ? [...files] : shuffle([...files], seed);
    const long = shuffled.filter((f) => rank(f) < LONG_FILES.length).sort((a, b) => rank(a) - rank(b));
    const isolated = shuffled.filter((f) => rank(f) === LONG_FILES.length && f.project.config.isolate);
    const shared = shuffled.filter((f) => rank(f) === LONG_FILES.length && !f.project.config.isolate);
    // Projects in the order the shuffle met them first; each project's files in their shuffled order.
    const projects = [...new Set(shared.map((f) => f.project.name))];
    const grouped = projects.flatMap((name) => shared.filter((f) => f.project.name === name));
    return [...long, ...isolated, ...grouped];
  }
}
