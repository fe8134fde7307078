// The scenario document (docs/scenario-format-mage-knight.md): its zod schema, the checks across its
// parts, and the initial state. Every problem comes back with its JSON path.
import { z } from 'zod';
import { checkScenarioDocument, MAX_SCENARIO_TURN, rngFromSeed, type ScenarioIssue } from '@arbiter/engine';
import { tileCoordinateProblem, tileLayoutProblem, withinLimit } from '@arbiter/engine';
import { RAMPAGING_ENEMIES, SITES, TERRAINS } from './terrain.ts';
import type { Enemy, Hero, HexDef, MkState, PlacedTile, Settings, Space, TileDef, TileHex } from './types.ts';
import { TILE_HEX_NAMES } from './board.ts';

/** A problem in a scenario document, at its JSON path (the kernel's). */
export type { ScenarioIssue };

const name = z.string().trim().min(1).max(64);
const lowerId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and -, starting with a letter');

export const hexDef = z.strictObject({
  terrain: z.enum(TERRAINS),
  site: z.enum(SITES).optional(),
  conquered: z.boolean().optional(),
  enemy: z.enum(RAMPAGING_ENEMIES).optional(),
});

export const tileDef = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9-]+$/, 'tile ids are letters, digits and -'),
  kind: z.enum(['starting', 'countryside', 'core']),
  hexes: z.strictObject({ c: hexDef, ne: hexDef, e: hexDef, se: hexDef, sw: hexDef, w: hexDef, nw: hexDef }),
});

/** Level thresholds: the ends of the Fame track's rows (3, 8, 15, ... Fame). */
export const DEFAULT_LEVEL_AT = [3, 8, 15, 24, 35, 48, 63, 80, 99];

const settings = z
  .strictObject({
    playerVsPlayer: z.boolean().default(false),
    famePerTile: z.number().int().min(0).max(10).default(0),
    levelAt: z.array(z.number().int().positive()).max(20).default(DEFAULT_LEVEL_AT),
    tileOrder: z.enum(['shuffled', 'as-listed']).default('shuffled'),
    emptyDeck: z.enum(['reserve', 'none']).default('reserve'),
  })
  .default({ playerVsPlayer: false, famePerTile: 0, levelAt: DEFAULT_LEVEL_AT, tileOrder: 'shuffled', emptyDeck: 'reserve' });

const latticeCoordinate = z.number().int().superRefine(withinLimit(tileCoordinateProblem));

/** A tile position of the map shape: `coastline: true` where no Core tile may be placed. */
export const positionDef = z.strictObject({ id: z.string(), at: z.tuple([latticeCoordinate, latticeCoordinate]), coastline: z.boolean().optional() });

const scenarioSchema = z.strictObject({
  ruleset: z.literal('mage-knight'),
  seed: z.number().int().refine(Number.isSafeInteger, 'the seed must be a safe integer'),
  turn: z.number().int().positive().max(MAX_SCENARIO_TURN).default(1),
  time: z.enum(['day', 'night']),
  settings,
  positions: z.array(positionDef).min(1).max(200),
  tiles: z.array(tileDef).min(1).max(200),
  map: z.array(z.strictObject({ position: z.string(), tile: z.string() })).min(1),
  /** Tiles removed from the game at setup (not in the deck): what an explore takes when the deck is empty. */
  reserve: z.array(z.string()).max(200).default([]),
  players: z
    .array(
      z.strictObject({
        id: lowerId,
        name,
        hero: z.strictObject({
          id: lowerId,
          name,
          space: z.string().nullable().default(null),
          fame: z.number().int().min(0).default(0),
          wounds: z.number().int().min(0).default(0),
        }),
      }),
    )
    .min(1)
    .max(4),
  /** Sample orders, as players write them (used by examples and the CLI). */
  orders: z.array(z.string()).default([]),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] } {
  return checkScenarioDocument(scenarioSchema, input, crossCheck);
}

