// One hero's movement on the board as it stands: the Movement action (up to its value, through no
// obstacle, its limits checked only at its start), Fast Travel (instead of the whole Movement action, no
// path needed, the same or an adjacent zone, no enemy heroes or minions in either zone), and movement in
// the card text (no Fast Travel, not stopped by what stops Movement actions, the exact number of spaces
// unless "up to" or "may"). Pure: each function reads the state and says what would happen.
import { notAdjacent, walkPath, type Direction, type HexId, type StepRules, type WalkResult } from '@arbiter/engine';
import { boardOf, enemiesInZone, occupant } from './board.ts';
import type { CardEffect, GoaState, Hero, Status } from './types.ts';

export interface Refusal { code: string; message: string }

/** What moves: a hero, a minion or a token (its id, and where it stands). */
export interface Piece { id: string; at: HexId }

/** Why `to` is an obstacle for `piece` (terrain, or another unit or token on it), or null. */
export function obstacleAt(state: GoaState, piece: Piece, to: HexId): Refusal | null {
  const board = boardOf(state);
  if (board.isTerrain(to)) return { code: 'terrain', message: `${to} is terrain${board.regionOf(to) === null ? ' (water)' : ''}: an obstacle` };
  const o = occupant(state, to);
  if (o !== null && o.id !== piece.id) return { code: o.kind, message: `${to} holds ${o.what}: an obstacle` };
  return null;
}

/**
 * The board's step rules for a piece: every step costs 1; units, tokens and terrain are obstacles, unless
 * it moves `through` them (it may enter and leave them; where it ends is checked after the walk).
 */
export function stepRules(state: GoaState, piece: Piece, through = false): StepRules<HexId, Piece> {
  return {
    cost: () => ({ ok: true, cost: 1 }),
    blocks: (_unit, to) => (through ? null : obstacleAt(state, piece, to)),
  };
}

/** The spaces `steps` lead to from the hero's space (stopping at the first that is off the board). */
export function spacesOf(state: GoaState, from: HexId, steps: readonly Direction[]): HexId[] {
  const board = boardOf(state);
  const out: HexId[] = [];
  let at = from;
  for (const d of steps) {
    const next = board.neighbours(at).find((e) => e.direction === d)?.to;
    if (next === undefined) break;
    out.push(next);
    at = next;
  }
  return out;
}

export interface Walk {
  result: WalkResult<HexId>;
  /** A step written past the board's edge (the walk stops there), or a move through obstacles ending on one. */
  offBoard: Refusal | null;
}

/**
 * Walks the steps with `budget` spaces on the kernel's path walker. Moving `through` obstacles, a walk
 * that would end on one ends instead on the last space of its path that is not one (the start at worst).
 */
export function walkSteps(state: GoaState, piece: Piece, steps: readonly Direction[], budget: number, through = false): Walk {
  const board = boardOf(state);
  const spaces = spacesOf(state, piece.at, steps);
  const result = walkPath(board, stepRules(state, piece, through), piece, piece.at, spaces, budget);
  let offBoard: Refusal | null = null;
  if (spaces.length < steps.length && result.stop === null) {
    const last = spaces[spaces.length - 1] ?? piece.at;
    offBoard = { code: 'off-board', message: `there is no space ${steps[spaces.length]} of ${last}: the board ends there` };
  }
  if (!through) return { result, offBoard };
  let keep = result.steps.length;
  while (keep > 0 && obstacleAt(state, piece, result.steps[keep - 1]!.to) !== null) keep--;
  if (keep === result.steps.length) return { result, offBoard };
  const end = result.steps[result.steps.length - 1]!.to;
  const why = obstacleAt(state, piece, end)!;
  const kept = result.steps.slice(0, keep);
  return {
    result: { steps: kept, at: kept[kept.length - 1]?.to ?? piece.at, spent: keep, stop: null },
    offBoard: { code: 'ends-on-obstacle', message: `${why.message}, and a move through obstacles may never end on one` },
  };
}

/** What limits a hero's Movement action at its start: statuses of adjacent enemy heroes' cards. */
export interface StartLimits {
  stopped: Refusal | null;
  maxSpaces: { spaces: number; by: string } | null;
  noFastTravel: Refusal | null;
}

