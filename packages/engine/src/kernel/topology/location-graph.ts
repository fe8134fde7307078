// An explicit location graph (Expeditions' location tiles and Basecamp): locations by name, each with the
// locations it touches, optionally a region (South, Central, North). Adjacency is symmetric: a scenario
// that lists A next to B but not B next to A is refused, naming both. Distance is the fewest steps along
// the graph, ignoring every obstacle (face-up cards, other mechs are the ruleset's blockers); locations
// that no path joins are at distance Infinity.
import { assertBoardSize } from '../board-limits.ts';
import type { Edge, Topology } from '../ruleset.ts';

export interface Location {
  /** The location's one spelling, e.g. "12" or "basecamp"; players may write it in any letter case. */
  id: string;
  neighbours: readonly string[];
  region?: string;
}

export interface LocationGraphTopology extends Topology<string> {
  regionOf(space: string): string | null;
}

export function locationGraphTopology(locations: readonly Location[]): LocationGraphTopology {
  assertBoardSize(locations.length, 'location graph');
  const byId = new Map<string, Location>();
  const byFolded = new Map<string, string>();
  for (const l of locations) {
    if (l.id.trim() === '' || l.id !== l.id.trim()) throw new RangeError(`location graph: ${JSON.stringify(l.id)} is not a usable location id (empty, or spaces around it)`);
    const folded = l.id.toLowerCase();
    const clash = byFolded.get(folded);
    if (clash !== undefined) throw new RangeError(`location graph: ${JSON.stringify(l.id)} and ${JSON.stringify(clash)} are the same id but for letter case`);
    byId.set(l.id, l);
    byFolded.set(folded, l.id);
  }
  const neighbourSets = new Map(locations.map((l) => [l.id, new Set(l.neighbours)]));
  for (const l of locations) {
    for (const n of l.neighbours) {
      const other = byId.get(n);
      if (other === undefined) throw new RangeError(`location graph: ${l.id} lists an unknown neighbour ${JSON.stringify(n)}`);
      if (n === l.id) throw new RangeError(`location graph: ${l.id} lists itself as a neighbour`);
      if (!neighbourSets.get(n)!.has(l.id)) throw new RangeError(`location graph: ${l.id} lists ${n} as a neighbour, but ${n} does not list ${l.id}`);
    }
  }
  const known = (id: string): Location => {
    const l = byId.get(id);
    if (l === undefined) throw new RangeError(`location graph: there is no location ${JSON.stringify(id)}`);
    return l;
  };
  const distances = new Map<string, Map<string, number>>();
  const distancesFrom = (start: string): Map<string, number> => {
    let d = distances.get(start);
    if (d !== undefined) return d;
    d = new Map([[start, 0]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const at = queue[i] as string;
      const next = (d.get(at) as number) + 1;
      for (const n of known(at).neighbours) {
        if (!d.has(n)) {
          d.set(n, next);
          queue.push(n);
        }
      }
    }
    distances.set(start, d);
    return d;
  };
  return {
    parseSpace: (text) => byFolded.get(text.trim().toLowerCase()) ?? null,
    formatSpace: (id) => known(id).id,
    has: (id) => byId.has(id),
    neighbours: (id) => known(id).neighbours.map((to): Edge<string> => ({ to })),
    distance: (a, b) => {
      known(b);
      return distancesFrom(known(a).id).get(b) ?? Number.POSITIVE_INFINITY;
    },
    regionOf: (id) => known(id).region ?? null,
  };
}
