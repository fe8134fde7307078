// A deterministic random turn from an integer: a 12x12 map with every terrain and hexside feature,
// four nations with random relations, fortified population centres, armies (some aboard navies),
// characters (some with armies) and navies, and a mix of valid and faulty orders. Used by the
// property tests (shuffle, hash) and the fog-of-war test.
import { Rng, rngFromSeed } from '../src/index.ts';
import type { Relation } from '../src/index.ts';
import { army, character, hexId, navy, scenario } from './resolution-helpers.ts';

const LAND = ['plains', 'plains', 'plains', 'forest', 'hills', 'desert', 'swamp', 'mountains', 'shore'] as const;
const RELS: Relation[] = ['friendly', 'tolerant', 'neutral', 'disliked', 'hated'];
const DIRS = ['ne', 'e', 'se', 'sw', 'w', 'nw', 'h'];
const FEATURE_SETS = [['road'], ['minor-river'], ['major-river'], ['major-river', 'ford'], ['minor-river', 'bridge', 'road'], ['road', 'ford']];

export const NATIONS = ['north', 'south', 'east', 'west'];

export function randomTurn(seed: number): Record<string, unknown> {
  const rng = new Rng(rngFromSeed(seed));
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length, { purpose: 'gen' })]!;
  const int = (lo: number, hi: number) => lo + rng.int(hi - lo + 1, { purpose: 'gen' });
  const cols = 12;
  const rows = 12;
  const hexes: Record<string, string> = {};
  const land: string[] = [];
  const water: string[] = [];
  for (let c = 1; c <= cols; c++) {
    for (let r = 1; r <= rows; r++) {
      const id = hexId(c, r);
      const t = c === 1 ? 'sea' : c === 2 ? 'coast' : c === 3 ? 'shore' : pick(LAND);
      hexes[id] = t;
      if (t === 'sea' || t === 'coast') water.push(id);
      else land.push(id);
    }
  }
  const sides: string[] = [];
  const used = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const h = hexId(int(4, cols - 1), int(1, rows - 1));
    const d = pick(['e', 'se', 'sw']);
    if (used.has(h + d)) continue;
    used.add(h + d);
    sides.push(`${h} ${d} ${pick(FEATURE_SETS).join(' ')}`);
  }
  const nations: Record<string, Record<string, Relation>> = {};
  for (const n of NATIONS) {
    nations[n] = {};
    for (const m of NATIONS) if (m !== n && rng.int(3, { purpose: 'gen' }) > 0) nations[n]![m] = pick(RELS);
  }
  const centres: Record<string, unknown>[] = [];
  const pcHexes = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const h = pick(land);
    if (pcHexes.has(h)) continue;
    pcHexes.add(h);
    centres.push({
      hex: h,
      nation: pick(NATIONS),
      size: pick(['camp', 'village', 'town', 'major-town', 'city']),
      fortification: pick(['none', 'tower', 'fort', 'castle']),
      dock: hexes[h] === 'shore' ? pick(['none', 'harbour', 'port']) : 'none',
    });
  }
  const units: Record<string, unknown>[] = [];
  const orders: string[] = [];
  const armies: { id: string; nation: string; hex: string }[] = [];
  // Armies cluster in the middle columns so that they meet.
  const middle = land.filter((h) => Number(h.slice(0, 2)) >= 4 && Number(h.slice(0, 2)) <= 9);
  for (let i = 0; i < 14; i++) {
    const nation = pick(NATIONS);
    const id = `army-${nation}-${i}`;
    const hex = pick(middle);
    const troops: Record<string, number> = {};
    for (const t of ['heavyCavalry', 'lightCavalry', 'heavyInfantry', 'lightInfantry', 'archers', 'menAtArms']) {
      if (rng.int(3, { purpose: 'gen' }) === 0) troops[t] = int(1, 60) * 10;
    }
    // No food, too little for the troops, or plenty (fed), so that turns mix fed and unfed armies.
    const soldiers = Object.values(troops).reduce((a, b) => a + b, 0);
    const food = [0, 5, 2 * soldiers + 1 + int(0, 20)][rng.int(3, { purpose: 'gen' })]!;
    units.push(army(id, nation, hex, troops, { food, commander: { command: int(10, 95) }, morale: int(20, 90) }));
    armies.push({ id, nation, hex });
    const kind = rng.int(10, { purpose: 'gen' });
    const n = int(1, 14);
    const steps = Array.from({ length: n }, () => pick(DIRS)).join(', ');
    if (kind < 6) orders.push(`${id}, 850, ${pick(['no', 'ev'])}, ${steps}`);
    else if (kind < 8) orders.push(`${id}, 860, ${pick(['no', 'ev'])}, ${steps}`);
    else if (kind < 9) orders.push(`${id}, 840, ${pick(DIRS.slice(0, 6))}`);
  }
  for (let i = 0; i < 4; i++) {
    const nation = pick(NATIONS);
    const id = `navy-${nation}-${i}`;
    const hex = pick(water.filter((h) => h.startsWith('02')));
    units.push(navy(id, nation, hex, { warships: int(0, 5), transports: int(1, 6) }, { food: pick([0, 10]) }));
    if (rng.int(2, { purpose: 'gen' }) === 0) {
      const aid = `marines-${nation}-${i}`;
      units.push(army(aid, nation, hex, { heavyInfantry: int(1, 30) * 10 }, { aboard: id }));
    }
    orders.push(`${id}, 830, ${pick(['no', 'ev'])}, ${Array.from({ length: int(1, 10) }, () => pick(DIRS)).join(', ')}`);
  }
  for (let i = 0; i < 6; i++) {
    const withArmy = rng.int(2, { purpose: 'gen' }) === 0 ? pick(armies) : null;
    const nation = withArmy?.nation ?? pick(NATIONS);
    const id = `char-${nation}-${i}`;
    const hex = withArmy?.hex ?? pick(land);
    units.push(character(id, nation, hex, { ...(withArmy ? { with: withArmy.id } : {}), spells: [302, 308, 312] }));
    const k = rng.int(4, { purpose: 'gen' });
    if (k === 0) orders.push(`${id}, 810, ${pick([...land, ...water])}`);
    else if (k === 1) orders.push(`${id}, 870, ${pick(armies).id}`);
    else if (k === 2) orders.push(`${id}, 825, 302, ${pick(land)}`);
  }
  orders.push('nobody, 850, no, e');
  orders.push(`${pick(armies).id}, 850, no, n`);
  return scenario({ cols, rows, hexes: hexes as never, sides, nations, centres, units, seed }, orders);
}
