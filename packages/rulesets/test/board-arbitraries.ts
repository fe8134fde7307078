// fast-check generators of scenarios of every ruleset with extreme board sizes and coordinates (issue 27):
// each is an example scenario with its board grown, or a space moved far out, by values around and far
// past BOARD_LIMITS. Each sample says where the scenario is out of bounds (the issue path it must be
// refused at), or null when it is legal and must be built, run and drawn.
import fc from 'fast-check';
import { BOARD_LIMITS, formatHexId, formatSquare } from '@arbiter/engine';
import { example, type Doc } from './hostile-boards.ts';

export interface BoardSample {
  ruleset: string;
  document: Doc;
  /** The path of the value past BOARD_LIMITS, or null: the board is within them. */
  outOfBounds: string | null;
}

const L = BOARD_LIMITS;
/** Around a limit and far past it: the values a hostile file and an honest big one would use. */
const around = (limit: number, far: number): fc.Arbitrary<number> =>
  fc.oneof({ arbitrary: fc.integer({ min: 1, max: limit }), weight: 3 }, fc.integer({ min: limit - 2, max: limit + 2 }), fc.integer({ min: limit + 1, max: far }));

const mepbm: fc.Arbitrary<BoardSample> = fc.tuple(around(L.gridSide, 999), around(L.gridSide, 999)).map(([col, row]) => {
  const d = example('first-turn.json');
  const at = d.map.hexes.length;
  d.map.hexes.push({ hex: formatHexId({ col, row }), terrain: 'sea' });
  return { ruleset: 'mepbm', document: d, outOfBounds: col > L.gridSide || row > L.gridSide ? `map.hexes[${at}].hex` : null };
});

// A rectangle below the example's two areas (rows 1..6), from A7 to (col, row).
const descent: fc.Arbitrary<BoardSample> = fc.tuple(around(L.gridSide, 26 ** 3), around(L.gridSide, 1e6)).map(([col, far]) => {
  const row = Math.max(7, far);
  const d = example('descent/gate-of-bones.json');
  d.areas[0].squares.push(`A7:${formatSquare({ col, row })}`);
  return { ruleset: 'descent', document: d, outOfBounds: col > L.gridSide || row > L.gridSide ? 'areas[0].squares[1]' : null };
});

const coordinate = fc.oneof(
  { arbitrary: fc.integer({ min: -L.pictureCoordinate, max: L.pictureCoordinate }), weight: 3 },
  fc.integer({ min: -L.pictureCoordinate - 5, max: L.pictureCoordinate + 5 }),
  fc.double({ min: -3 * L.pictureCoordinate, max: 3 * L.pictureCoordinate, noNaN: true }),
  fc.constantFrom(1e9, -1e9, 1e308, -L.pictureCoordinate, L.pictureCoordinate),
);
const expeditions: fc.Arbitrary<BoardSample> = fc.tuple(fc.nat(), coordinate, coordinate).map(([pick, x, y]) => {
  const d = example('expeditions/empty-bag.json');
  const i = pick % d.locations.length;
  d.locations[i].at = [x, y];
  const far = (v: number) => Math.abs(v) > L.pictureCoordinate;
  return { ruleset: 'expeditions', document: d, outOfBounds: far(x) ? `locations[${i}].at[0]` : far(y) ? `locations[${i}].at[1]` : null };
});

const lattice = fc.oneof({ arbitrary: fc.integer({ min: -L.tileCoordinate - 1, max: L.tileCoordinate + 1 }), weight: 4 }, fc.constantFrom(1e9, -1e9, 2 ** 31));
const mageKnight: fc.Arbitrary<BoardSample> = fc.tuple(lattice, lattice).map(([a, b]) => {
  const d = example('mage-knight/first-reconnaissance.json');
  const i = d.positions.length;
  d.positions.push({ id: 'far', at: [a, b] });
  const far = (v: number) => Math.abs(v) > L.tileCoordinate;
  return { ruleset: 'mage-knight', document: d, outOfBounds: far(a) ? `positions[${i}].at[0]` : far(b) ? `positions[${i}].at[1]` : null };
});

// The example board padded with water to `rows` rows of `cells` cells: Guards of Atlantis is bounded by
// its own schema (60 rows of at most 400 characters), inside BOARD_LIMITS; past 60 rows it is refused.
const guards: fc.Arbitrary<BoardSample> = fc.tuple(fc.oneof({ arbitrary: fc.integer({ min: 8, max: 60 }), weight: 3 }, fc.constantFrom(61, 62)), fc.integer({ min: 13, max: 200 })).map(([rows, cells]) => {
  const d = example('guards-of-atlantis/two-lanes.json');
  const pad = (row: string) => [...row.split(' '), ...Array.from({ length: cells }, () => '~')].slice(0, Math.max(cells, row.split(' ').length)).join(' ');
  d.board.rows = [...d.board.rows.map(pad), ...Array.from({ length: rows - d.board.rows.length }, () => pad(''))];
  return { ruleset: 'guards-of-atlantis', document: d, outOfBounds: rows > 60 ? 'board.rows' : null };
});

export const BOARD_SAMPLES: Readonly<Record<string, fc.Arbitrary<BoardSample>>> = { mepbm, descent, expeditions, 'mage-knight': mageKnight, 'guards-of-atlantis': guards };
