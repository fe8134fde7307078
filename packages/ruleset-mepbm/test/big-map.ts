// A scenario on a map the size of the real game's (44 x 39 hexes), for the map picture's tests and the
// render bench: terrain in broad bands with seas, forests and mountains, a major river, roads; the North
// with a dozen armies, navies and characters spread over its realm (its report map covers 300+ hexes) and
// population centres; the South's armies on the North's border, so the North sights some.
import { createGame, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicate } from './sealed.ts';
import type { NationView, Terrain } from '../src/index.ts';
import { hexIdOf } from '../src/report/geometry.ts';

export const BIG_COLS = 44;
export const BIG_ROWS = 39;

function terrainAt(col: number, row: number): Terrain {
  if (col <= 1) return 'sea';
  if (col === 2) return 'coast';
  if (col === 3) return 'shore';
  const k = (col * 7 + row * 13 + ((col * row) % 5)) % 23;
  if (row >= 17 && row <= 19 && col >= 20 && col <= 26) return 'mountains';
  if (k === 0 || k === 11) return 'forest';
  if (k === 5) return 'hills';
  if (k === 17) return 'swamp';
  if (col >= 38 && row >= 30) return 'desert';
  return 'plains';
}

const id = (col: number, row: number): string => hexIdOf({ col, row });

export function bigScenario(): unknown {
  const hexes: { hex: string; terrain: Terrain }[] = [];
  for (let row = 1; row <= BIG_ROWS; row++) for (let col = 1; col <= BIG_COLS; col++) hexes.push({ hex: id(col, row), terrain: terrainAt(col, row) });
  const hexsides: { hex: string; dir: 'e' | 'se' | 'sw'; features: string[] }[] = [];
  for (let row = 3; row <= 30; row++) hexsides.push({ hex: id(14, row), dir: 'e', features: row % 7 === 0 ? ['major-river', 'bridge'] : ['major-river'] });
  for (let col = 4; col <= 30; col++) hexsides.push({ hex: id(col, 10), dir: 'e', features: ['road'] });
  const armies: [string, number, number, string][] = [
    ['aragorn', 8, 6, 'Aragorn'],
    ['boromir', 12, 9, 'Boromir'],
    ['faramir', 17, 12, 'Faramir'],
    ['eomer', 6, 14, 'Éomer'],
    ['theoden', 10, 17, 'Théoden'],
    ['imrahil', 15, 4, 'Imrahil'],
    ['halbarad', 20, 8, 'Halbarad'],
    ['elladan', 5, 20, 'Elladan'],
    ['hirluin', 13, 21, 'Hirluin'],
    ['forlong', 18, 16, 'Forlong'],
  ];
  const units: unknown[] = armies.map(([unit, col, row, name], i) => ({
    id: unit,
    kind: 'army',
    nation: 'north',
    hex: id(col, row),
    commander: { name, command: 40 + i * 5 },
    troops: { heavyCavalry: 100 + i * 20, heavyInfantry: 400 + i * 50, archers: 100 },
    food: 60 + i,
    morale: 50 + i,
  }));
  units.push(
    { id: 'swan', kind: 'navy', nation: 'north', hex: id(2, 8), commander: { command: 30 }, ships: { warships: 3, transports: 5 }, food: 30 },
    { id: 'gandalf', kind: 'character', nation: 'north', hex: id(8, 6), name: 'Gandalf', with: 'aragorn', spells: [] },
    { id: 'frodo', kind: 'character', nation: 'north', hex: id(9, 11), name: 'Frodo', spells: [] },
    { id: 'gothmog', kind: 'army', nation: 'south', hex: id(20, 12), commander: { name: 'Gothmog', command: 60 }, troops: { lightInfantry: 2000 }, food: 50 },
    { id: 'khamul', kind: 'army', nation: 'south', hex: id(20, 16), commander: { name: 'Khamul', command: 70 }, troops: { lightCavalry: 600 }, food: 50 },
  );
  return {
    ruleset: 'mepbm',
    seed: 44039,
    settings: { viewRadius: 3 },
    map: { hexes, hexsides },
    nations: [
      { id: 'north', name: 'Kingdom of the North', relations: { south: 'hated' } },
      { id: 'south', name: 'Dark Lord of the South', relations: { north: 'hated' } },
    ],
    populationCentres: [
      { hex: id(7, 7), nation: 'north', name: 'Annuminas', size: 'city', fortification: 'castle', capital: true },
      { hex: id(12, 12), nation: 'north', name: 'Bree', size: 'town', fortification: 'fort' },
      { hex: id(4, 16), nation: 'north', name: 'Grey Havens', size: 'major-town', dock: 'port' },
      { hex: id(16, 19), nation: 'north', name: 'Tharbad', size: 'village' },
      { hex: id(24, 10), nation: 'south', name: 'Dol Guldur', size: 'city', fortification: 'citadel' },
    ],
    units,
    orders: [
      'faramir, 850, no, e, e, e',
      'forlong, 850, no, e, e',
      'boromir, 850, no, e, e',
      'gothmog, 850, no, w, w',
      'khamul, 850, no, w, w',
    ],
  };
}

/** The North's view of turn 1 on the big map, adjudicated by the real engine. */
export function bigNorthView(): { view: NationView; names: Record<string, string> } {
  const parsed = parseScenario(bigScenario());
  if (!parsed.ok) throw new Error(`big scenario: ${JSON.stringify(parsed.issues)}`);
  const { orders, errors } = parseOrders(parsed.scenario.orders.join('\n'));
  if (errors.length > 0) throw new Error(`big scenario orders: ${JSON.stringify(errors)}`);
  const view = adjudicate(createGame(parsed.scenario), orders).views['north'];
  if (view === undefined) throw new Error('no view for the North');
  return { view, names: { north: 'Kingdom of the North', south: 'Dark Lord of the South' } };
}
