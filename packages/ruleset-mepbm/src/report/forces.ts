// The report's digest of the nation's forces after the turn (view.forces) and of the foreign armies and
// navies it saw: labelled lines that the text and the HTML report both print, so the two say the same.
import type { ArmyForce, CharacterForce, CommanderView, NationView, NavyForce, Sighting, TroopType, Troops, UnitId } from '../types.ts';
import { type ReportContext, nationLabel } from './context.ts';
import { whenLower } from './days.ts';
import { requireCoord } from './geometry.ts';

/** One line of a force: "Troops" -> "500 heavy infantry, 100 light cavalry (600 in all)". */
export interface ForceLine {
  label: string;
  value: string;
}

export interface ForceSection {
  /** The anchor of its entry in the HTML report (the map links to it): "unit-aragorn". */
  anchor: string;
  heading: string;
  lines: ForceLine[];
}

export interface ForcesModel {
  /** False for a view stored before reports showed forces (it has none to show). */
  recorded: boolean;
  armies: ForceSection[];
  navies: ForceSection[];
  /** One sentence per character: who, where, with whom. */
  characters: { anchor: string; text: string }[];
}

/** A foreign army or navy seen this turn: who, how big, and where and when it was seen last. */
export interface ForeignUnitRow {
  anchor: string;
  unit: UnitId;
  kind: Sighting['kind'];
  nation: string;
  size: string;
  lastHex: string;
  lastDay: number;
  /** When it was seen last, in words: "day 4", "before movement". */
  lastWhen: string;
  /** Every hex it was seen in, in order, with when: "0603 (day 2), 0503 (day 4)". */
  seenAt: string;
  /** The same without the last sighting ("" when it was seen in one place only). */
  earlier: string;
  /** What the last sighting told besides: "aboard navy corsairs; commanded by Gothmog; seen by Osgiliath (0505), 1 hex away" ("" for none). */
  detail: string;
}

/** Who saw it and from how far: "seen by army faramir", "seen by Osgiliath (0505), 1 hex away" ("" in views before rules version 3). */
export function observerWords(s: Sighting, view: NationView): string {
  if (s.by === undefined) return '';
  let who: string;
  if (s.by.kind === 'population-centre') {
    const id = s.by.id;
    const name = view.populationCentres.find((p) => p.hex === id)?.name;
    who = name === undefined || name === '' ? `our population centre at ${id}` : `${name} (${id})`;
  } else who = `${s.by.kind} ${s.by.id}`;
  const d = s.distance ?? 0;
  return d === 0 ? `seen by ${who}` : `seen by ${who}, ${d} ${d === 1 ? 'hex' : 'hexes'} away`;
}

/** The last sighting's details: aboard, commander, who saw it. */
export function sightingDetail(s: Sighting, view: NationView): string {
  const parts: string[] = [];
  if (s.aboard !== undefined) parts.push(`aboard navy ${s.aboard}`);
  if (s.commander !== undefined) parts.push(`commanded by ${s.commander}`);
  const by = observerWords(s, view);
  if (by !== '') parts.push(by);
  return parts.join('; ');
}

/** The troop types in the rules' order, in words. */
export const TROOP_WORDS: readonly [TroopType, string][] = [
  ['heavyCavalry', 'heavy cavalry'],
  ['lightCavalry', 'light cavalry'],
  ['heavyInfantry', 'heavy infantry'],
  ['lightInfantry', 'light infantry'],
  ['archers', 'archers'],
  ['menAtArms', 'men-at-arms'],
];

/**
 * A name as a part of an HTML id: letters, digits and `-` as they are, every other character (a space in
 * JOverseer's `ren t`, `_` itself) as `_` and its code in hex, so ids hold no space and two names never
 * give the same id.
 */
export function idPart(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/gu, (c) => `_${(c.codePointAt(0) as number).toString(16)}_`);
}

/** The anchor of a unit's entry in the HTML report: the same for its movement, force and map marker. */
export function unitAnchor(id: UnitId): string {
  return `unit-${idPart(id)}`;
}

/** The anchor of a unit's movement entry (every own unit has one, destroyed ones too). */
export function moveAnchor(id: UnitId): string {
  return `move-${idPart(id)}`;
}

export function foreignAnchor(nation: string, id: UnitId): string {
  return `seen-${idPart(nation)}-${idPart(id)}`;
}

export function troopsWords(t: Troops): string {
  const parts: string[] = [];
  let total = 0;
  for (const [type, words] of TROOP_WORDS) {
    const n = t[type];
    if (n === undefined || n === 0) continue;
    parts.push(`${n} ${words}`);
    total += n;
  }
  if (parts.length === 0) return 'none';
  return parts.length === 1 ? (parts[0] as string) : `${parts.join(', ')} (${total} in all)`;
}