function crossCheck(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const layout = tileLayoutProblem(s.positions);
  if (layout !== null) issues.push({ path: 'positions', message: layout });
  const positions = new Set(s.positions.map((p) => p.id));
  const tiles = new Map<string, TileDef>();
  s.tiles.forEach((t, i) => {
    if (tiles.has(t.id)) issues.push({ path: `tiles[${i}].id`, message: `tile ${t.id} is listed twice` });
    tiles.set(t.id, t as TileDef);
    TILE_HEX_NAMES.forEach((h) => {
      const d = t.hexes[h];
      if (d.conquered !== undefined && (d.site === undefined || !['keep', 'mage-tower', 'city'].includes(d.site))) {
        issues.push({ path: `tiles[${i}].hexes.${h}.conquered`, message: 'only a fortified site (keep, mage-tower, city) can be conquered' });
      }
      if (d.enemy !== undefined && (d.terrain === 'lake' || d.terrain === 'mountain')) {
        issues.push({ path: `tiles[${i}].hexes.${h}.enemy`, message: `an enemy cannot stand on ${d.terrain}` });
      }
    });
  });
  const usedTiles = new Set<string>();
  const usedPositions = new Set<string>();
  s.map.forEach((m, i) => {
    if (!positions.has(m.position)) issues.push({ path: `map[${i}].position`, message: `${JSON.stringify(m.position)} is not one of the positions` });
    if (usedPositions.has(m.position)) issues.push({ path: `map[${i}].position`, message: `position ${m.position} holds two tiles` });
    usedPositions.add(m.position);
    if (!tiles.has(m.tile)) issues.push({ path: `map[${i}].tile`, message: `${JSON.stringify(m.tile)} is not one of the tiles` });
    if (usedTiles.has(m.tile)) issues.push({ path: `map[${i}].tile`, message: `tile ${m.tile} is placed twice` });
    usedTiles.add(m.tile);
  });
  issues.push(...reserveIssues(s, tiles, usedTiles));
  const starting = s.tiles.filter((t) => t.kind === 'starting');
  s.tiles.forEach((t, i) => {
    if (t.kind === 'starting' && !usedTiles.has(t.id)) issues.push({ path: `tiles[${i}].kind`, message: `starting tile ${t.id} must be on the map (list it in map)` });
  });
  const portals = s.map.flatMap((m) => {
    const t = tiles.get(m.tile);
    return t === undefined ? [] : TILE_HEX_NAMES.filter((h) => t.hexes[h].site === 'portal').map((h) => `${m.position}.${h}`);
  });
  if (starting.length === 0) issues.push({ path: 'tiles', message: 'one tile must be the starting tile (kind "starting")' });
  if (portals.length !== 1) issues.push({ path: 'map', message: `the map must have exactly one portal space; it has ${portals.length}` });
  const revealed = new Map<string, HexDef>();
  for (const m of s.map) {
    const t = tiles.get(m.tile);
    if (t !== undefined) for (const h of TILE_HEX_NAMES) revealed.set(`${m.position}.${h}`, t.hexes[h]);
  }
  const heroIds = new Set<string>();
  const playerIds = new Set<string>();
  s.players.forEach((p, i) => {
    if (playerIds.has(p.id)) issues.push({ path: `players[${i}].id`, message: `player ${p.id} is listed twice` });
    playerIds.add(p.id);
    if (heroIds.has(p.hero.id)) issues.push({ path: `players[${i}].hero.id`, message: `hero ${p.hero.id} is listed twice` });
    heroIds.add(p.hero.id);
    if (p.hero.space !== null) {
      const d = revealed.get(p.hero.space);
      if (d === undefined) issues.push({ path: `players[${i}].hero.space`, message: `${JSON.stringify(p.hero.space)} is not a space of a tile on the map` });
      else if (d.terrain === 'lake' || d.terrain === 'mountain') issues.push({ path: `players[${i}].hero.space`, message: `a hero cannot stand on ${d.terrain}` });
      else if (d.enemy !== undefined) issues.push({ path: `players[${i}].hero.space`, message: `${p.hero.space} holds a rampaging enemy` });
    }
  });
  return issues;
}

