// Seeded generators for the benchmarks: a large map and a crowded turn. No Math.random.
import { Rng, formatHexId, rngFromSeed } from '../src/index.ts';
import type { GameState, MapData, NationState, PopulationCentreState, Relation, Terrain, UnitState } from '../src/index.ts';
import { DEFAULT_SETTINGS } from '../src/index.ts';

const LAND: Terrain[] = ['plains', 'plains', 'plains', 'plains', 'forest', 'forest', 'hills', 'hills', 'desert', 'swamp', 'mountains', 'shore'];

/** A size x size map: a 6-column coastal strip of sea/coast in the west, land elsewhere, many roads and rivers. */
export function bigMap(size: number, seed: number): MapData {
  const rng = new Rng(rngFromSeed(seed));
  const hexes: MapData['hexes'] = [];
  for (let c = 1; c <= size; c++) {
    for (let r = 1; r <= size; r++) {
      let t: Terrain;
      if (c <= 3) t = 'sea';
      else if (c <= 6) t = 'coast';
      else if (c === 7) t = 'shore';
      else t = LAND[rng.int(LAND.length, { purpose: 'gen' })]!;
      hexes.push({ hex: formatHexId({ col: c, row: r }), terrain: t });
    }
  }
  const hexsides: MapData['hexsides'] = [];
  const dirs = ['e', 'se', 'sw'] as const;
  for (let c = 8; c < size; c++) {
    for (let r = 1; r < size; r++) {
      const roll = rng.int(100, { purpose: 'gen' });
      if (roll >= 30) continue;
      const dir = dirs[rng.int(3, { purpose: 'gen' })]!;
      const features: MapData['hexsides'][number]['features'] =
        roll < 18 ? ['road'] : roll < 23 ? ['minor-river'] : roll < 26 ? ['major-river'] : roll < 28 ? ['major-river', 'ford'] : ['minor-river', 'bridge', 'road'];
      hexsides.push({ dir, features, hex: formatHexId({ col: c, row: r }) });
    }
  }
  return { hexes, hexsides };
}

export interface TurnSpec {
  size: number;
  armies: number;
  characters: number;
  navies: number;
  nations: number;
  seed: number;
}

/**
 * A crowded turn: armies packed into the land part of the map (about one army per 3.5 land hexes at 1x),
 * 40 nations mostly neutral or hostile to each other (so meetings become interceptions), fortified
 * population centres, characters with and without armies, navies in the coastal strip.
 */
export function crowdedTurn(spec: TurnSpec): { state: GameState; orderText: string } {
  const rng = new Rng(rngFromSeed(spec.seed));
  const int = (n: number) => rng.int(n, { purpose: 'gen' });
  const map = bigMap(spec.size, spec.seed);
  const nations: NationState[] = [];
  const rels: Relation[] = ['friendly', 'tolerant', 'neutral', 'neutral', 'disliked', 'hated', 'hated'];
  for (let i = 0; i < spec.nations; i++) {
    const relations: Record<string, Relation> = {};
    for (let j = 0; j < spec.nations; j++) if (j !== i) relations[`n${j}`] = rels[int(rels.length)]!;
    nations.push({ id: `n${i}`, relations });
  }
  const landHex = () => formatHexId({ col: 8 + int(spec.size - 8), row: 1 + int(spec.size) });
  const pcs: PopulationCentreState[] = [];
  const pcUsed = new Set<string>();
  const forts = ['none', 'tower', 'fort', 'castle'] as const;
  for (let i = 0; i < spec.nations * 20; i++) {
    const hex = landHex();
    if (pcUsed.has(hex)) continue;
    pcUsed.add(hex);
    pcs.push({ hex, nation: `n${int(spec.nations)}`, size: 'town', fortification: forts[int(4)]!, capital: false, dock: 'none' });
  }
  const units: UnitState[] = [];
  const lines: string[] = [];
  const dirs = ['ne', 'e', 'se', 'sw', 'w', 'nw'];
  const steps = (n: number) => Array.from({ length: n }, () => (int(12) === 0 ? 'h' : dirs[int(6)]!)).join(', ');
  const armyIds: { id: string; nation: string; hex: string }[] = [];
  for (let i = 0; i < spec.armies; i++) {
    const nation = `n${int(spec.nations)}`;
    const hex = landHex();
    const id = `a${i}`;
    const cav = int(3) === 0;
    units.push({
      id,
      kind: 'army',
      nation,
      hex,
      commander: { command: 20 + int(80) },
      troops: cav ? { heavyCavalry: 50 * (1 + int(20)), lightCavalry: 50 * int(10) } : { heavyInfantry: 50 * (1 + int(30)), archers: 50 * int(10) },
      // A fifth of the armies without food; the others carry more than their troops eat (at most 3,000).
      food: int(5) === 0 ? 0 : 5000,
      morale: 50,
      aboard: null,
    });
    armyIds.push({ id, nation, hex });
    const k = int(20);
    if (k < 13) lines.push(`${id}, 850, ${int(4) === 0 ? 'ev' : 'no'}, ${steps(14)}`);
    else if (k < 18) lines.push(`${id}, 860, ${int(4) === 0 ? 'ev' : 'no'}, ${steps(14)}`);
    else if (k < 19) lines.push(`${id}, 840, ${dirs[int(6)]}`);
  }
  for (let i = 0; i < spec.navies; i++) {
    const nation = `n${int(spec.nations)}`;
    const hex = formatHexId({ col: 1 + int(6), row: 1 + int(spec.size) });
    const id = `s${i}`;
    units.push({ id, kind: 'navy', nation, hex, commander: { command: 50 }, ships: { warships: int(10), transports: 1 + int(10) }, food: int(6) === 0 ? 0 : 10, morale: 50 });
    lines.push(`${id}, 830, no, ${steps(14)}`);
  }
  for (let i = 0; i < spec.characters; i++) {
    const id = `c${i}`;
    if (i % 2 === 0) {
      const a = armyIds[int(armyIds.length)]!;
      units.push({ id, kind: 'character', nation: a.nation, hex: a.hex, with: a.id, spells: [] });
      if (int(4) === 0) lines.push(`${id}, 810, ${landHex()}`);
    } else {
      const a = armyIds[int(armyIds.length)]!;
      units.push({ id, kind: 'character', nation: a.nation, hex: landHex(), with: null, spells: [302] });
      if (int(2) === 0) lines.push(`${id}, 870, ${a.id}`);
      else lines.push(`${id}, 810, ${landHex()}`);
    }
  }
  const state: GameState = {
    ruleset: 'mepbm',
    turn: 1,
    seed: spec.seed,
    map,
    nations,
    populationCentres: pcs,
    units,
    settings: structuredClone(DEFAULT_SETTINGS),
    rng: rngFromSeed(spec.seed),
  };
  return { state, orderText: lines.join('\n') };
}
