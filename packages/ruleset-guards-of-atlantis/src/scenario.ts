// The scenario document (docs/scenario-format-guards-of-atlantis.md): its zod schema, the checks across
// its parts, and the initial state. Every problem comes back with its JSON path.
import { checkScenarioDocument, type HexId, MAX_SCENARIO_TURN, rngFromSeed, type ScenarioIssue } from '@arbiter/engine';
import { z } from 'zod';
import { boardOfRows, cellsOf, CELL } from './board.ts';
import type { GoaState } from './types.ts';

/** A problem in a scenario document, at its JSON path (the kernel's). */
export type { ScenarioIssue };

const name = z.string().trim().min(1).max(64);
const lowerId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and -, starting with a letter');
const hexId = z.string().regex(/^\d{4}$/, 'a space is a four-digit hex id, column then row ("0305")');
const team = z.enum(['red', 'blue']);
const timing = z.enum(['before', 'after']).default('before');

export const cardEffect = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('move'),
    spaces: z.number().int().min(1).max(10),
    upTo: z.boolean().default(false),
    optional: z.boolean().default(false),
    timing,
    through: z.boolean().default(false),
    target: z.enum(['self', 'unit', 'token']).default('self'),
    within: z.number().int().min(1).max(10).default(1),
  }),
  z.strictObject({ kind: z.literal('movement-action'), spaces: z.number().int().min(0).max(10), timing }),
  z.strictObject({ kind: z.literal('enemies-adjacent-slowed'), maxSpaces: z.number().int().min(0).max(10), noFastTravel: z.boolean().default(true) }),
  z.strictObject({ kind: z.literal('enemies-adjacent-stopped') }),
]);

export const cardSchema = z.strictObject({
  name,
  color: z.enum(['gold', 'silver', 'red', 'green', 'blue']),
  initiative: z.number().int().min(0).max(99),
  primary: z.strictObject({ action: z.enum(['movement', 'attack', 'skill', 'defense']), value: z.number().int().min(0).max(10) }),
  movement: z.number().int().min(0).max(10),
  text: z.string().max(500).default(''),
  effects: z.array(cardEffect).max(4).default([]),
});

const scenarioSchema = z.strictObject({
  ruleset: z.literal('guards-of-atlantis'),
  name,
  seed: z.number().int().refine(Number.isSafeInteger, 'the seed must be a safe integer'),
  turn: z.number().int().positive().max(MAX_SCENARIO_TURN).default(1),
  settings: z
    .strictObject({
      coin: z.enum(['red', 'blue', 'random']).default('random'),
      coinAfterTie: z.enum(['passes', 'stays']).default('passes'),
      zoneAdjacency: z.enum(['open-to-open', 'open-to-any']).default('open-to-open'),
    })
    .default({ coin: 'random', coinAfterTie: 'passes', zoneAdjacency: 'open-to-open' }),
  board: z.strictObject({
    rows: z.array(z.string().max(400)).min(1).max(60),
    battleZone: z.string().regex(/^[A-Z]$/, 'a zone is one capital letter').nullable().default(null),
    spawnPoints: z.array(z.strictObject({ hex: hexId, team })).max(60).default([]),
  }),
  players: z.array(z.strictObject({ id: lowerId, name, team })).min(1).max(10),
  heroes: z.array(z.strictObject({ id: lowerId, name, player: lowerId, at: hexId })).min(1).max(10),
  minions: z.array(z.strictObject({ id: lowerId, team, at: hexId })).max(60).default([]),
  tokens: z.array(z.strictObject({ id: lowerId, kind: lowerId, at: hexId })).max(60).default([]),
  cards: z.record(lowerId, cardSchema),
  hands: z.record(lowerId, z.array(lowerId).max(20)),
  orders: z.array(z.string().max(500)).max(50).default([]),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] } {
  return checkScenarioDocument(scenarioSchema, input, crossCheck);
}

