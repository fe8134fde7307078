// Orders by the map (`orders.byMap`, issue #25): a hero's advance or a monster's move along the path's
// directions, as the order template starts them. A hero in town has no square to start from.
import { directionLine, type MapLine, type MapUnit } from '@arbiter/engine';
import { topologyOf } from './board.ts';
import type { DsState } from './types.ts';

export function mapUnits(state: DsState, player: string): MapUnit[] {
  return state.figures.flatMap((f) => (f.player === player && f.square !== null ? [{ unit: f.id, space: f.square }] : []));
}

export function mapLine(state: DsState, player: string, unit: string, path: readonly string[]): MapLine {
  const f = state.figures.find((x) => x.id === unit && x.player === player);
  if (f === undefined) return { ok: false, message: `${unit} is not your figure` };
  if (f.square === null) return { ok: false, message: `${f.id} is in town` };
  return directionLine(topologyOf(state), f.square, path, `${f.id}, ${f.side === 'heroes' ? 'advance' : 'move'}`);
}
