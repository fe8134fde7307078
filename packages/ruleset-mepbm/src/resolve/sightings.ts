// Sightings (fog of war, docs/rules.md "What a nation sees"): what each nation's units saw of other
// nations' armies and navies, once per unit, hex and kind of meeting.
import { armySizeWord, navySizeWord } from '../strength.ts';
import type { NationId } from '../types.ts';
import { hexIdOf } from './resolution.ts';
import type { RUnit, Resolution } from './resolution.ts';

/** Who saw whom in a hex at the start of the turn. */
export function observeHex(r: Resolution, list: RUnit[] | undefined, hex: number): void {
  if (list !== undefined && list.length > 0) observeAll(r, hex, list);
}

export function seenKind(u: RUnit): 'army' | 'navy' | null {
  if (u.kind === 'navy') return 'navy';
  if (u.kind === 'army') return 'army';
  return null;
}

/** What a sighting was, each with a code for the sighting's key. */
export const SIGHTING_CODE = {
  met: 0,
  'passed-through': 1,
  'we-overran': 2,
  'overran-us': 3,
  'we-forced-past': 4,
  'forced-past-us': 5,
  'we-evaded': 6,
  'blocked-us': 7,
  'we-blocked': 8,
} as const;

export const SIGHTING_CODES = 9;

export type SightingWhat = keyof typeof SIGHTING_CODE;

/** One number per (observer, unit, hex, what): no string built per sighting tried. */
export function sightingKey(r: Resolution, observer: NationId, u: RUnit, hex: number, what: SightingWhat): number | string {
  const observerIx = r.nationIx.get(observer);
  if (!r.numericSightingKeys || observerIx === undefined || observerIx >= r.nationCount) return `${observer}|${u.id}|${hex}|${what}`;
  return ((observerIx * r.units.length + u.index) * r.map.terrain.length + hex) * SIGHTING_CODES + SIGHTING_CODE[what];
}

export function sight(r: Resolution, observer: NationId, u: RUnit, hex: number, pulse: number, what: SightingWhat): void {
  if (observer === u.nation) return;
  const kind = seenKind(u);
  if (kind === null) return;
  const key = sightingKey(r, observer, u, hex, what);
  if (r.sightingKeys.has(key)) return;
  r.sightingKeys.add(key);
  const size = kind === 'army' ? armySizeWord(u.troops) : navySizeWord(u.ships);
  r.sightings.get(observer)?.push({ hex: hexIdOf(r, hex), kind, nation: u.nation, pulse, size, unit: u.id, what });
}

/** Everyone at rest in `hex` at the start of the turn sees everyone else there. */
export function observeAll(r: Resolution, hex: number, list: RUnit[]): void {
  const pc = r.centres[hex];
  for (const u of list) {
    for (const v of list) if (v !== u) sight(r, u.nation, v, hex, 0, 'met');
    if (pc !== undefined && pc.nation !== u.nation) {
      sight(r, pc.nation, u, hex, 0, 'met');
      r.knownCentres.get(u.nation)?.add(hex);
    }
  }
}

/** A unit arrives: it sees the units and population centre there; they see it (committed when it leaves or stays). */
export function observeArrival(r: Resolution, u: RUnit, p: number): void {
  const list = r.present[u.hex] ?? [];
  u.seenBy.length = 0;
  for (const v of list) {
    if (v === u || v.nation === u.nation) continue;
    sight(r, u.nation, v, u.hex, p, 'met');
    if (!u.seenBy.includes(v.nation)) u.seenBy.push(v.nation);
  }
  const pc = r.centres[u.hex];
  if (pc !== undefined && pc.nation !== u.nation) {
    r.knownCentres.get(u.nation)?.add(u.hex);
    if (!u.seenBy.includes(pc.nation)) u.seenBy.push(pc.nation);
  }
  u.seenAt = p;
}

/** The nations that saw `u` arrive in its hex now learn of it; an evasive unit passing through may go unseen. */
export function commitSeen(r: Resolution, u: RUnit, what: 'met' | 'passed-through', p: number): void {
  if (u.seenBy.length === 0) return;
  const at = u.seenAt;
  if (what === 'passed-through' && u.evasive) {
    const seen = r.rng.percent(r.settings.evasiveSightingPercent, { purpose: 'sighting', unit: u.id, pulse: p, hex: hexIdOf(r, u.hex) });
    if (!seen) {
      u.seenBy.length = 0;
      return;
    }
  }
  for (const n of u.seenBy) sight(r, n, u, u.hex, at, what);
  u.seenBy.length = 0;
}