/** The reserve names tiles of the game, none on the map, none twice; countryside or non-city core tiles only. */
function reserveIssues(s: Scenario, tiles: ReadonlyMap<string, TileDef>, onMap: ReadonlySet<string>): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const seen = new Set<string>();
  s.reserve.forEach((id, i) => {
    const path = `reserve[${i}]`;
    const t = tiles.get(id);
    if (t === undefined) issues.push({ path, message: `${JSON.stringify(id)} is not one of the tiles` });
    else if (onMap.has(id)) issues.push({ path, message: `tile ${id} is on the map, not removed from the game` });
    else if (seen.has(id)) issues.push({ path, message: `tile ${id} is in the reserve twice` });
    else if (t.kind === 'starting') issues.push({ path, message: `the starting tile ${id} cannot be in the reserve` });
    else if (isCityTile(t)) issues.push({ path, message: `core tile ${id} has a city: only countryside and non-city core tiles fill holes` });
    seen.add(id);
  });
  return issues;
}

/** A tile with a city in its centre (a city tile of the Core tiles). */
export function isCityTile(t: TileDef): boolean {
  return t.hexes.c.site === 'city';
}

/** Where a hero's level stands for its Fame: 1 + the number of thresholds reached. */
export function levelFor(fame: number, levelAt: readonly number[]): number {
  return 1 + levelAt.filter((f) => fame >= f).length;
}

/** The spaces and enemies a placed tile adds to the map. */
export function tileContents(position: string, tile: TileDef): { spaces: Space[]; enemies: Enemy[] } {
  const spaces: Space[] = [];
  const enemies: Enemy[] = [];
  for (const h of TILE_HEX_NAMES) {
    const d = tile.hexes[h as TileHex];
    const id = `${position}.${h}`;
    spaces.push({ id, terrain: d.terrain, site: d.site ?? null, conquered: d.conquered ?? false });
    if (d.enemy !== undefined) enemies.push({ space: id, kind: d.enemy, defeated: false });
  }
  return { spaces, enemies };
}

export function initialState(s: Scenario, seed?: number): MkState {
  const byId = new Map(s.tiles.map((t) => [t.id, t as TileDef]));
  const placed = new Set(s.map.map((m) => m.tile));
  const tiles: PlacedTile[] = [];
  let spaces: Space[] = [];
  let enemies: Enemy[] = [];
  for (const m of s.map) {
    const t = byId.get(m.tile)!;
    tiles.push({ position: m.position, tile: t.id, kind: t.kind });
    const c = tileContents(m.position, t);
    spaces = spaces.concat(c.spaces);
    enemies = enemies.concat(c.enemies);
  }
  const reserved = new Set(s.reserve);
  const unplaced = s.tiles.filter((t) => !placed.has(t.id) && !reserved.has(t.id)) as TileDef[];
  const settings: Settings = { ...s.settings };
  const heroes: Hero[] = s.players.map((p) => ({
    id: p.hero.id,
    name: p.hero.name,
    player: p.id,
    space: p.hero.space,
    fame: p.hero.fame,
    level: levelFor(p.hero.fame, settings.levelAt),
    wounds: p.hero.wounds,
  }));
  return {
    ruleset: 'mage-knight',
    turn: s.turn,
    time: s.time,
    settings,
    positions: s.positions.map((p) => ({ id: p.id, at: [p.at[0], p.at[1]], ...(p.coastline === true ? { coastline: true } : {}) })),
    tiles,
    spaces: spaces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    deck: { countryside: unplaced.filter((t) => t.kind === 'countryside'), core: unplaced.filter((t) => t.kind === 'core') },
    reserve: s.reserve.map((id) => byId.get(id)!),
    players: s.players.map((p) => ({ id: p.id, name: p.name })),
    heroes,
    enemies,
    moved: [],
    rng: rngFromSeed(seed ?? s.seed),
  };
}
