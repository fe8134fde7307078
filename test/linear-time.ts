// Time linear in input size, checked relatively: a pathological input is handled within `factor` times
// a harmless input of the same size, both measured in the same test, interleaved, each the least of
// several runs (the least is the run that the machine's other load disturbed least). Relative timings hold
// on a loaded 2-core machine where absolute ones do not; `slackMs` absorbs the timer's and the garbage
// collector's few milliseconds when both inputs are fast.
//
// Used by the fuzz suites of the order parser (packages/engine), the mail text extraction (apps/mail-in)
// and the REST routes (apps/api): docs/security.md says which shapes each one covers.

export interface LinearTimeResult {
  /** Least time of the harmless input, in ms. */
  harmlessMs: number;
  /** Least time of the pathological input, in ms. */
  pathologicalMs: number;
  /** Rounds run (stops at the first round where the pathological input is within bounds). */
  rounds: number;
  /** pathologicalMs <= factor * harmlessMs + slackMs */
  within: boolean;
}

export interface LinearTimeOptions {
  /** How many times slower the pathological input may be (default 10). */
  factor?: number;
  /** Most rounds of one harmless and one pathological run (default 5). */
  rounds?: number;
  /** Added to the bound, for timer and collector noise (default 5 ms). */
  slackMs?: number;
}

async function timed(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Runs both inputs in turn until the pathological one is within bounds, or `rounds` rounds have run. */
export async function compareTimes(
  harmless: () => unknown,
  pathological: () => unknown,
  options: LinearTimeOptions = {},
): Promise<LinearTimeResult> {
  const factor = options.factor ?? 10;
  const rounds = options.rounds ?? 5;
  const slackMs = options.slackMs ?? 5;
  await harmless(); // warm-up: compiled code, caches, connections
  let harmlessMs = Infinity;
  let pathologicalMs = Infinity;
  for (let round = 1; round <= rounds; round++) {
    harmlessMs = Math.min(harmlessMs, await timed(harmless));
    pathologicalMs = Math.min(pathologicalMs, await timed(pathological));
    if (pathologicalMs <= factor * harmlessMs + slackMs) return { harmlessMs, pathologicalMs, rounds: round, within: true };
  }
  return { harmlessMs, pathologicalMs, rounds, within: false };
}

/** A string of exactly `length` characters made by repeating `unit` (cut at the end). */
export function ofLength(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}
