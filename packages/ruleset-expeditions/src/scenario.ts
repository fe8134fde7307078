// The scenario document (docs/scenario-format-expeditions.md): its zod schema, the checks across its
// parts (the graph, Basecamp, the five card gaps, the mechs), and the initial state. Every problem comes
// back with its JSON path.
import { checkScenarioDocument, locationGraphTopology, MAX_SCENARIO_TURN, pictureCoordinateProblem, rngFromSeed, withinLimit, type ScenarioIssue } from '@arbiter/engine';
import { z } from 'zod';
import { BASECAMP, LOCATION_20, type ExState } from './types.ts';

/** A problem in a scenario document, at its JSON path (the kernel's). */
export type { ScenarioIssue };

const name = z.string().trim().min(1).max(64);
const lowerId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and -, starting with a letter');
const locationId = z.string().regex(/^[1-9][0-9]?$/, 'a location is its printed number, 1 to 99');
const coordinate = z.number().finite().superRefine(withinLimit(pictureCoordinateProblem));
const point = z.tuple([coordinate, coordinate]);
const corruption = z.strictObject({ value: z.number().int().min(1).max(20), colour: z.enum(['orange', 'teal']) });

/** The number of card gaps on the Expeditions map. */
export const CARD_GAPS = 5;

const scenarioSchema = z.strictObject({
  ruleset: z.literal('expeditions'),
  seed: z.number().int().refine(Number.isSafeInteger, 'the seed must be a safe integer'),
  turn: z.number().int().positive().max(MAX_SCENARIO_TURN).default(1),
  settings: z
    .strictObject({ actionsPerTurn: z.number().int().min(1).max(3).default(2), actionsFirstTurn: z.number().int().min(1).max(3).default(3) })
    .default({ actionsPerTurn: 2, actionsFirstTurn: 3 }),
  basecamp: z.strictObject({ neighbours: z.array(z.string()).length(3, 'Basecamp is adjacent to 3 locations'), at: point }),
  locations: z
    .array(
      z.strictObject({
        id: locationId,
        region: z.enum(['south', 'central', 'north']),
        neighbours: z.array(z.string()).max(12),
        at: point,
        faceUp: z.boolean(),
        corruptionLevel: z.number().int().min(0).max(20),
        mapToken: z.boolean().default(false),
        corruption: z.array(corruption).default([]),
      }),
    )
    .min(1)
    .max(40),
  cards: z.array(z.strictObject({ id: lowerId, card: name, neighbours: z.array(z.string()).max(12), at: point })).length(CARD_GAPS, `the map has ${CARD_GAPS} card gaps, each with its face-up card`),
  bag: z.array(corruption).max(100),
  aside: corruption.nullable().default({ value: 20, colour: 'orange' }),
  players: z
    .array(
      z.strictObject({
        id: lowerId,
        name,
        mech: z.strictObject({ id: lowerId, at: z.string().default(BASECAMP), range: z.number().int().min(1).max(6).default(3), maps: z.number().int().min(0).default(0) }),
      }),
    )
    .min(1)
    .max(5),
  /** Sample orders, as players write them (used by examples and the CLI). */
  orders: z.array(z.string()).default([]),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] } {
  return checkScenarioDocument(scenarioSchema, input, crossCheck);
}

/** The whole graph (Basecamp, locations, card gaps) as the kernel's location-graph input. */
interface GraphInput {
  basecamp: { neighbours: readonly string[] };
  locations: readonly { id: string; neighbours: readonly string[]; region: string }[];
  cards: readonly { id: string; neighbours: readonly string[] }[];
}

export function graphOf(s: GraphInput): { id: string; neighbours: string[]; region?: string }[] {
  return [
    { id: BASECAMP, neighbours: [...s.basecamp.neighbours], region: 'basecamp' },
    ...s.locations.map((l) => ({
      id: l.id,
      // Basecamp lists the locations it touches; they need not list it back.
      neighbours: s.basecamp.neighbours.includes(l.id) && !l.neighbours.includes(BASECAMP) ? [...l.neighbours, BASECAMP] : [...l.neighbours],
      region: l.region,
    })),
    ...s.cards.map((c) => ({ id: c.id, neighbours: [...c.neighbours], region: 'card' })),
  ];
}