function commanderWords(c: CommanderView): string {
  return `${c.name ?? 'unnamed'}, command rank ${c.command}`;
}

function characterName(c: CharacterForce | undefined, id: UnitId): string {
  return c?.name === undefined ? id : `${c.name} (${id})`;
}

function listOr(items: string[], none: string): string {
  return items.length === 0 ? none : items.join(', ');
}

function armySection(a: ArmyForce, chars: Map<UnitId, CharacterForce>, i: number): ForceSection {
  requireCoord(a.hex, `view.forces.armies[${i}].hex`);
  const lines: ForceLine[] = [
    { label: 'Commander', value: commanderWords(a.commander) },
    { label: 'Troops', value: troopsWords(a.troops) },
    { label: 'Food', value: String(a.food) },
    // One more line for the army's supply goes here (food left, fed next turn).
    { label: 'Morale', value: String(a.morale) },
    { label: 'With it', value: listOr(a.characters.map((id) => characterName(chars.get(id), id)), 'no characters') },
  ];
  if (a.aboard !== null) lines.push({ label: 'Aboard', value: `navy ${a.aboard}` });
  return { anchor: unitAnchor(a.id), heading: `Army ${a.id} at ${a.hex}`, lines };
}

function navySection(n: NavyForce, chars: Map<UnitId, CharacterForce>, i: number): ForceSection {
  requireCoord(n.hex, `view.forces.navies[${i}].hex`);
  const cargo = [...n.armies.map((id) => `army ${id}`), ...n.characters.map((id) => `character ${characterName(chars.get(id), id)}`)];
  return {
    anchor: unitAnchor(n.id),
    heading: `Navy ${n.id} at ${n.hex}`,
    lines: [
      { label: 'Commander', value: commanderWords(n.commander) },
      { label: 'Ships', value: `${n.ships.warships} warships, ${n.ships.transports} transports` },
      { label: 'Carrying', value: listOr(cargo, 'nothing') },
      { label: 'Food', value: String(n.food) },
      { label: 'Morale', value: String(n.morale) },
    ],
  };
}

function characterSentence(c: CharacterForce, kindOf: Map<UnitId, string>, i: number): string {
  requireCoord(c.hex, `view.forces.characters[${i}].hex`);
  const company = c.with === null ? 'on their own' : `with ${kindOf.get(c.with) ?? 'unit'} ${c.with}`;
  return `${characterName(c, c.id)} at ${c.hex}, ${company}`;
}

export function forcesModel(view: NationView): ForcesModel {
  const f = view.forces;
  if (f === undefined) return { recorded: false, armies: [], navies: [], characters: [] };
  const chars = new Map(f.characters.map((c) => [c.id, c]));
  const kindOf = new Map<UnitId, string>([...f.armies.map((a): [UnitId, string] => [a.id, 'army']), ...f.navies.map((n): [UnitId, string] => [n.id, 'navy'])]);
  return {
    recorded: true,
    armies: f.armies.map((a, i) => armySection(a, chars, i)),
    navies: f.navies.map((n, i) => navySection(n, chars, i)),
    characters: f.characters.map((c, i) => ({ anchor: unitAnchor(c.id), text: characterSentence(c, kindOf, i) })),
  };
}

/** Each foreign army and navy seen, once, in the order first seen, with where and when it was seen last. */
export function foreignUnits(view: NationView, ctx: ReportContext): ForeignUnitRow[] {
  const rows = new Map<string, ForeignUnitRow & { places: string[] }>();
  for (const s of view.sightings) {
    const key = `${s.nation}\u0000${s.unit}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { anchor: foreignAnchor(s.nation, s.unit), unit: s.unit, kind: s.kind, nation: nationLabel(ctx, view, s.nation), size: s.size, lastHex: s.hex, lastDay: s.pulse, lastWhen: '', seenAt: '', earlier: '', detail: '', places: [] };
      rows.set(key, row);
    }
    const place = `${s.hex} (${whenLower(s.pulse)})`;
    if (!row.places.includes(place)) row.places.push(place);
    // Sightings come in day order: the last one wins.
    if (s.pulse >= row.lastDay) {
      row.lastHex = s.hex;
      row.lastDay = s.pulse;
      row.size = s.size;
      row.detail = sightingDetail(s, view);
    }
  }
  return [...rows.values()].map(({ places, ...r }) => {
    const last = `${r.lastHex} (${whenLower(r.lastDay)})`;
    return { ...r, lastWhen: whenLower(r.lastDay), seenAt: places.join(', '), earlier: places.filter((p) => p !== last).join(', ') };
  });
}
