// Orders by the map (`orders.byMap`, issue #25): a Move to the path's last location, through the ones
// before it (`via`), each next to the one before.
import type { MapLine, MapUnit } from '@arbiter/engine';
import { boardOf } from './board.ts';
import type { ExState } from './types.ts';

export function mapUnits(state: ExState, player: string): MapUnit[] {
  return state.mechs.filter((m) => m.player === player).map((m) => ({ unit: m.id, space: m.at }));
}

export function mapLine(state: ExState, player: string, unit: string, path: readonly string[]): MapLine {
  const mech = state.mechs.find((m) => m.id === unit && m.player === player);
  if (mech === undefined) return { ok: false, message: `${unit} is not your mech` };
  const board = boardOf(state);
  let at = mech.at;
  for (const next of path) {
    if (!board.neighbours(at).some((e) => e.to === next)) return { ok: false, message: `${next} is not next to ${at}` };
    at = next;
  }
  const last = path[path.length - 1];
  if (last === undefined) return { ok: false, message: 'no location yet: choose where the mech goes' };
  const via = path.slice(0, -1);
  return { ok: true, line: `${mech.id}, move, ${last}${via.length > 0 ? `, via ${via.join(', ')}` : ''}` };
}
