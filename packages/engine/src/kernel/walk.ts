// The path walker: a unit walks a list of spaces step by step, through a ruleset's step rules (the
// contract's StepRules hooks). Each step: the next space must be a neighbour on the board, nothing on it
// may block the unit, the ruleset's cost must allow it and the unit must have the points; then the
// watchers of the step act (a `stop` ends movement after the step), then whatever entering reveals.
import type { Edge, StepRefusal, StepRules, Topology, WatchOutcome } from './ruleset.ts';

export interface WalkedStep<S extends string> {
  from: S;
  to: S;
  cost: number;
  /** Points left after the step. */
  left: number;
  /** What watchers did on this step (stops and effects), in the order the rules gave them. */
  watched: readonly WatchOutcome[];
  revealed: boolean;
}

/** Why a walk ended before its last space, or null when it walked the whole path. */
export type WalkStop<S extends string> =
  /** The step to `to` was refused: the unit stays at `at`. */
  | { kind: 'refused'; at: S; to: S; refusal: StepRefusal }
  /** The step to `to` costs more than the points left. */
  | { kind: 'out-of-points'; at: S; to: S; cost: number; left: number }
  /** A watcher stopped the unit after its step onto `at` (provoked, intercepted). */
  | { kind: 'watched'; at: S; by: string; message: string }
  /** Entering `at` revealed something that ends movement. */
  | { kind: 'revealed'; at: S };

export interface WalkResult<S extends string> {
  steps: WalkedStep<S>[];
  /** Where the unit is at the end. */
  at: S;
  spent: number;
  stop: WalkStop<S> | null;
}

/** The refusal for a step to a space that is not next to the unit on the board. */
export function notAdjacent<S extends string>(topology: Topology<S>, from: S, to: S): StepRefusal {
  return {
    code: 'not-adjacent',
    message: `${topology.has(to) ? topology.formatSpace(to) : JSON.stringify(to)} is not next to ${topology.formatSpace(from)}`,
  };
}

/** Walks `unit` from `start` along `path` with `budget` points. Pure: the rules decide, nothing is changed. */
export function walkPath<S extends string, U>(
  topology: Topology<S>,
  rules: StepRules<S, U>,
  unit: U,
  start: S,
  path: readonly S[],
  budget: number,
): WalkResult<S> {
  const steps: WalkedStep<S>[] = [];
  let at = start;
  let left = budget;
  const end = (stop: WalkStop<S> | null): WalkResult<S> => ({ steps, at, spent: budget - left, stop });
  for (const to of path) {
    const edge: Edge<S> | undefined = topology.neighbours(at).find((e) => e.to === to);
    if (edge === undefined) return end({ kind: 'refused', at, to, refusal: notAdjacent(topology, at, to) });
    const blocked = rules.blocks?.(unit, to) ?? null;
    if (blocked !== null) return end({ kind: 'refused', at, to, refusal: blocked });
    const outcome = rules.cost(unit, at, to, edge);
    if (!outcome.ok) return end({ kind: 'refused', at, to, refusal: outcome.refusal });
    if (outcome.cost > left) return end({ kind: 'out-of-points', at, to, cost: outcome.cost, left });
    const from = at;
    left -= outcome.cost;
    at = to;
    const watched = rules.watch?.(unit, from, to) ?? [];
    const reveal = rules.reveal?.(unit, to) ?? null;
    steps.push({ from, to, cost: outcome.cost, left, watched, revealed: reveal?.revealed ?? false });
    const stop = watched.find((w) => w.kind === 'stop');
    if (stop !== undefined) return end({ kind: 'watched', at, by: stop.by, message: stop.message });
    if (reveal?.endsMovement === true) return end({ kind: 'revealed', at });
  }
  return end(null);
}
