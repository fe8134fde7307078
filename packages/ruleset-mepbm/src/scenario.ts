// The scenario format (docs/scenario-format-mepbm.md): what a GM writes to create a game, and what
// `arbiter adjudicate` reads. parseScenario never throws: every problem comes back with its JSON path.
import { checkScenarioDocument, HEX_SIDES, MAX_SCENARIO_TURN, type ScenarioIssue } from '@arbiter/engine';
import { z } from 'zod';
import { normaliseUnitName, unitNameProblem } from './orders.ts';
import { gridPositionProblem, hexIdProblem, parseHexId, spaceCountProblem, withinLimit } from '@arbiter/engine';
import { resolveSettings, settingsIssues, settingsSchema } from './settings.ts';
import type { RuleSettings } from './settings.ts';
import { buildMap, hexIndexOf, featuresAtIndex, terrainAtIndex, hasFeature } from './map.ts';
import type { GameMap } from './map.ts';

const ID_RE = /^[a-z][a-z0-9_-]*$/;

// One spelling per hex (hex.ts): a 6-digit id of a hex that has a 4-digit id is refused with the right form.
const hexId = z.string().superRefine((s, ctx) => {
  const c = parseHexId(s);
  const problem = c === null ? hexIdProblem(s) : gridPositionProblem(c.col, c.row);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
const id = (what: 'unit' | 'nation') =>
  what === 'nation'
    ? z.string().regex(ID_RE, { message: 'nation ids are lower-case: a letter, then letters, digits, "-" or "_" (e.g. "north")' })
    : z.string().superRefine((s, ctx) => {
        const problem = unitNameProblem(s);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
        else if (normaliseUnitName(s) !== s) {
          ctx.addIssue({ code: 'custom', message: `write unit ids as players write them in orders, lower-case with single spaces: "${normaliseUnitName(s)}"` });
        }
      });

/**
 * The one spelling of a JOverseer character id (null when it is not one). JOverseer's id is the first five
 * characters of the character's name, lower case, so it may hold spaces (`ren t` for Ren the Unclean,
 * `tonn ` for Tonn Varthkur); it is read as the order parser reads an order line's unit (outer spaces
 * dropped, inner runs of spaces as one), so `tonn ` and `tonn` are one id.
 */
export function joverseerKey(id: string): string | null {
  return [...id].length > 5 ? null : normaliseUnitName(id);
}

const JOVERSEER_ID_RULE =
  "write 1 to 5 characters as JOverseer's order file writes the id (the first five characters of the character's name: letters, digits, spaces, -, _ and ', with at least one letter), e.g. \"arago\" or \"ren t\"";

const TERRAINS = ['shore', 'plains', 'hills', 'forest', 'desert', 'swamp', 'mountains', 'coast', 'sea'] as const;
const DIRECTIONS_LIST = ['ne', 'e', 'se', 'sw', 'w', 'nw'] as const;
const FEATURES = ['road', 'bridge', 'ford', 'minor-river', 'major-river'] as const;
const RELATIONS = ['friendly', 'tolerant', 'neutral', 'disliked', 'hated'] as const;
const TROOP_TYPES = ['heavyCavalry', 'lightCavalry', 'heavyInfantry', 'lightInfantry', 'archers', 'menAtArms'] as const;
const PC_SIZES = ['camp', 'village', 'town', 'major-town', 'city'] as const;
const FORTIFICATIONS = ['none', 'tower', 'fort', 'castle', 'keep', 'citadel'] as const;
const SPELLS = [302, 304, 306, 308, 310, 312, 314] as const;
export const ALLEGIANCES = ['free-peoples', 'dark-servants', 'neutral'] as const;

const count = z.number().int().min(0);
const morale = z.number().int().min(0).max(100);

const commander = z.strictObject({
  name: z.string().min(1).optional(),
  command: z.number().int().min(0).max(100),
});

const troops = z.strictObject({
  heavyCavalry: count.optional(),
  lightCavalry: count.optional(),
  heavyInfantry: count.optional(),
  lightInfantry: count.optional(),
  archers: count.optional(),
  menAtArms: count.optional(),
});

const army = z.strictObject({
  id: id('unit'),
  kind: z.literal('army'),
  nation: id('nation'),
  hex: hexId,
  commander,
  troops,
  food: count,
  morale: morale.default(50),
  aboard: id('unit').optional(),
});

const navy = z.strictObject({
  id: id('unit'),
  kind: z.literal('navy'),
  nation: id('nation'),
  hex: hexId,
  commander: commander.default({ command: 0 }),
  ships: z.strictObject({ warships: count.default(0), transports: count.default(0) }),
  food: count,
  morale: morale.default(50),
});

const character = z.strictObject({
  id: id('unit'),
  kind: z.literal('character'),
  nation: id('nation'),
  hex: hexId,
  name: z.string().min(1).optional(),
  with: id('unit').optional(),
  spells: z
    .array(z.union(SPELLS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<302>, z.ZodLiteral<304>]))
    .default([]),
});

export const scenarioSchema = z.strictObject({
  ruleset: z.literal('mepbm'),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  turn: z.number().int().min(1).max(MAX_SCENARIO_TURN).default(1),
  settings: settingsSchema.optional(),
  map: z.strictObject({
    hexes: z
      .array(z.strictObject({ hex: hexId, terrain: z.enum(TERRAINS) }))
      .min(1)
      .superRefine(withinLimit((hexes: unknown[]) => spaceCountProblem(hexes.length, 'hexes'))),
    hexsides: z
      .array(z.strictObject({ hex: hexId, dir: z.enum(DIRECTIONS_LIST), features: z.array(z.enum(FEATURES)).min(1) }))
      .default([]),
    ruins: z.array(z.strictObject({ hex: hexId, name: z.string().min(1).optional() })).optional(),
  }),
  joverseer: z.strictObject({ game: z.number().int().min(1) }).optional(),
  nations: z
    .array(
      z.strictObject({
        id: id('nation'),
        name: z.string().min(1).optional(),
        allegiance: z.enum(ALLEGIANCES).optional(),
        relations: z.record(z.string(), z.enum(RELATIONS)).default({}),
        joverseer: z
          .strictObject({
            nation: z.number().int().min(1).max(99),
            characters: z.record(z.string(), id('unit')).default({}),
          })
          .optional(),
      }),
    )
    .min(1),
  populationCentres: z
    .array(
      z.strictObject({
        hex: hexId,
        nation: id('nation'),
        name: z.string().min(1).optional(),
        size: z.enum(PC_SIZES),
        fortification: z.enum(FORTIFICATIONS).default('none'),
        capital: z.boolean().default(false),
        dock: z.enum(['none', 'harbour', 'port']).default('none'),
        hidden: z.boolean().optional(),
        loyalty: z.number().int().min(0).max(100).optional(),
      }),
    )
    .default([]),
  units: z.array(z.discriminatedUnion('kind', [army, navy, character])).default([]),
  orders: z.array(z.string()).default([]),
});

type Parsed = z.infer<typeof scenarioSchema>;
export type Scenario = Omit<Parsed, 'settings'> & { settings: RuleSettings };
export type ScenarioUnit = Parsed['units'][number];

export type { ScenarioIssue } from '@arbiter/engine';

/**
 * A scenario document through the kernel's check (schema issues at their paths, spelt `units[2].troops`),
 * then mepbm's own: settings, the map, then ids and places.
 */
export function parseScenario(input: unknown): { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] } {
  const checked = checkScenarioDocument(scenarioSchema, input, scenarioIssues);
  if (!checked.ok) return checked;
  return { ok: true, scenario: { ...checked.scenario, settings: resolveSettings(checked.scenario.settings) } };
}

