// The board of a state on the kernel's location-graph topology (Basecamp, the locations and the card
// gaps as one graph), and the movement rules on it: which spaces a mech may pass or end on, the legal
// destinations within range, and a mech's walk along a path through the kernel's path walker.
import { locationGraphTopology, walkPath, type LocationGraphTopology, type StepRefusal, type StepRules, type WalkResult } from '@arbiter/engine';
import { graphOf } from './scenario.ts';
import { BASECAMP, type ExState, type LocationState, type Mech } from './types.ts';

const boards = new WeakMap<ExState['locations'], LocationGraphTopology>();

/** The state's graph (the adjacency never changes in a game, so it is built once per locations list). */
export function boardOf(state: ExState): LocationGraphTopology {
  let b = boards.get(state.locations);
  if (b === undefined) {
    b = locationGraphTopology(graphOf(state));
    boards.set(state.locations, b);
  }
  return b;
}

export function locationOf(state: ExState, id: string): LocationState | undefined {
  return state.locations.find((l) => l.id === id);
}

export function mechOn(state: ExState, space: string, except?: Mech): Mech | undefined {
  return state.mechs.find((m) => m.at === space && m !== except && m.id !== except?.id);
}

/** Why a mech may not enter `space` at all (a face-up card, Basecamp), or null. */
export function enterRefusal(state: ExState, space: string): StepRefusal | null {
  if (space === BASECAMP) return { code: 'basecamp', message: 'a mech may not move back to Basecamp (it is not a location)' };
  const card = state.cards.find((c) => c.id === space);
  if (card !== undefined) return { code: 'card', message: `${card.id} holds the face-up card ${card.card}: no mech moves through or onto it` };
  return null;
}

/** The kernel walker's hooks: each step costs one location of range; entering a face-down location ends the move. */
export function stepRules(state: ExState): StepRules<string, Mech> {
  return {
    cost: () => ({ ok: true, cost: 1 }),
    blocks: (_mech, to) => enterRefusal(state, to),
    reveal: (_mech, to) => {
      const l = locationOf(state, to);
      return l !== undefined && !l.faceUp ? { revealed: true, endsMovement: true } : null;
    },
  };
}

export function walkMech(state: ExState, mech: Mech, path: readonly string[]): WalkResult<string> {
  return walkPath(boardOf(state), stepRules(state), mech, mech.at, path, mech.range);
}

/**
 * Every location a mech may end its move on, with the shortest path to each (breadth first, neighbours
 * in the scenario's order, so the path is deterministic): within range, not its start, unoccupied;
 * passing through face-up locations only (occupied or not), never a card or Basecamp; a face-down
 * location ends the move, so it can be a destination but nothing beyond it.
 */
export function destinations(state: ExState, mech: Mech): Map<string, string[]> {
  const board = boardOf(state);
  const out = new Map<string, string[]>();
  const reached = new Map<string, string[]>([[mech.at, []]]);
  let frontier = [mech.at];
  for (let step = 1; step <= mech.range && frontier.length > 0; step++) {
    const next: string[] = [];
    for (const from of frontier) {
      for (const { to } of board.neighbours(from)) {
        if (reached.has(to) || enterRefusal(state, to) !== null) continue;
        const path = [...reached.get(from)!, to];
        reached.set(to, path);
        const l = locationOf(state, to)!;
        if (mechOn(state, to, mech) === undefined) out.set(to, path);
        if (l.faceUp) next.push(to);
      }
    }
    frontier = next;
  }
  return new Map([...out].sort(([a], [b]) => Number(a) - Number(b)));
}
