// Synthetic nation views for the reports benchmark: 20 units each on a 16 x 14 hex window, with their
// forces after the turn and named population centres.
import type { HexsideFeature, MapWindowHex, MapWindowHexside, MoveStep, NationView, Terrain, UnitResult } from '@arbiter/ruleset-mepbm';
import type { ReportContext } from '../src/index.ts';
import { DIRECTIONS, coordOf, hexIdOf, neighbour } from '../src/report/geometry.ts';

const UNITS = 20;

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TERRAINS: Terrain[] = ['plains', 'plains', 'plains', 'hills', 'forest', 'forest', 'desert', 'swamp', 'mountains', 'shore'];
const FEATURES: HexsideFeature[][] = [['road'], ['minor-river'], ['major-river'], ['major-river', 'bridge'], ['minor-river', 'ford'], ['road', 'minor-river', 'bridge']];

export function makeView(n: number, NATIONS: number): NationView {
  const r = rng(n + 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  // A window of 16 x 14 hexes somewhere on a 44 x 39 map.
  const c0 = 1 + Math.floor(r() * 28);
  const r0 = 1 + Math.floor(r() * 25);
  const hexes: MapWindowHex[] = [];
  for (let row = r0; row < r0 + 14; row++) for (let col = c0; col < c0 + 16; col++) hexes.push({ hex: hexIdOf({ col, row }), terrain: pick(TERRAINS) });
  const hexsides: MapWindowHexside[] = [];
  for (let i = 0; i < 40; i++) hexsides.push({ hex: pick(hexes).hex, dir: pick(DIRECTIONS), features: pick(FEATURES) });
  const units: UnitResult[] = [];
  for (let u = 0; u < UNITS; u++) {
    const kind = u % 10 === 9 ? 'navy' : u % 5 === 4 ? 'character' : 'army';
    const start = hexIdOf({ col: c0 + 2 + Math.floor(r() * 12), row: r0 + 2 + Math.floor(r() * 10) });
    let at = start;
    let left = 12;
    const steps = [];
    for (let k = 0; kind !== 'character' && k < 8 && left > 0; k++) {
      let dir: MoveStep = r() < 0.1 ? 'h' : pick(DIRECTIONS);
      const cost = Math.min(left, 1 + Math.floor(r() * 3));
      const next = dir === 'h' ? null : neighbour(coordOf(at) ?? { col: 1, row: 1 }, dir);
      // Stay inside the window (a rest day instead of walking off it).
      if (next !== null && (next.col < c0 || next.col >= c0 + 16 || next.row < r0 || next.row >= r0 + 14)) dir = 'h';
      const to = dir === 'h' || next === null ? at : hexIdOf(next);
      left -= cost;
      steps.push({ from: at, to, dir, cost, mpLeft: left, pulse: 12 - left });
      at = to;
    }
    const final = kind === 'character' ? hexIdOf({ col: c0 + 3 + Math.floor(r() * 10), row: r0 + 3 + Math.floor(r() * 8) }) : at;
    units.push({
      id: `n${n}-${kind}-${u}`,
      kind,
      nation: `nation-${n}`,
      startHex: start,
      finalHex: final,
      mpSpent: 12 - left,
      steps,
      stop: r() < 0.3 ? { reason: 'enemy-army', hex: final, message: 'stopped by an enemy army that would not let it pass' } : null,
      ...(r() < 0.05 ? { destroyed: true } : {}),
      ...(kind === 'army' ? { morale: { before: 40, after: 40 - Math.floor(r() * 5) } } : {}),
    });
  }
  return {
    nation: `nation-${n}`,
    turn: 12,
    units,
    sightings: Array.from({ length: 10 }, (_, i) => ({
      hex: pick(hexes).hex,
      pulse: 1 + i,
      nation: `nation-${(n + i + 1) % NATIONS}`,
      unit: `foe-${i}`,
      kind: i % 4 === 0 ? ('navy' as const) : ('army' as const),
      size: 'a large army',
      what: pick(['met', 'passed-through', 'blocked-us', 'we-blocked']),
    })),
    populationCentres: Array.from({ length: 10 }, (_, i) => ({
      fortification: pick(['none', 'none', 'tower', 'fort', 'castle'] as const),
      hex: pick(hexes).hex,
      name: `Place ${n}-${i}`,
      nation: i < 6 ? `nation-${n}` : `nation-${(n + i) % NATIONS}`,
      size: pick(['camp', 'village', 'town', 'major-town', 'city'] as const),
    })),
    forces: forcesOf(units),
    map: { hexes, hexsides },
    events: units.slice(0, 20).map((u, i) => ({ pulse: 1 + (i % 14), type: 'move', message: `Our ${u.kind} ${u.id} reached ${u.finalHex}.` })),
    orderTemplate: units.map((u) => `${u.id}, ${u.kind === 'army' ? '850, no, ' : u.kind === 'navy' ? '830, no, ' : '810, '}`),
  };
}

/** The surviving units as the forces after the turn: troops, commander, food, morale, a character with every other army. */
function forcesOf(units: readonly UnitResult[]): NonNullable<NationView['forces']> {
  const alive = units.filter((u) => u.destroyed !== true);
  const armies = alive.filter((u) => u.kind === 'army');
  const characters = alive.filter((u) => u.kind === 'character').map((c, i) => ({ hex: c.finalHex, id: c.id, name: `Hero ${i}`, with: armies[i * 2]?.id ?? null }));
  return {
    armies: armies.map((a, i) => ({
      aboard: null,
      characters: characters.filter((c) => c.with === a.id).map((c) => c.id),
      commander: { command: 30 + i, name: `Captain ${i}` },
      food: 40 + i,
      hex: a.finalHex,
      id: a.id,
      morale: a.morale?.after ?? 40,
      troops: { archers: 100 * i, heavyCavalry: 200, heavyInfantry: 600 },
    })),
    characters,
    navies: alive.filter((u) => u.kind === 'navy').map((v) => ({ armies: [], characters: [], commander: { command: 35 }, food: 30, hex: v.finalHex, id: v.id, morale: 50, ships: { transports: 4, warships: 2 } })),
  };
}

export function ctxFor(v: NationView): ReportContext {
  return {
    gameName: 'Benchmark Game',
    gameId: 'bench',
    turn: v.turn,
    nextDeadline: new Date(Date.UTC(2026, 11, 7, 18, 0)),
    timeZone: 'Europe/London',
    nationName: v.nation,
  };
}

