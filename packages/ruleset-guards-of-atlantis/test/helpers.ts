// A small board for the rules tests (the seed's Arien picture: zones A..E, D the battle zone) and a
// position builder that goes through the scenario parser, so every test state is a valid scenario's.
import { parseOrders } from '../src/orders.ts';
import { initialState, parseScenario } from '../src/scenario.ts';
import { adjudicateTurn } from './sealed.ts';
import type { Card, CardEffect, GoaState, Team } from '../src/types.ts';

/**
 * Columns 1-10, rows 1-7 (hex ids CCRR). Zone B (Arien's) borders A and the battle zone D; C and E border
 * only D (and each other). `a`, `b`, `d` are terrain spaces of their zones; `~` is the water around the board.
 */
export const ARIEN_BOARD = [
  '~ ~ ~ ~ ~ ~ ~ ~ ~ ~',
  '~ A A A D D D C C ~',
  '~ A A a D D D C C ~',
  '~ B B B D D d C C ~',
  '~ B B B D D D E E ~',
  '~ B b B D D D E E ~',
  '~ ~ ~ ~ ~ ~ ~ ~ ~ ~',
];

const card = (c: Partial<Card> & Pick<Card, 'name' | 'initiative'>): Card => ({
  color: 'blue', primary: { action: 'attack', value: 3 }, movement: 3, text: '', effects: [], ...c,
});

/** A card text's `move` effect: "move N spaces" by the hero, before movement, unless told otherwise. */
const move = (e: Partial<Extract<CardEffect, { kind: 'move' }>> & { spaces: number }): CardEffect => ({
  kind: 'move', upTo: false, optional: false, timing: 'before', through: false, target: 'self', within: 1, ...e,
});

/** Card templates by id; each hand takes some (a card is in one hand only). */
export const CARDS: Record<string, Card> = {
  'blue-3': card({ name: 'Blue card', initiative: 8, movement: 3 }),
  'gold-1': card({ name: 'Gold card', color: 'gold', initiative: 1, movement: 2, primary: { action: 'skill', value: 0 } }),
  'gold-0': card({ name: 'Gold no move', color: 'gold', initiative: 2, movement: 0, primary: { action: 'skill', value: 0 } }),
  'tide-call': card({ name: 'Tide Call', color: 'green', initiative: 9, movement: 2, primary: { action: 'movement', value: 2 }, text: 'Move 1 space.', effects: [move({ spaces: 1, upTo: false, optional: false, timing: 'before' })] }),
  'long-tide': card({ name: 'Long Tide', color: 'green', initiative: 9, movement: 2, primary: { action: 'movement', value: 1 }, text: 'Move 2 spaces.', effects: [move({ spaces: 2, upTo: false, optional: false, timing: 'before' })] }),
  surge: card({ name: 'Surge', color: 'green', initiative: 5, movement: 2, primary: { action: 'movement', value: 2 }, text: 'After movement, move up to 2 spaces.', effects: [move({ spaces: 2, upTo: true, optional: false, timing: 'after' })] }),
  drift: card({ name: 'Drift', color: 'green', initiative: 4, movement: 2, primary: { action: 'movement', value: 1 }, text: 'You may move 2 spaces.', effects: [move({ spaces: 2, upTo: false, optional: true, timing: 'before' })] }),
  riptide: card({ name: 'Riptide', color: 'green', initiative: 6, movement: 1, primary: { action: 'movement', value: 1 }, text: 'After movement, perform a movement action of 2.', effects: [{ kind: 'movement-action', spaces: 2, timing: 'after' }] }),
  undertow: card({ name: 'Undertow', color: 'red', initiative: 11, movement: 1, primary: { action: 'movement', value: 1 }, text: 'Enemy heroes adjacent to you cannot fast travel or move more than 1 space with a movement action this turn.', effects: [{ kind: 'enemies-adjacent-slowed', maxSpaces: 1, noFastTravel: true }] }),
  anchor: card({ name: 'Anchor', color: 'red', initiative: 12, movement: 0, primary: { action: 'movement', value: 0 }, text: 'Enemy heroes adjacent to you cannot perform movement actions this turn.', effects: [{ kind: 'enemies-adjacent-stopped' }] }),
  phase: card({ name: 'Phase Step', color: 'green', initiative: 7, movement: 1, primary: { action: 'movement', value: 0 }, text: 'Move up to 3 spaces. You may move through obstacles.', effects: [move({ spaces: 3, upTo: true, through: true })] }),
  'phase-2': card({ name: 'Phase Leap', color: 'green', initiative: 7, movement: 1, primary: { action: 'movement', value: 0 }, text: 'Move 2 spaces. You may move through obstacles.', effects: [move({ spaces: 2, through: true })] }),
  tow: card({ name: 'Tow', color: 'blue', initiative: 6, movement: 1, primary: { action: 'movement', value: 0 }, text: 'Move an adjacent unit 1 space.', effects: [move({ spaces: 1, target: 'unit' })] }),
  beacon: card({ name: 'Beacon', color: 'blue', initiative: 6, movement: 1, primary: { action: 'movement', value: 0 }, text: 'Move a token within 2 spaces up to 2 spaces.', effects: [move({ spaces: 2, upTo: true, target: 'token', within: 2 })] }),
  'red-4': card({ name: 'Red card', color: 'red', initiative: 10, movement: 4 }),
  'red-8': card({ name: 'Red eight', color: 'red', initiative: 8, movement: 2 }),
  'silver-8': card({ name: 'Silver eight', color: 'silver', initiative: 8, movement: 2 }),
};

