// Fixed nation views for the golden tests: a realistic turn 3 for Gondor around 2915.
// Steps are built with the grid's neighbour rule, so every path is one a real army could walk.
import type { Direction, HexId, MapWindowHex, MapWindowHexside, MoveStep, NationView, Step, Terrain } from '@arbiter/ruleset-mepbm';
import type { ReportContext } from '../src/index.ts';
import { coordOf, hexIdOf, neighbour } from '../src/report/geometry.ts';

/** Steps from `start`: each entry is [direction or h, cost, pulse]; MP left counts down from `budget`. */
export function walk(start: HexId, budget: number, entries: [MoveStep, number, number][]): Step[] {
  let at = start;
  let left = budget;
  return entries.map(([dir, cost, pulse]) => {
    const c = coordOf(at);
    if (c === null) throw new Error(`bad hex ${at}`);
    const to = dir === 'h' ? at : hexIdOf(neighbour(c, dir));
    left -= cost;
    const s: Step = { from: at, to, dir, cost, mpLeft: left, pulse };
    at = to;
    return s;
  });
}

function terrainOf(col: number, row: number): Terrain {
  const id = hexIdOf({ col, row });
  const special: Record<string, Terrain> = {
    '3017': 'forest',
    '3018': 'forest',
    '3114': 'forest',
    '3214': 'forest',
    '3312': 'hills',
    '3313': 'hills',
    '3318': 'mountains',
    '3319': 'mountains',
    '3219': 'mountains',
    '2819': 'swamp',
    '2919': 'swamp',
    '3316': 'desert',
    '3317': 'desert',
  };
  if (special[id] !== undefined) return special[id];
  if (col === 26) return 'sea';
  if (col === 27 && row <= 15) return 'coast';
  if (col === 27 || (col === 28 && row <= 14)) return 'shore';
  return 'plains';
}

function windowHexes(): MapWindowHex[] {
  const out: MapWindowHex[] = [];
  for (let row = 12; row <= 19; row++) {
    for (let col = 26; col <= 33; col++) out.push({ hex: hexIdOf({ col, row }), terrain: terrainOf(col, row) });
  }
  return out;
}

const sides: MapWindowHexside[] = [
  { hex: '2915', dir: 'e', features: ['road'] },
  { hex: '2915', dir: 'w', features: ['road'] },
  { hex: '2815', dir: 'sw', features: ['road'] },
  { hex: '3116', dir: 'nw', features: ['minor-river'] }, // recorded on the far side of aragorn's crossing
  { hex: '3115', dir: 'sw', features: ['minor-river'] },
  { hex: '2917', dir: 'e', features: ['minor-river', 'ford'] },
  { hex: '3017', dir: 'ne', features: ['minor-river'] },
  { hex: '3112', dir: 'e', features: ['major-river'] },
  { hex: '3113', dir: 'e', features: ['major-river', 'bridge', 'road'] },
  { hex: '3114', dir: 'e', features: ['major-river'] },
  { hex: '3215', dir: 'w', features: ['major-river'] },
];

export const gondorContext: ReportContext = {
  gameName: 'War of the Ring',
  gameId: 'g-0001',
  turn: 3,
  // Friday 4 December 2026, 18:00 in London (GMT in winter).
  nextDeadline: new Date(Date.UTC(2026, 11, 4, 18, 0)),
  timeZone: 'Europe/London',
  nationName: 'Gondor',
  nationNames: { mordor: 'Mordor', harad: 'Harad', umbar: 'Corsairs of Umbar' },
};

