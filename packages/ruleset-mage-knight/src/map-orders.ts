// Orders by the map (`orders.byMap`, issue #25): a move order whose Move points are what the path's
// spaces cost to enter (by day or night, as the rules table says), then the path's directions. A hero
// off the map starts on the portal. Whether the hero has those points is the check's to say.
import { directionLine, type MapLine, type MapUnit } from '@arbiter/engine';
import { Board } from './board.ts';
import { enterCost } from './terrain.ts';
import type { MkState } from './types.ts';

function startOf(state: MkState, space: string | null): string {
  return space ?? new Board(state).portal();
}

export function mapUnits(state: MkState, player: string): MapUnit[] {
  return state.heroes.filter((h) => h.player === player).map((h) => ({ unit: h.id, space: startOf(state, h.space) }));
}

export function mapLine(state: MkState, player: string, unit: string, path: readonly string[]): MapLine {
  const hero = state.heroes.find((h) => h.id === unit && h.player === player);
  if (hero === undefined) return { ok: false, message: `${unit} is not your hero` };
  const board = new Board(state);
  let points = 0;
  for (const id of path) {
    const space = state.spaces.find((s) => s.id === id);
    if (space === undefined) return { ok: false, message: `${id} is not revealed yet: explore first` };
    points += enterCost(space.terrain, space.site, state.time) ?? 0;
  }
  return directionLine(board.topology, startOf(state, hero.space), path, `${hero.id}, move ${points}`);
}
