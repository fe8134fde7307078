// Per-player views (fog of war): everything on the revealed tiles is public in Mage Knight, and so is
// every hero and every event; what no player sees is the tile deck (only how many tiles it holds) and
// what lies on the positions not yet revealed (only that they are open).
import type { OrderError } from '@arbiter/engine';
import type { MkEvent } from './events.ts';
import type { Enemy, Hero, MkState, PlacedTile, Space, TilePositionDef } from './types.ts';
import type { TimeOfDay } from './terrain.ts';

/** Heroes are public: where each one is, its Fame, level and Wounds. */
export type HeroView = Hero;

export interface MkView {
  ruleset: 'mage-knight';
  /** The turn this view reports on, and the turn now open. */
  turn: number;
  nextTurn: number;
  time: TimeOfDay;
  player: { id: string; name: string };
  /** This player's hero. */
  hero: string;
  heroes: HeroView[];
  tiles: (PlacedTile & { at: [number, number] })[];
  spaces: Space[];
  /** Undefeated rampaging enemies on the map. */
  enemies: Enemy[];
  /** Tile positions of the map shape still empty: where exploring can reveal a tile. */
  openPositions: TilePositionDef[];
  deck: { countryside: number; core: number };
  events: MkEvent[];
  /** The spaces each hero moved through this turn (the start first), for heroes that moved. */
  paths: Record<string, string[]>;
  /** Mistakes in this player's orders. */
  errors: OrderError[];
}

export function pathsOf(events: readonly MkEvent[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const e of events) {
    if (e.type === 'moved') (paths[e.hero] ??= [e.from]).push(e.to);
    if (e.type === 'forced-withdrawal') (paths[e.hero] ??= [e.from]).push(...e.spaces.slice(1), e.to);
  }
  return paths;
}

export function viewFor(state: MkState, player: string, turn: number, events: readonly MkEvent[], errors: readonly OrderError[]): MkView {
  const p = state.players.find((x) => x.id === player);
  const hero = state.heroes.find((h) => h.player === player);
  if (p === undefined || hero === undefined) throw new Error(`${player} is not a player of this game`);
  const at = new Map(state.positions.map((x) => [x.id, x.at]));
  const placed = new Set(state.tiles.map((t) => t.position));
  return {
    ruleset: 'mage-knight',
    turn,
    nextTurn: state.turn,
    time: state.time,
    player: { id: p.id, name: p.name },
    hero: hero.id,
    heroes: state.heroes.map((h) => ({ id: h.id, name: h.name, player: h.player, space: h.space, fame: h.fame, level: h.level, wounds: h.wounds })),
    tiles: state.tiles.map((t) => ({ ...t, at: [...at.get(t.position)!] as [number, number] })),
    spaces: state.spaces.map((s) => ({ ...s })),
    enemies: state.enemies.filter((e) => !e.defeated).map((e) => ({ ...e })),
    openPositions: state.positions.filter((x) => !placed.has(x.id)).map((x) => ({ id: x.id, at: [x.at[0], x.at[1]] })),
    deck: { countryside: state.deck.countryside.length, core: state.deck.core.length },
    events: structuredClone([...events]),
    paths: pathsOf(events),
    errors: errors.filter((e) => e.unit === hero.id).map((e) => ({ ...e })),
  };
}