export const gondorView: NationView = {
  nation: 'gondor',
  turn: 3,
  units: [
    {
      id: 'aragorn',
      kind: 'army',
      nation: 'gondor',
      startHex: '2915',
      finalHex: '3116',
      mpSpent: 10,
      steps: walk('2915', 12, [
        ['e', 2, 2],
        ['e', 3, 5],
        ['se', 5, 10],
      ]),
      stop: {
        reason: 'enemy-fortified-population-centre',
        hex: '3116',
        message: 'stopped by the fortified town (fort) of Mordor; it cannot be forced past without evasive movement',
      },
      food: { eaten: 2200, fed: true, fedNextTurn: false, left: 90 },
    },
    {
      id: 'eomer',
      kind: 'army',
      nation: 'gondor',
      startHex: '2717',
      finalHex: '2916',
      mpSpent: 14,
      steps: walk('2717', 14, [
        ['e', 2, 2],
        ['e', 2, 4],
        ['e', 7, 11],
        ['nw', 2, 13],
        ['h', 1, 14],
      ]),
      stop: null,
      morale: { before: 35, after: 38 },
      food: { eaten: 1600, fed: true, fedNextTurn: false, left: 40 },
    },
    {
      id: 'boromir',
      kind: 'army',
      nation: 'gondor',
      startHex: '3213',
      finalHex: '3214',
      mpSpent: 10,
      steps: walk('3213', 12, [['se', 10, 10]]),
      stop: {
        reason: 'overrun',
        hex: '3214',
        message: 'overrun by the army morgul-host of Mordor (a huge host); all troops and characters were killed',
      },
      destroyed: true,
      morale: { before: 30, after: 0 },
    },
    {
      id: 'frodo',
      kind: 'character',
      nation: 'gondor',
      startHex: '2912',
      finalHex: '3018',
      mpSpent: 0,
      steps: [],
      stop: null,
    },
    {
      id: 'legolas',
      kind: 'character',
      nation: 'gondor',
      startHex: '2915',
      finalHex: '2915',
      mpSpent: 0,
      steps: [],
      stop: null,
    },
    {
      id: 'swan',
      kind: 'navy',
      nation: 'gondor',
      startHex: '2715',
      finalHex: '2812',
      mpSpent: 4,
      steps: walk('2715', 14, [
        ['nw', 1, 1],
        ['ne', 1, 2],
        ['ne', 1, 3],
        ['e', 1, 4],
      ]),
      stop: { reason: 'navy-landed', hex: '2812', message: 'navies end their move on entering a shore hex' },
    },
  ],
  sightings: [
    { hex: '2614', pulse: 1, nation: 'umbar', unit: 'black-sail', kind: 'navy', size: 'a small fleet', what: 'met' },
    { hex: '2917', pulse: 4, nation: 'harad', unit: 'haradrim-1', kind: 'army', size: 'a small army', what: 'we-overran' },
    { hex: '3214', pulse: 10, nation: 'mordor', unit: 'morgul-host', kind: 'army', size: 'a huge host', what: 'overran-us' },
    { hex: '3317', pulse: 12, nation: 'harad', unit: 'serpent-riders', kind: 'army', size: 'a large army', what: 'passed-through' },
    // Rules version 3: who saw it, from how far, its commander in the same hex, an army aboard a navy.
    {
      aboard: 'black-sail',
      by: { id: 'aragorn', kind: 'army' },
      commander: 'Angamaitë',
      distance: 0,
      hex: '2614',
      kind: 'army',
      nation: 'umbar',
      pulse: 1,
      size: 'small',
      unit: 'corsair-host',
      what: 'met',
    },
    { by: { id: '2915', kind: 'population-centre' }, distance: 1, hex: '3015', kind: 'army', nation: 'mordor', pulse: 15, size: 'large', unit: 'gorgoroth', what: 'nearby' },
  ],
  populationCentres: [
    { capital: true, fortification: 'citadel', hex: '2915', loyalty: 80, name: 'Minas Tirith', nation: 'gondor', size: 'city' },
    { fortification: 'none', hex: '2817', nation: 'gondor', size: 'village' },
    { dock: 'port', fortification: 'tower', hex: '2812', loyalty: 65, name: 'Dol Amroth', nation: 'gondor', size: 'major-town' },
    { fortification: 'fort', hex: '3116', name: 'Minas Morgul', nation: 'mordor', size: 'town' },
    { fortification: 'none', hex: '3318', nation: 'harad', size: 'camp' },
  ],
  // After the turn: boromir's army is gone.
  forces: {
    armies: [
      {
        aboard: null,
        characters: [],
        commander: { command: 80, name: 'Aragorn' },
        food: 90,
        hex: '3116',
        id: 'aragorn',
        morale: 55,
        troops: { archers: 400, heavyCavalry: 300, heavyInfantry: 1200 },
      },
      { aboard: null, characters: [], commander: { command: 70, name: 'Éomer' }, food: 40, hex: '2916', id: 'eomer', morale: 38, troops: { lightCavalry: 800 } },
    ],
    characters: [
      { hex: '3018', id: 'frodo', name: 'Frodo', with: null },
      { hex: '2915', id: 'legolas', name: 'Legolas', with: null },
    ],
    navies: [{ armies: [], characters: [], commander: { command: 30 }, food: 25, hex: '2812', id: 'swan', morale: 50, ships: { transports: 4, warships: 2 } }],
  },
  map: { hexes: windowHexes(), hexsides: sides },
  events: [
    { pulse: 0, type: 'character-moved', message: 'Frodo moved from 2912 to 3018.' },
    { pulse: 1, type: 'sighting', message: 'Our navy swan met the navy black-sail of the Corsairs of Umbar at 2614.' },
    { pulse: 4, type: 'overrun', message: 'Our army eomer overran the army haradrim-1 of Harad at 2917; it was destroyed.' },
    { pulse: 10, type: 'stopped', message: 'Our army aragorn was stopped at 3116 by the fortified town of Mordor.' },
    { pulse: 10, type: 'overrun', message: 'Our army boromir was overrun by the army morgul-host of Mordor at 3214 and destroyed.' },
    { pulse: 15, type: 'joined', message: 'Legolas stays at 2915 and joins no army.' },
  ],
  orderTemplate: ['aragorn, 850, no, ', 'eomer, 850, no, ', 'frodo, 810, ', 'legolas, 810, ', 'swan, 830, no, '],
};

