import { defineProject } from 'vitest/config';

export default defineProject({
  // PNG rendering and the property tests take a few hundred ms each on an idle machine; CI runs every
  // project at once on 2 cores, so give them room rather than fail on a busy machine.
  test: { name: 'reports', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000 },
});
