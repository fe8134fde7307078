// The board: rows of cells on the kernel's hex-zones topology (pointy-top even-r offset hexes, ids CCRR).
// A cell is a zone letter (an open space of that zone), the same letter in lower case (a terrain space of
// that zone), `~` (water: terrain in no zone, around the board) or `.` (no space). Column 1 is a row's first
// cell, row 1 the first row; cells are separated by spaces.
import { formatHexId, hexZonesTopology, type HexId, type HexZonesTopology, type ZoneAdjacency, type ZonedHex } from '@arbiter/engine';
import type { GoaState } from './types.ts';

export const CELL = /^([A-Z]|[a-z]|~|\.)$/;

/** The cells of a row, split on spaces. */
export function cellsOf(row: string): string[] {
  return row.trim().split(/\s+/).filter((c) => c !== '');
}

/** The zoned hexes of a board's rows; a bad cell is a RangeError naming its row and column. */
export function zonedHexes(rows: readonly string[]): ZonedHex[] {
  const out: ZonedHex[] = [];
  rows.forEach((row, r) => {
    cellsOf(row).forEach((cell, c) => {
      if (!CELL.test(cell)) throw new RangeError(`row ${r + 1}, cell ${c + 1}: ${JSON.stringify(cell)} is not a zone letter, a terrain letter, ~ or .`);
      if (cell === '.') return;
      const hex = formatHexId({ col: c + 1, row: r + 1 });
      if (cell === '~') out.push({ hex, zone: null, terrain: true });
      else if (cell === cell.toLowerCase()) out.push({ hex, zone: cell.toUpperCase(), terrain: true });
      else out.push({ hex, zone: cell });
    });
  });
  return out;
}

const boards = new Map<string, HexZonesTopology>();

/** The topology of a board (cached by its rows and adjacency reading; boards are small and few). */
export function boardOfRows(rows: readonly string[], adjacency: ZoneAdjacency = 'open-to-open'): HexZonesTopology {
  const key = `${adjacency}\n${rows.join('\n')}`;
  let b = boards.get(key);
  if (b === undefined) {
    b = hexZonesTopology(zonedHexes(rows), { adjacency });
    if (boards.size > 64) boards.clear();
    boards.set(key, b);
  }
  return b;
}

export function boardOf(state: Pick<GoaState, 'rows' | 'settings'>): HexZonesTopology {
  return boardOfRows(state.rows, state.settings.zoneAdjacency);
}

/** What stands on a space: a hero, a minion or a token (every one an obstacle), or null. */
export function occupant(state: Pick<GoaState, 'heroes' | 'minions' | 'tokens'>, hex: HexId): { kind: 'hero' | 'minion' | 'token'; id: string; what: string } | null {
  const h = state.heroes.find((x) => x.at === hex);
  if (h !== undefined) return { kind: 'hero', id: h.id, what: `hero ${h.name}` };
  const m = state.minions.find((x) => x.at === hex);
  if (m !== undefined) return { kind: 'minion', id: m.id, what: `${m.team} minion ${m.id}` };
  const t = state.tokens.find((x) => x.at === hex);
  if (t !== undefined) return { kind: 'token', id: t.id, what: `${t.kind} token ${t.id}` };
  return null;
}

/** The zone's enemy heroes and minions for a team (what blocks Fast Travel from or into it). */
export function enemiesInZone(state: GoaState, zone: string, team: string): string[] {
  const board = boardOf(state);
  return [
    ...state.heroes.filter((h) => h.team !== team && board.regionOf(h.at) === zone).map((h) => `hero ${h.name}`),
    ...state.minions.filter((m) => m.team !== team && board.regionOf(m.at) === zone).map((m) => `${m.team} minion ${m.id}`),
  ];
}
