// Sightings (fog of war, docs/rules-mepbm.md "What a nation sees"): what each nation's units and population
// centres saw of other nations' armies and navies (and the armies aboard those navies), once per unit,
// hex and kind of meeting, each with the unit or centre that saw it and how far away it was.
import { HEX_SIDES, sideSlot } from '@arbiter/engine';
import { armySizeWord, navySizeWord } from '../strength.ts';
import { AFTER_MOVEMENT } from './events.ts';
import type { NationId, Sighting } from '../types.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';

/** Who saw a unit: one of the nation's units, or (a number) the hex index of one of its population centres. */
export type Observer = RUnit | number;

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
  nearby: 9,
} as const;

export const SIGHTING_CODES = 10;

export type SightingWhat = keyof typeof SIGHTING_CODE;

/** One number per (observer, unit, hex, what): no string built per sighting tried. */
export function sightingKey(r: Resolution, observer: NationId, u: RUnit, hex: number, what: SightingWhat): number | string {
  const observerIx = r.nationIx.get(observer);
  if (!r.numericSightingKeys || observerIx === undefined || observerIx >= r.nationCount) return `${observer}|${u.id}|${hex}|${what}`;
  return ((observerIx * r.units.length + u.index) * r.map.terrain.length + hex) * SIGHTING_CODES + SIGHTING_CODE[what];
}

/**
 * `observer` (a nation) sees `u` in `hex`: `by` saw it from `distance` hexes away. Seen in its own hex, an
 * army's or navy's commander is named (where the scenario names it); a navy's armies aboard are seen with it.
 */
export function sight(r: Resolution, observer: NationId, u: RUnit, hex: number, pulse: number, what: SightingWhat, by: Observer, distance = 0): void {
  if (observer === u.nation) return;
  const kind = seenKind(u);
  if (kind === null) return;
  const key = sightingKey(r, observer, u, hex, what);
  if (r.sightingKeys.has(key)) return;
  r.sightingKeys.add(key);
  r.sightings.get(observer)?.push(sightingOf(r, u, kind, hex, pulse, what, by, distance));
  if (kind !== 'navy') return;
  for (const q of u.passengers) if (q.kind === 'army' && !q.destroyed) sight(r, observer, q, hex, pulse, what, by, distance);
}

/** The sighting's record (keys in sorted order: views are hashed as JSON). */
function sightingOf(r: Resolution, u: RUnit, kind: 'army' | 'navy', hex: number, pulse: number, what: SightingWhat, by: Observer, distance: number): Sighting {
  const s = {} as Sighting;
  if (u.carrier !== null) s.aboard = u.carrier.id;
  s.by = typeof by === 'number' ? { id: hexIdOf(r, by), kind: 'population-centre' } : { id: by.id, kind: by.kind };
  const name = u.state.kind === 'character' ? undefined : u.state.commander.name;
  if (distance === 0 && name !== undefined) s.commander = name;
  s.distance = distance;
  s.hex = hexIdOf(r, hex);
  s.kind = kind;
  s.nation = u.nation;
  s.pulse = pulse;
  s.size = kind === 'army' ? armySizeWord(u.troops) : navySizeWord(u.ships);
  s.unit = u.id;
  s.what = what;
  return s;
}

/** Everyone at rest in `hex` at the start of the turn sees everyone else there. */
export function observeAll(r: Resolution, hex: number, list: RUnit[]): void {
  const pc = r.centres[hex];
  for (const u of list) {
    for (const v of list) if (v !== u) sight(r, u.nation, v, hex, 0, 'met', u);
    if (pc !== undefined && pc.nation !== u.nation) {
      sight(r, pc.nation, u, hex, 0, 'met', hex);
      r.knownCentres.get(u.nation)?.add(hex);
    }
  }
}

