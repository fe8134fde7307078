// Orders by the map (`orders.byMap`, issue #25): an army's 850 and a navy's 830 are the path's
// directions after the order template's start; a character's 810 goes to the path's last hex.
import { directionLine, type MapLine, type MapUnit, type Topology } from '@arbiter/engine';
import type { GameState } from './state.ts';
import { templateLine } from './views.ts';

export function mapUnits(state: GameState, nation: string): MapUnit[] {
  return state.units.filter((u) => u.nation === nation).map((u) => ({ unit: u.id, space: u.hex }));
}

export function mapLine(board: Topology, state: GameState, nation: string, unit: string, path: readonly string[]): MapLine {
  const u = state.units.find((x) => x.id === unit && x.nation === nation);
  if (u === undefined) return { ok: false, message: `${unit} is not one of your units` };
  const prefix = templateLine(u.kind, u.id).replace(/,\s*$/, '');
  if (u.kind !== 'character') return directionLine(board, u.hex, path, prefix);
  const last = path[path.length - 1];
  return last === undefined ? { ok: false, message: 'no hex yet: choose where the character goes' } : { ok: true, line: `${prefix}, ${last}` };
}