function scenarioIssues(data: Parsed): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  for (const i of settingsIssues(resolveSettings(data.settings))) issues.push({ path: `settings.${i.path}`, message: i.message });
  const built = buildMap(data.map);
  issues.push(...built.errors);
  if (built.errors.length === 0) issues.push(...crossCheck(data, built.map));
  return issues;
}

function crossCheck(s: Parsed, map: GameMap): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const hexes = new Map<string, string>();
  for (const h of s.map.hexes) hexes.set(h.hex, h.terrain);

  const nations = new Set<string>();
  s.nations.forEach((n, i) => {
    if (nations.has(n.id)) issues.push({ path: `nations[${i}].id`, message: `nation "${n.id}" is listed twice` });
    nations.add(n.id);
  });
  s.nations.forEach((n, i) => {
    for (const other of Object.keys(n.relations)) {
      if (!nations.has(other)) {
        issues.push({ path: `nations[${i}].relations.${other}`, message: `"${other}" is not a nation of this scenario` });
      } else if (other === n.id) {
        issues.push({ path: `nations[${i}].relations.${other}`, message: 'a nation has no relation to itself' });
      }
    }
  });

  const pcHexes = new Set<string>();
  const capitals = new Map<string, number>();
  s.populationCentres.forEach((p, i) => {
    const at = `populationCentres[${i}]`;
    if (!nations.has(p.nation)) issues.push({ path: `${at}.nation`, message: `"${p.nation}" is not a nation of this scenario` });
    const terrain = hexes.get(p.hex);
    if (terrain === undefined) issues.push({ path: `${at}.hex`, message: `hex ${p.hex} is not on the map` });
    else if (terrain === 'sea' || terrain === 'coast') issues.push({ path: `${at}.hex`, message: `hex ${p.hex} is water (${terrain})` });
    if (pcHexes.has(p.hex)) issues.push({ path: `${at}.hex`, message: `hex ${p.hex} already has a population centre` });
    pcHexes.add(p.hex);
    if (p.capital) {
      const prev = capitals.get(p.nation);
      if (prev !== undefined) {
        issues.push({ path: `${at}.capital`, message: `nation "${p.nation}" already has its capital at populationCentres[${prev}]` });
      } else capitals.set(p.nation, i);
    }
  });

  const units = new Map<string, { kind: string; nation: string; hex: string; index: number }>();
  s.units.forEach((u, i) => {
    const at = `units[${i}]`;
    if (units.has(u.id)) issues.push({ path: `${at}.id`, message: `unit "${u.id}" is listed twice` });
    else units.set(u.id, { kind: u.kind, nation: u.nation, hex: u.hex, index: i });
    if (!nations.has(u.nation)) issues.push({ path: `${at}.nation`, message: `"${u.nation}" is not a nation of this scenario` });
    const terrain = hexes.get(u.hex);
    if (terrain === undefined) issues.push({ path: `${at}.hex`, message: `hex ${u.hex} is not on the map` });
    else if (u.kind === 'navy' && terrain !== 'sea' && terrain !== 'coast' && !isNavyLandHex(s, map, u.hex, terrain)) {
      issues.push({ path: `${at}.hex`, message: `navy "${u.id}" is on ${terrain} hex ${u.hex}: navies are on water, a shore hex, a dock or a major river` });
    } else if (u.kind === 'army' && u.aboard === undefined && (terrain === 'sea' || terrain === 'coast')) {
      issues.push({ path: `${at}.hex`, message: `army "${u.id}" is on water (${u.hex}) but not aboard a navy` });
    }
  });
  s.units.forEach((u, i) => {
    const at = `units[${i}]`;
    if (u.kind === 'army' && u.aboard !== undefined) {
      const n = units.get(u.aboard);
      if (!n) issues.push({ path: `${at}.aboard`, message: `"${u.aboard}" is not a unit of this scenario` });
      else if (n.kind !== 'navy') issues.push({ path: `${at}.aboard`, message: `"${u.aboard}" is ${n.kind === 'army' ? 'an army' : 'a character'}, not a navy` });
      else if (n.nation !== u.nation) issues.push({ path: `${at}.aboard`, message: `navy "${u.aboard}" belongs to ${n.nation}, not ${u.nation}` });
      else if (n.hex !== u.hex) issues.push({ path: `${at}.hex`, message: `army "${u.id}" is aboard navy "${u.aboard}" so must be in its hex ${n.hex}` });
    }
    if (u.kind === 'character' && u.with !== undefined) {
      const n = units.get(u.with);
      if (!n) issues.push({ path: `${at}.with`, message: `"${u.with}" is not a unit of this scenario` });
      else if (n.kind === 'character') issues.push({ path: `${at}.with`, message: `"${u.with}" is a character; characters travel with an army or a navy` });
      else if (n.nation !== u.nation) issues.push({ path: `${at}.with`, message: `${n.kind} "${u.with}" belongs to ${n.nation}, not ${u.nation}` });
      else if (n.hex !== u.hex) issues.push({ path: `${at}.hex`, message: `character "${u.id}" is with "${u.with}" so must be in its hex ${n.hex}` });
    }
  });
  issues.push(...ruinIssues(s, hexes, pcHexes), ...joverseerIssues(s, units));
  return issues;
}