function crossCheck(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  s.board.rows.forEach((row, r) =>
    cellsOf(row).forEach((cell, c) => {
      if (!CELL.test(cell)) issues.push({ path: `board.rows[${r}]`, message: `cell ${c + 1}: ${JSON.stringify(cell)} is not a zone letter (A-Z), a terrain letter (a-z), ~ (water) or . (no space)` });
    }),
  );
  if (issues.length > 0) return issues;
  const board = boardOfRows(s.board.rows);
  const open = (hex: HexId, path: string, what: string): void => {
    if (!board.has(hex)) issues.push({ path, message: `${what} ${hex} is not a space of the board` });
    else if (board.isTerrain(hex)) issues.push({ path, message: `${what} ${hex} is terrain: nothing can stand there` });
  };
  const zones = new Set(zonesOf(s.board.rows));
  if (s.board.battleZone !== null && !zones.has(s.board.battleZone)) issues.push({ path: 'board.battleZone', message: `there is no zone ${s.board.battleZone} on the board (zones: ${[...zones].sort().join(', ')})` });
  s.board.spawnPoints.forEach((p, i) => open(p.hex, `board.spawnPoints[${i}].hex`, 'spawn point'));
  const players = new Map<string, number>();
  s.players.forEach((p, i) => {
    if (players.has(p.id)) issues.push({ path: `players[${i}].id`, message: `player ${p.id} is listed twice` });
    players.set(p.id, 0);
  });
  const ids = new Set<string>();
  const at = new Map<HexId, string>();
  const place = (id: string, hex: HexId, path: string, what: string): void => {
    if (ids.has(id)) issues.push({ path: `${path}.id`, message: `${id} is used twice (heroes, minions and tokens share one set of ids)` });
    ids.add(id);
    open(hex, `${path}.at`, `${what} ${id}'s space`);
    const other = at.get(hex);
    if (other !== undefined) issues.push({ path: `${path}.at`, message: `${hex} already holds ${other}: at most one obstacle stands on a space` });
    at.set(hex, id);
  };
  s.heroes.forEach((h, i) => {
    place(h.id, h.at, `heroes[${i}]`, 'hero');
    if (!players.has(h.player)) issues.push({ path: `heroes[${i}].player`, message: `there is no player ${h.player}` });
    else players.set(h.player, (players.get(h.player) ?? 0) + 1);
    if (s.hands[h.id] === undefined) issues.push({ path: `hands`, message: `hero ${h.id} has no hand of cards` });
  });
  for (const [p, n] of players) if (n !== 1) issues.push({ path: 'heroes', message: `player ${p} has ${n} heroes; each player has exactly one` });
  s.minions.forEach((m, i) => place(m.id, m.at, `minions[${i}]`, 'minion'));
  s.tokens.forEach((t, i) => place(t.id, t.at, `tokens[${i}]`, 'token'));
  const heroIds = new Set(s.heroes.map((h) => h.id));
  const dealt = new Map<string, string>();
  for (const [hero, cards] of Object.entries(s.hands)) {
    if (!heroIds.has(hero)) issues.push({ path: `hands.${hero}`, message: `there is no hero ${hero}` });
    cards.forEach((c, i) => {
      if (s.cards[c] === undefined) issues.push({ path: `hands.${hero}[${i}]`, message: `there is no card ${c} in cards` });
      const other = dealt.get(c);
      if (other !== undefined) issues.push({ path: `hands.${hero}[${i}]`, message: `card ${c} is already in ${other}'s hand` });
      dealt.set(c, hero);
    });
  }
  return issues;
}

/** The zone letters of a board's rows, sorted. */
export function zonesOf(rows: readonly string[]): string[] {
  const zones = new Set<string>();
  for (const row of rows) for (const c of cellsOf(row)) if (/^[A-Za-z]$/.test(c)) zones.add(c.toUpperCase());
  return [...zones].sort();
}

export function initialState(s: Scenario, seed?: number): GoaState {
  const team = new Map(s.players.map((p) => [p.id, p.team]));
  const state: GoaState = {
    ruleset: 'guards-of-atlantis',
    name: s.name,
    turn: s.turn,
    rng: rngFromSeed(seed ?? s.seed),
    settings: { coin: s.settings.coin, coinAfterTie: s.settings.coinAfterTie, zoneAdjacency: s.settings.zoneAdjacency },
    coin: s.settings.coin === 'random' ? null : s.settings.coin,
    rows: s.board.rows.map((r) => cellsOf(r).join(' ')),
    battleZone: s.board.battleZone,
    spawnPoints: s.board.spawnPoints.map((p) => ({ ...p })),
    players: s.players.map((p) => ({ ...p })),
    heroes: s.heroes.map((h) => ({ id: h.id, name: h.name, player: h.player, team: team.get(h.player) ?? 'red', at: h.at })),
    minions: s.minions.map((m) => ({ ...m })),
    tokens: s.tokens.map((t) => ({ ...t })),
    cards: Object.fromEntries(Object.entries(s.cards).map(([id, c]) => [id, { ...c, effects: c.effects.map((e) => ({ ...e })) }])),
    hands: Object.fromEntries(s.heroes.map((h) => [h.id, [...(s.hands[h.id] ?? [])]])),
    played: Object.fromEntries(s.heroes.map((h) => [h.id, [] as string[]])),
  };
  return state;
}