/** A nation with nothing left: no units, no map window, no deadline set. */
export const emptyView: NationView = {
  nation: 'arnor',
  turn: 7,
  units: [],
  sightings: [],
  populationCentres: [],
  map: { hexes: [], hexsides: [] },
  forces: { armies: [], characters: [], navies: [] },
  events: [],
  orderTemplate: [],
};

export const emptyContext: ReportContext = {
  gameName: 'War of the Ring',
  gameId: 'g-0001',
  turn: 7,
  nextDeadline: null,
  timeZone: 'America/New_York',
  nationName: 'Arnor',
};

export const NASTY = `<script>alert("x")</script> & 'quoted' ]]> <!-- --> \u0007bell\nnewline`;

/** Every string a player or GM could choose carries markup and control characters. */
export function nastyView(): { view: NationView; ctx: ReportContext } {
  const view = structuredClone(gondorView);
  const first = view.units[0];
  if (first === undefined) throw new Error('fixture has no units');
  first.id = `aragorn${NASTY}`;
  if (first.stop !== null) first.stop.message = NASTY;
  const s0 = view.sightings[0];
  if (s0 !== undefined) {
    s0.unit = NASTY;
    s0.size = NASTY;
    s0.nation = 'evil<nation>';
  }
  view.events.push({ pulse: 14, type: 'x', message: NASTY });
  const army0 = view.forces?.armies[0];
  if (army0 !== undefined) {
    army0.commander.name = NASTY;
    army0.id = first.id;
  }
  const centre0 = view.populationCentres[0];
  if (centre0 !== undefined) centre0.name = NASTY;
  view.orderTemplate.push(`${NASTY}, 850, no, `);
  return {
    view,
    ctx: {
      ...gondorContext,
      gameName: `Game ${NASTY}`,
      nationName: `Gondor ${NASTY}`,
      nationNames: { 'evil<nation>': `Evil ${NASTY}` },
    },
  };
}

export const directionList: readonly Direction[] = ['ne', 'e', 'se', 'sw', 'w', 'nw'];
