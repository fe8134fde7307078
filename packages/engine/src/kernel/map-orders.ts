// What the rulesets' `orders.byMap` share (issue #25): a path on the map as the board's direction names,
// each step a neighbour of the one before, or the first step that is not.
import type { MapLine, Topology } from './ruleset.ts';

/** The direction of each step of `path` from `start` on `board`, or why a step is no step. */
export function stepDirections(board: Topology, start: string, path: readonly string[]): { ok: true; directions: string[] } | { ok: false; message: string } {
  const directions: string[] = [];
  let at = start;
  for (const next of path) {
    const edge = board.neighbours(at).find((e) => e.to === next);
    if (edge === undefined) return { ok: false, message: `${next} is not next to ${at}` };
    if (edge.direction === undefined) return { ok: false, message: `the board names no direction from ${at} to ${next}` };
    directions.push(edge.direction);
    at = next;
  }
  return { ok: true, directions };
}

/** `prefix, d1, d2, ...` for a path of direction steps; a path with no step is no order yet. */
export function directionLine(board: Topology, start: string, path: readonly string[], prefix: string): MapLine {
  if (path.length === 0) return { ok: false, message: 'no step yet: choose the first space of the path' };
  const steps = stepDirections(board, start, path);
  return steps.ok ? { ok: true, line: `${prefix}, ${steps.directions.join(', ')}` } : steps;
}
