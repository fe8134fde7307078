// Scenarios of every ruleset whose board is past the kernel's bounds (BOARD_LIMITS), each with the issue
// path and the words of the limit it must be refused with (issue 27): used by the ruleset, REST and CLI tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BOARD_LIMITS } from '@arbiter/engine';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export type Doc = Record<string, any>;
export const example = (file: string): Doc => JSON.parse(readFileSync(`${root}examples/scenarios/${file}`, 'utf8')) as Doc;

export interface HostileBoard {
  /** The ruleset and what is too big. */
  name: string;
  document: () => Doc;
  /** The path (REST adds `scenario.` in front). */
  path: string;
  /** Words of the message that state the limit. */
  limit: string;
}

const L = BOARD_LIMITS;
export const HOSTILE_BOARDS: HostileBoard[] = [
  {
    name: 'mepbm: a hex past the largest map (column 201)',
    document: () => {
      const d = example('first-turn.json');
      d.map.hexes.push({ hex: '201001', terrain: 'plains' });
      return d;
    },
    path: `map.hexes[${example('first-turn.json').map.hexes.length}].hex`,
    limit: `at most ${L.gridSide} columns`,
  },
  {
    name: 'Descent: an area M1:ZZZ99999 (1.8 billion squares)',
    document: () => {
      const d = example('descent/gate-of-bones.json');
      d.areas[0].squares[0] = 'M1:ZZZ99999';
      return d;
    },
    path: 'areas[0].squares[0]',
    limit: `at most ${L.gridSide} columns and ${L.gridSide} rows`,
  },
  {
    name: 'Descent: areas each within the columns and rows, but more squares in all than a board may have',
    document: () => {
      const d = example('descent/gate-of-bones.json');
      d.areas[0].squares = ['A1:GR200', 'A1:GR200'];
      return d;
    },
    path: 'areas',
    limit: `at most ${L.spaces}`,
  },
  {
    name: 'Expeditions: a location at [1e9, 1e9]',
    document: () => {
      const d = example('expeditions/empty-bag.json');
      d.locations[0].at = [1e9, 1e9];
      return d;
    },
    path: 'locations[0].at[0]',
    limit: `from -${L.pictureCoordinate} to ${L.pictureCoordinate}`,
  },
  {
    name: 'Mage Knight: a tile position at lattice (1e9, 0)',
    document: () => {
      const d = example('mage-knight/first-reconnaissance.json');
      d.positions[1].at = [1e9, 0];
      return d;
    },
    path: 'positions[1].at[0]',
    limit: `from -${L.tileCoordinate} to ${L.tileCoordinate}`,
  },
];
