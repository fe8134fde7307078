// Small builders for Descent positions in tests: figures written in words ("grisban D4 speed 4 fatigue
// 3"), the rest of the scenario as JSON, validated by the real scenario parser.
import { initialState, parseOrders, parseScenario } from '../src/index.ts';
import { adjudicateTurn } from './sealed.ts';
import type { DsState } from '../src/index.ts';

export interface PositionInput {
  /** Heroes: "<id> <square|town> speed <n> fatigue <n> [items a,b]"; each hero has its own player p-<id>. */
  heroes: string[];
  /** Monsters in revealed areas: "<id> <square> speed <n> [aura] [grapple] [size WxH] [attacks n]". */
  monsters?: string[];
  /** The first area, revealed (default "A1:H8"). */
  squares?: string[];
  /** More of the scenario document (areas after the first, doors, walls, pits...). */
  more?: Record<string, unknown>;
}

function words(text: string): { id: string; square: string; rest: Map<string, string> ; flags: Set<string> } {
  const [id, square, ...tail] = text.split(/\s+/) as [string, string, ...string[]];
  const rest = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < tail.length; i++) {
    const w = tail[i]!;
    if (['speed', 'fatigue', 'size', 'attacks', 'items', 'wounds'].includes(w)) rest.set(w, tail[++i]!);
    else flags.add(w);
  }
  return { id, square, rest, flags };
}

export function heroDoc(text: string): Record<string, unknown> {
  const w = words(text);
  return {
    id: w.id,
    name: w.id[0]!.toUpperCase() + w.id.slice(1),
    player: `p-${w.id}`,
    square: w.square === 'town' ? null : w.square,
    speed: Number(w.rest.get('speed') ?? 4),
    fatigue: Number(w.rest.get('fatigue') ?? 3),
    ...(w.rest.has('items') ? { items: w.rest.get('items')!.split(',') } : {}),
  };
}

export function monsterDoc(text: string): Record<string, unknown> {
  const w = words(text);
  const size = w.rest.get('size')?.split('x').map(Number);
  return {
    id: w.id,
    name: w.id,
    square: w.square,
    speed: Number(w.rest.get('speed') ?? 4),
    ...(w.flags.has('aura') ? { aura: true } : {}),
    ...(w.flags.has('grapple') ? { grapple: true } : {}),
    ...(size === undefined ? {} : { size }),
    ...(w.rest.has('attacks') ? { attacks: Number(w.rest.get('attacks')) } : {}),
  };
}

export function scenarioDoc(p: PositionInput): Record<string, unknown> {
  const heroes = p.heroes.map(heroDoc);
  const more = { ...(p.more ?? {}) };
  const extraAreas = (more.areas as unknown[] | undefined) ?? [];
  delete more.areas;
  return {
    ruleset: 'descent',
    name: 'test dungeon',
    seed: 15,
    areas: [{ id: 'hall', revealed: true, squares: p.squares ?? ['A1:H8'], monsters: (p.monsters ?? []).map(monsterDoc), tokens: (more.tokens as unknown[]) ?? [] }, ...extraAreas],
    players: [...heroes.map((h) => ({ id: h.player, name: `Player of ${h.name}`, side: 'heroes' })), { id: 'ova', name: 'Overlord', side: 'overlord' }],
    heroes,
    ...Object.fromEntries(Object.entries(more).filter(([k]) => k !== 'tokens')),
  };
}

export function stateOf(p: PositionInput): DsState {
  const parsed = parseScenario(scenarioDoc(p));
  if (!parsed.ok) throw new Error(`test scenario: ${JSON.stringify(parsed.issues)}`);
  return initialState(parsed.scenario);
}

export function run(p: PositionInput, orders: string[]) {
  const state = stateOf(p);
  const parsed = parseOrders(orders.join('\n'));
  const result = adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
  return { state, parsed, result };
}