function crossCheck(s: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const seen = new Map<string, string>();
  const note = (id: string, path: string) => {
    const before = seen.get(id);
    if (before !== undefined) issues.push({ path, message: `${JSON.stringify(id)} is already used at ${before}` });
    else seen.set(id, path);
  };
  seen.set(BASECAMP, 'basecamp');
  s.locations.forEach((l, i) => note(l.id, `locations[${i}].id`));
  s.cards.forEach((c, i) => note(c.id, `cards[${i}].id`));
  const locations = new Set(s.locations.map((l) => l.id));
  const neighbourCheck = (list: readonly string[], path: string) =>
    list.forEach((n, j) => {
      if (!seen.has(n)) issues.push({ path: `${path}[${j}]`, message: `${JSON.stringify(n)} is not a location, a card gap or basecamp` });
    });
  neighbourCheck(s.basecamp.neighbours, 'basecamp.neighbours');
  s.basecamp.neighbours.forEach((n, j) => {
    if (seen.has(n) && !locations.has(n)) issues.push({ path: `basecamp.neighbours[${j}]`, message: `Basecamp touches locations only; ${n} is a card gap` });
  });
  s.locations.forEach((l, i) => {
    neighbourCheck(l.neighbours, `locations[${i}].neighbours`);
    if (!l.faceUp && l.corruption.length > 0) issues.push({ path: `locations[${i}].corruption`, message: 'a face-down location has no corruption yet (it is drawn when the location is revealed)' });
    if (l.faceUp && l.mapToken) issues.push({ path: `locations[${i}].mapToken`, message: 'a face-up location has no map token left (it is gained when the location is revealed)' });
    if (l.id === LOCATION_20 && !l.faceUp && s.aside === null) issues.push({ path: 'aside', message: 'location 20 is face down: the 20-value corruption must be kept aside for it' });
  });
  s.cards.forEach((c, i) => neighbourCheck(c.neighbours, `cards[${i}].neighbours`));
  if (issues.length === 0) {
    try {
      locationGraphTopology(graphOf(s));
    } catch (e) {
      issues.push({ path: 'locations', message: (e as Error).message });
    }
  }
  const players = new Set<string>();
  const mechs = new Map<string, number>();
  s.players.forEach((p, i) => {
    if (players.has(p.id)) issues.push({ path: `players[${i}].id`, message: `player ${p.id} is listed twice` });
    players.add(p.id);
    if (mechs.has(p.mech.id)) issues.push({ path: `players[${i}].mech.id`, message: `mech ${p.mech.id} is listed twice` });
    mechs.set(p.mech.id, i);
    const at = p.mech.at;
    if (at !== BASECAMP) {
      const l = s.locations.find((x) => x.id === at);
      if (l === undefined) issues.push({ path: `players[${i}].mech.at`, message: `${JSON.stringify(at)} is not a location (or basecamp)` });
      else if (!l.faceUp) issues.push({ path: `players[${i}].mech.at`, message: `location ${at} is face down: a mech stands only on basecamp or a face-up location` });
      const other = s.players.findIndex((q, j) => j < i && q.mech.at === at);
      if (other >= 0) issues.push({ path: `players[${i}].mech.at`, message: `location ${at} already holds ${s.players[other]!.mech.id}: one mech a location` });
    }
  });
  return issues;
}

export function initialState(s: Scenario, seed?: number): ExState {
  return {
    ruleset: 'expeditions',
    turn: s.turn,
    settings: { ...s.settings },
    basecamp: { neighbours: [...s.basecamp.neighbours], at: [...s.basecamp.at] },
    locations: s.locations.map((l) => ({ ...l, neighbours: [...l.neighbours], at: [...l.at], corruption: l.corruption.map((c) => ({ ...c })) })),
    cards: s.cards.map((c) => ({ ...c, neighbours: [...c.neighbours], at: [...c.at] })),
    bag: s.bag.map((c) => ({ ...c })),
    aside: s.aside === null ? null : { ...s.aside },
    players: s.players.map((p) => ({ id: p.id, name: p.name })),
    mechs: s.players.map((p) => ({ id: p.mech.id, player: p.id, at: p.mech.at, range: p.mech.range, maps: p.mech.maps })),
    moved: [],
    rng: rngFromSeed(seed ?? s.seed),
  };
}