/** Ruins: on a land hex of the map, once, and not where a population centre stands. */
function ruinIssues(s: Parsed, hexes: ReadonlyMap<string, string>, pcHexes: ReadonlySet<string>): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const seen = new Set<string>();
  (s.map.ruins ?? []).forEach((r, i) => {
    const at = `map.ruins[${i}].hex`;
    const terrain = hexes.get(r.hex);
    if (terrain === undefined) issues.push({ path: at, message: `hex ${r.hex} is not on the map` });
    else if (terrain === 'sea' || terrain === 'coast') issues.push({ path: at, message: `hex ${r.hex} is water (${terrain})` });
    if (pcHexes.has(r.hex)) issues.push({ path: at, message: `hex ${r.hex} has a population centre; a hex holds either ruins or a population centre` });
    if (seen.has(r.hex)) issues.push({ path: at, message: `hex ${r.hex} already has ruins` });
    seen.add(r.hex);
  });
  return issues;
}

/** The JOverseer numbers (docs/import.md): each nation number once, each character id naming a unit of its nation. */
function joverseerIssues(s: Parsed, units: ReadonlyMap<string, { nation: string }>): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const numbers = new Map<number, string>();
  s.nations.forEach((n, i) => {
    const j = n.joverseer;
    if (j === undefined) return;
    const prev = numbers.get(j.nation);
    if (prev !== undefined) issues.push({ path: `nations[${i}].joverseer.nation`, message: `JOverseer nation number ${j.nation} is already ${prev}'s` });
    else numbers.set(j.nation, n.id);
    const keys = new Map<string, string>();
    for (const [character, unit] of Object.entries(j.characters)) {
      const u = units.get(unit);
      const at = `nations[${i}].joverseer.characters.${character}`;
      const key = joverseerKey(character);
      const same = key === null ? undefined : keys.get(key);
      if (key !== null) keys.set(key, character);
      if (key === null) issues.push({ path: at, message: `${JSON.stringify(character)} is not a JOverseer character id: ${JOVERSEER_ID_RULE}` });
      else if (same !== undefined) issues.push({ path: at, message: `"${character}" and "${same}" are one JOverseer id (outer spaces do not count); keep one` });
      else if (u === undefined) issues.push({ path: at, message: `"${unit}" is not a unit of this scenario` });
      else if (u.nation !== n.id) issues.push({ path: at, message: `"${unit}" belongs to ${u.nation}, not ${n.id}` });
    }
  });
  return issues;
}

function isNavyLandHex(s: Parsed, map: GameMap, hex: string, terrain: string): boolean {
  if (terrain === 'shore') return true;
  if (s.populationCentres.some((p) => p.hex === hex && p.dock !== 'none')) return true;
  return bordersMajorRiver(map, hexIndexOf(map, hex));
}

/** True when one of the hex's six sides carries a major river (navies may sail there). */
export function bordersMajorRiver(map: GameMap, index: number): boolean {
  if (index < 0 || terrainAtIndex(map, index) === undefined) return false;
  for (let d = 0; d < HEX_SIDES; d++) if (hasFeature(featuresAtIndex(map, index, d), 'major-river')) return true;
  return false;
}