export function startLimits(state: GoaState, hero: Hero, statuses: readonly Status[]): StartLimits {
  const board = boardOf(state);
  const limits: StartLimits = { stopped: null, maxSpaces: null, noFastTravel: null };
  for (const s of statuses) {
    const by = state.heroes.find((h) => h.id === s.by);
    if (by === undefined || by.team === hero.team) continue;
    if (board.distance(by.at, hero.at) !== 1) continue;
    const card = state.cards[s.card]?.name ?? s.card;
    const source = `${by.name}'s ${card}`;
    if (s.effect.kind === 'enemies-adjacent-stopped') {
      limits.stopped ??= { code: 'stopped', message: `${hero.name} is next to ${by.name} and cannot perform a Movement action this turn (${source})` };
    } else {
      if (limits.maxSpaces === null || s.effect.maxSpaces < limits.maxSpaces.spaces) limits.maxSpaces = { spaces: s.effect.maxSpaces, by: source };
      if (s.effect.noFastTravel) limits.noFastTravel ??= { code: 'no-fast-travel', message: `${hero.name} is next to ${by.name} and cannot Fast Travel this turn (${source})` };
    }
  }
  return limits;
}

/** Why the hero cannot Fast Travel to `to` now, or null when it can. */
export function fastTravelProblem(state: GoaState, hero: Hero, to: HexId): Refusal | null {
  const board = boardOf(state);
  if (!board.has(to)) return { code: 'off-board', message: `${to} is not a space of the board` };
  if (board.isTerrain(to)) return { code: 'terrain', message: `${to} is terrain: Fast Travel needs an empty space` };
  const o = occupant(state, to);
  if (o !== null && o.id !== hero.id) return { code: o.kind, message: `${to} holds ${o.what}: Fast Travel needs an empty space` };
  if (to === hero.at) return { code: 'same-space', message: `${hero.name} is already on ${to}` };
  const from = board.regionOf(hero.at);
  const into = board.regionOf(to) as string;
  if (from === null) return { code: 'no-zone', message: `${hero.name}'s space ${hero.at} is in no zone` };
  if (into !== from && !board.adjacentZones(from).includes(into)) {
    return { code: 'not-adjacent-zone', message: `zone ${into} is not adjacent to zone ${from} (adjacent: ${board.adjacentZones(from).join(', ') || 'none'})` };
  }
  const leaving = enemiesInZone(state, from, hero.team);
  if (leaving.length > 0) return { code: 'enemies-in-zone', message: `zone ${from}, which ${hero.name} would leave, holds enemies (${leaving.join(', ')})` };
  const entering = into === from ? [] : enemiesInZone(state, into, hero.team);
  if (entering.length > 0) return { code: 'enemies-in-zone', message: `zone ${into} holds enemies (${entering.join(', ')})${into === state.battleZone ? ': the battle zone is entered with a Movement action' : ''}` };
  return null;
}

/** Every empty space a hero could Fast Travel to now, in id order (the receipt's and the map's hint). */
export function fastTravelDestinations(state: GoaState, hero: Hero): HexId[] {
  const board = boardOf(state);
  const from = board.regionOf(hero.at);
  if (from === null) return [];
  return [from, ...board.adjacentZones(from)].flatMap((z) => board.hexesOf(z)).filter((h) => fastTravelProblem(state, hero, h) === null).sort();
}

/** The spaces a hero can reach with up to `budget` steps (breadth first through empty spaces), start excluded. */
export function reachable(state: GoaState, hero: Hero, budget: number): HexId[] {
  const board = boardOf(state);
  const rules = stepRules(state, hero);
  const seen = new Set<HexId>([hero.at]);
  let frontier: HexId[] = [hero.at];
  for (let i = 0; i < budget; i++) {
    const next: HexId[] = [];
    for (const at of frontier) for (const e of board.neighbours(at)) {
      if (seen.has(e.to) || rules.blocks?.(hero, e.to) != null) continue;
      seen.add(e.to);
      next.push(e.to);
    }
    frontier = next;
  }
  seen.delete(hero.at);
  return [...seen].sort();
}

/** How many card-text steps a `move` effect takes, and whether fewer (or none) will do. */
export function textMoveRule(e: Extract<CardEffect, { kind: 'move' }>): { spaces: number; exact: boolean } {
  return { spaces: e.spaces, exact: !e.upTo && !e.optional };
}

export { notAdjacent };
