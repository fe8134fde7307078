// Small builders for Mage Knight positions in tests: tiles written hex by hex in words, heroes by
// space, and the scenario document they make (validated by the real scenario parser).
import { checkOrders, initialState, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicateTurn } from './sealed.ts';
import type { MkState } from '../src/index.ts';

type HexName = 'c' | 'ne' | 'e' | 'se' | 'sw' | 'w' | 'nw';
const HEXES: HexName[] = ['c', 'ne', 'e', 'se', 'sw', 'w', 'nw'];
const SITE_WORDS = new Set(['portal', 'village', 'monastery', 'keep', 'mage-tower', 'city', 'dungeon', 'tomb', 'monster-den', 'spawning-grounds', 'ancient-ruins', 'mine', 'magical-glade', 'orc-camp']);
const ENEMY_WORDS = new Set(['orc-marauders', 'draconum']);

/** A tile: each hex as "terrain [site[*]] [enemy]" (`*`: conquered); hexes not given are plains. */
export function tile(id: string, kind: 'starting' | 'countryside' | 'core', hexes: Partial<Record<HexName, string>>): unknown {
  const out: Record<string, Record<string, unknown>> = {};
  for (const h of HEXES) {
    const [terrain, ...rest] = (hexes[h] ?? 'plains').split(/\s+/);
    const d: Record<string, unknown> = { terrain };
    for (const w of rest) {
      const conquered = w.endsWith('*');
      const word = conquered ? w.slice(0, -1) : w;
      if (SITE_WORDS.has(word)) {
        d.site = word;
        if (conquered) d.conquered = true;
      } else if (ENEMY_WORDS.has(word)) d.enemy = word;
      else throw new Error(`tile ${id} ${h}: unknown word ${w}`);
    }
    out[h] = d;
  }
  return { id, kind, hexes: out };
}

/** The usual positions of the test maps (lattice coordinates). */
export const POSITIONS: Record<string, [number, number]> = {
  s: [0, 0],
  a: [1, 0],
  b: [0, 1],
  c: [-1, 1],
  d: [-1, 0],
  e: [0, -1],
  f: [1, -1],
  g: [2, 0],
  h: [2, -1],
  i: [1, 1],
};

export interface PositionInput {
  time?: 'day' | 'night';
  settings?: Record<string, unknown>;
  /** The map shape (default: every position of POSITIONS). */
  shape?: string[];
  /** Tiles on the map at the start: position -> tile. */
  map: Record<string, unknown>;
  /** Unrevealed tiles, in deck order (countryside before core whatever the order here). */
  deck?: unknown[];
  /** Tiles removed from the game at setup: the empty deck's fallback. */
  reserve?: unknown[];
  /** Positions of the shape on the coastline (no Core tile there). */
  coastline?: string[];
  /** Heroes, in seat order: id -> space (null: off the map), or with Fame too. Player ids are p-<hero>. */
  heroes: Record<string, string | null | { space: string | null; fame?: number; wounds?: number }>;
  seed?: number;
}

export function scenarioDoc(p: PositionInput): Record<string, unknown> {
  const shape = p.shape ?? Object.keys(POSITIONS);
  return {
    ruleset: 'mage-knight',
    seed: p.seed ?? 1,
    time: p.time ?? 'day',
    settings: { tileOrder: 'as-listed', ...(p.settings ?? {}) },
    positions: shape.map((id) => ({ id, at: POSITIONS[id], ...(p.coastline?.includes(id) === true ? { coastline: true } : {}) })),
    tiles: structuredClone([...Object.values(p.map), ...(p.deck ?? []), ...(p.reserve ?? [])]),
    reserve: (p.reserve ?? []).map((t) => (t as { id: string }).id),
    map: Object.entries(p.map).map(([position, t]) => ({ position, tile: (t as { id: string }).id })),
    players: Object.entries(p.heroes).map(([hero, h]) => ({
      id: `p-${hero}`,
      name: `Player of ${hero}`,
      hero: { id: hero, name: hero[0]!.toUpperCase() + hero.slice(1), ...(h === null || typeof h === 'string' ? { space: h } : h) },
    })),
  };
}

export function stateOf(p: PositionInput): MkState {
  const parsed = parseScenario(scenarioDoc(p));
  if (!parsed.ok) throw new Error(`bad test position: ${JSON.stringify(parsed.issues)}`);
  return initialState(parsed.scenario);
}

export function run(p: PositionInput, lines: string[]) {
  const state = stateOf(p);
  const parsed = parseOrders(lines.join('\n'));
  const result = adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
  return { state, parsed, result };
}

export function check(p: PositionInput, player: string, lines: string[]) {
  const state = stateOf(p);
  const parsed = parseOrders(lines.join('\n'));
  return checkOrders(state, player, parsed.orders);
}