/** A unit arrives: it sees the units and population centre there; they see it (committed when it leaves or stays). */
export function observeArrival(r: Resolution, u: RUnit, p: number): void {
  const list = r.present[u.hex] ?? [];
  u.seenBy.length = 0;
  u.seenWho.length = 0;
  for (const v of list) {
    if (v === u || v.nation === u.nation) continue;
    sight(r, u.nation, v, u.hex, p, 'met', u);
    if (!u.seenBy.includes(v.nation)) {
      u.seenBy.push(v.nation);
      u.seenWho.push(v);
    }
  }
  const pc = r.centres[u.hex];
  if (pc !== undefined && pc.nation !== u.nation) {
    r.knownCentres.get(u.nation)?.add(u.hex);
    if (!u.seenBy.includes(pc.nation)) {
      u.seenBy.push(pc.nation);
      u.seenWho.push(u.hex);
    }
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
      u.seenWho.length = 0;
      return;
    }
  }
  for (let i = 0; i < u.seenBy.length; i++) sight(r, u.seenBy[i]!, u, u.hex, at, what, u.seenWho[i]!);
  u.seenBy.length = 0;
  u.seenWho.length = 0;
}

/** A foreign unit within sighting range of an observer, found at the end of the turn. */
interface NearbyCandidate {
  distance: number;
  hex: number;
  observer: NationId;
  by: Observer;
  unit: RUnit;
}

/**
 * The end of the turn (docs/rules-mepbm.md "Sightings"): each nation's units, where they ended, and its
 * population centres see the foreign armies and navies at rest within `sightingRange` hexes (what
 * `nearby`), each seen by the nearest of them (units in canonical order before centres by hex on a tie).
 * An army that moved evasively this turn is seen in its own hex only; one already met there is not seen again.
 */
export function sightNearby(r: Resolution): void {
  const range = r.settings.sightingRange;
  if (range <= 0) return;
  const scratch: Scratch = { mark: new Int32Array(r.map.terrain.length), dist: new Int32Array(r.map.terrain.length), stamp: 0, hexes: [] };
  const found: NearbyCandidate[] = [];
  for (const u of r.units) if (!u.destroyed) nearbyOf(r, u.nation, u.hex, u, range, scratch, found);
  const centres = [...r.world.pcByHex.keys()].sort((a, b) => a - b);
  for (const hex of centres) nearbyOf(r, r.world.pcByHex.get(hex)!.nation, hex, hex, range, scratch, found);
  // A stable sort: the nearest observer first, then the order found.
  found.sort((a, b) => a.distance - b.distance);
  for (const c of found) {
    if (r.sightingKeys.has(sightingKey(r, c.observer, c.unit, c.hex, 'met'))) continue;
    sight(r, c.observer, c.unit, c.hex, AFTER_MOVEMENT, 'nearby', c.by, c.distance);
  }
}

interface Scratch {
  mark: Int32Array;
  dist: Int32Array;
  stamp: number;
  hexes: number[];
}

/** The foreign armies and navies at rest 1..range hexes from `start` that `nation` may see there. */
function nearbyOf(r: Resolution, nation: NationId, start: number, by: Observer, range: number, sc: Scratch, out: NearbyCandidate[]): void {
  within(r, start, range, sc);
  for (const hex of sc.hexes) {
    const list = r.present[hex];
    if (list === undefined) continue;
    for (const v of list) {
      if (v.nation === nation || v.destroyed || v.evasive || seenKind(v) === null) continue;
      out.push({ by, distance: sc.dist[hex]!, hex, observer: nation, unit: v });
    }
  }
}

/** sc.hexes: the hexes 1..range steps from `start` (nearest first), each with its distance in sc.dist. */
function within(r: Resolution, start: number, range: number, sc: Scratch): void {
  const { neighbours } = r.map;
  sc.stamp++;
  sc.hexes.length = 0;
  sc.mark[start] = sc.stamp;
  let frontier = [start];
  for (let d = 1; d <= range; d++) {
    const next: number[] = [];
    for (const h of frontier) {
      for (let k = 0; k < HEX_SIDES; k++) {
        const n = neighbours[sideSlot(h, k)] as number;
        if (n < 0 || sc.mark[n] === sc.stamp) continue;
        sc.mark[n] = sc.stamp;
        sc.dist[n] = d;
        sc.hexes.push(n);
        next.push(n);
      }
    }
    frontier = next;
  }
}