export interface PositionInput {
  heroes: { id: string; team: Team; at: string; hand: string[] }[];
  minions?: { id: string; team: Team; at: string }[];
  tokens?: { id: string; kind: string; at: string }[];
  coin?: Team | 'random';
  coinAfterTie?: 'passes' | 'stays';
  zoneAdjacency?: 'open-to-open' | 'open-to-any';
  rows?: string[];
}

export function scenarioOf(p: PositionInput): unknown {
  const used = new Set(p.heroes.flatMap((h) => h.hand));
  return {
    ruleset: 'guards-of-atlantis',
    name: 'rules test',
    seed: 16,
    settings: { coin: p.coin ?? 'blue', coinAfterTie: p.coinAfterTie ?? 'passes', ...(p.zoneAdjacency === undefined ? {} : { zoneAdjacency: p.zoneAdjacency }) },
    board:
      p.rows === undefined
        ? { rows: [...ARIEN_BOARD], battleZone: 'D', spawnPoints: [{ hex: '0205', team: 'blue' }, { hex: '0905', team: 'red' }] }
        : { rows: [...p.rows], battleZone: null, spawnPoints: [] },
    players: p.heroes.map((h) => ({ id: `p-${h.id}`, name: `Player of ${h.id}`, team: h.team })),
    heroes: p.heroes.map((h) => ({ id: h.id, name: h.id[0]!.toUpperCase() + h.id.slice(1), player: `p-${h.id}`, at: h.at })),
    minions: p.minions ?? [],
    tokens: p.tokens ?? [],
    cards: structuredClone(Object.fromEntries(Object.entries(CARDS).filter(([id]) => used.has(id)))),
    hands: Object.fromEntries(p.heroes.map((h) => [h.id, h.hand])),
  };
}

export function stateOf(p: PositionInput): GoaState {
  const parsed = parseScenario(scenarioOf(p));
  if (!parsed.ok) throw new Error(`test position is not a valid scenario: ${JSON.stringify(parsed.issues)}`);
  return initialState(parsed.scenario);
}

export function run(p: PositionInput, orders: string) {
  const state = stateOf(p);
  const parsed = parseOrders(orders);
  const result = adjudicateTurn(state, parsed.orders, { orderErrors: parsed.errors });
  return { state, parsed, result };
}

export const hero = (state: GoaState, id: string) => {
  const h = state.heroes.find((x) => x.id === id);
  if (h === undefined) throw new Error(`no hero ${id}`);
  return h;
};
