// Scenarios checked, built, run and drawn in a child process (scenario-child.ts through test/isolated.ts),
// so that one that kills or stalls the process is a red test, not a dead runner.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runIsolated } from '../../../test/isolated.ts';
import type { Doc } from './hostile-boards.ts';

const child = fileURLToPath(new URL('./scenario-child.ts', import.meta.url));

export interface ChildAnswer {
  ok: boolean;
  issues?: { path: string; message: string }[];
  ms: Record<string, number>;
  svgBytes?: number;
  png?: (number | string)[];
}

/** Each document checked, built, run and drawn in one child process, within `timeoutMs`. */
export async function checkAllInChild(documents: Doc[], draw = false, timeoutMs = 60_000): Promise<ChildAnswer[]> {
  const run = await runIsolated<ChildAnswer[]>(child, { documents, draw }, { timeoutMs });
  expect(run, `the child died on one of ${JSON.stringify(documents).slice(0, 2000)}: ${run.stderr}`).toMatchObject({ timedOut: false, signal: null, code: 0 });
  return run.answer as ChildAnswer[];
}
