// Per-player views (fog of war): every player sees the revealed areas only: their squares, the walls,
// doors, pits, obstacles, staircases and glyphs that touch them, the figures and tokens on them, and
// the turn's events. Unrevealed areas (their squares, monsters and tokens) and the treasure deck's
// contents (only its size) are hidden from every player, the overlord included.
import type { OrderError } from '@arbiter/engine';
import type { DsEvent } from './events.ts';
import type { Door, DsState, Figure, Side, Token } from './types.ts';
import { pathsOf } from './units.ts';

export interface DsView {
  ruleset: 'descent';
  turn: number;
  nextTurn: number;
  player: { id: string; name: string; side: Side };
  /** This player's figures. */
  figuresOwned: string[];
  areas: { id: string; squares: string[] }[];
  /** Areas not yet revealed: how many. */
  unrevealedAreas: number;
  walls: [string, string][];
  doors: Door[];
  pits: string[];
  obstacles: DsState['obstacles'];
  stairs: DsState['stairs'];
  glyphs: DsState['glyphs'];
  figures: Figure[];
  tokens: Token[];
  treasureDeck: number;
  events: DsEvent[];
  paths: Record<string, string[]>;
  errors: OrderError[];
}

export function viewFor(state: DsState, player: string, turn: number, events: readonly DsEvent[], errors: readonly OrderError[]): DsView {
  const p = state.players.find((x) => x.id === player);
  if (p === undefined) throw new Error(`${player} is not a player of this game`);
  const shown = new Set(state.areas.filter((a) => a.revealed).flatMap((a) => a.squares));
  const touches = (pair: readonly string[]) => pair.some((q) => shown.has(q));
  const owned = state.figures.filter((f) => f.player === player).map((f) => f.id);
  // The overlord's mistakes include those in orders for monsters not placed yet (the overlord wrote them).
  const ordered = new Set([...owned, ...(p.side === 'overlord' ? state.areas.flatMap((a) => a.monsters.map((m) => m.id)) : [])]);
  return {
    ruleset: 'descent',
    turn,
    nextTurn: state.turn,
    player: { id: p.id, name: p.name, side: p.side },
    figuresOwned: owned,
    areas: state.areas.filter((a) => a.revealed).map((a) => ({ id: a.id, squares: [...a.squares] })),
    unrevealedAreas: state.areas.filter((a) => !a.revealed).length,
    walls: state.walls.filter(touches).map(([a, b]) => [a, b]),
    doors: state.doors.filter((d) => touches(d.between)).map((d) => ({ ...d, between: [d.between[0], d.between[1]] })),
    pits: state.pits.filter((q) => shown.has(q)),
    obstacles: state.obstacles.filter((o) => shown.has(o.square)).map((o) => ({ ...o })),
    stairs: state.stairs.filter((o) => shown.has(o.square)).map((o) => ({ ...o })),
    glyphs: state.glyphs.filter((o) => shown.has(o.square)).map((o) => ({ ...o })),
    figures: structuredClone(state.figures),
    tokens: state.tokens.map((t) => ({ ...t })),
    treasureDeck: state.treasureDeck.length,
    events: structuredClone([...events]),
    paths: pathsOf(events),
    errors: errors.filter((e) => e.unit !== undefined && ordered.has(e.unit)).map((e) => ({ ...e })),
  };
}
