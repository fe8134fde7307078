// The turn's result hash: SHA-256 of the canonical JSON of everything but the hash, as canonicalSha256
// would give it, written through the kernel's CanonicalHashSink (a result is tens of MB: no string of it
// all is built). What is mepbm's here is only which parts of its result are already canonical.
import { canonicalJson, CanonicalHashSink } from '@arbiter/engine';
import type { GameState } from '../state.ts';
import type { NationId, NationView } from '../types.ts';
import { each } from '../each.ts';
import type { ViewJson } from '../views.ts';
import type { TurnResult } from './events.ts';

/**
 * SHA-256 of canonicalJson(body), fast: every object the resolution builds (results, steps, events,
 * rolls, views, next-state units) is built with its keys in sorted order, so the native JSON.stringify
 * writes those parts canonically; only what comes from the input (order errors, map, nations, population
 * centres, settings) goes through canonicalJson. A property test checks the hash equals
 * sha256Hex(canonicalJson(everything but the hash)).
 *
 * The bytes go to the hash through the kernel's sink: a turn's result is about 30 MB of JSON, written a
 * slice of an array at a time, and a unit's result JSON is written once and reused in its nation's view.
 */
export function turnHash(b: Omit<TurnResult, 'hash'>, viewJson: ViewJson): string {
  const n = b.nextState;
  const out = new CanonicalHashSink();
  out.put(`{"errors":${canonicalJson(b.errors)},"events":`);
  out.putArray(b.events);
  out.put(`,"nextState":{"map":`);
  out.put(mapJson(n.map));
  out.put(
    `,"nations":${canonicalJson(n.nations)},"populationCentres":${canonicalJson(n.populationCentres)}` +
      `,"rng":${canonicalJson(n.rng)},"ruleset":${JSON.stringify(n.ruleset)},"seed":${canonicalJson(n.seed)},"settings":${canonicalJson(n.settings)}` +
      `,"turn":${canonicalJson(n.turn)},"units":`,
  );
  out.putArray(n.units);
  out.put(`},"rolls":`);
  out.putArray(b.rolls);
  out.put(`,"turn":${canonicalJson(b.turn)},"units":`);
  // A unit's result is written once and reused in its nation's view (views hold the same objects); only
  // from here on, so that these strings live as short a time as they can.
  const unitJson: string[] = new Array(b.units.length);
  each(unitJson, b.units, putJson);
  out.putFragments(unitJson, null);
  out.put(',"views":{');
  let first = true;
  for (const [nation, v] of Object.entries(b.views)) {
    out.put(`${first ? '' : ','}${JSON.stringify(nation)}:`);
    hashView(out, nation, v, viewJson, unitJson);
    first = false;
  }
  out.put('}}');
  return out.digest();
}

/**
 * The same bytes as JSON.stringify(v): views are built with their keys in sorted order, and their map and
 * units are written from the fragments of the same shared objects (views.ts).
 */
export function hashView(out: CanonicalHashSink, nation: NationId, v: NationView, viewJson: ViewJson, unitJson: string[]): void {
  out.put('{"events":');
  out.putArray(v.events);
  if (v.forces !== undefined) out.put(`,"forces":${canonicalJson(v.forces)}`);
  out.put(',"map":');
  const hexes = viewJson.hexes.get(nation);
  const sides = viewJson.sides.get(nation);
  if (hexes === undefined || sides === undefined) out.put(JSON.stringify(v.map));
  else {
    out.put('{"hexes":');
    out.putFragments(viewJson.hexJson as string[], hexes);
    out.put(',"hexsides":');
    out.putFragments(viewJson.sideJson as string[], sides);
    out.put('}');
  }
  out.put(`,"nation":${JSON.stringify(v.nation)},"orderTemplate":`);
  out.putArray(v.orderTemplate);
  out.put(',"populationCentres":');
  out.putArray(v.populationCentres);
  if (v.ruins !== undefined) out.put(`,"ruins":${JSON.stringify(v.ruins)}`);
  out.put(',"sightings":');
  out.putArray(v.sightings);
  out.put(`,"turn":${JSON.stringify(v.turn)},"units":`);
  const own = viewJson.units.get(nation);
  if (own === undefined) out.putArray(v.units);
  else out.putFragments(unitJson, own);
  out.put('}');
}

export function putJson(out: string[], x: unknown, i: number): void {
  out[i] = JSON.stringify(x);
}

export const mapJsonCache = new WeakMap<object, string>();

export function mapJson(m: GameState['map']): string {
  let s = mapJsonCache.get(m);
  if (s === undefined) {
    // A stored map is nearly always plain data with its keys already in order: then its canonical JSON is
    // JSON.stringify's, and checking that is cheaper than canonicalJson's sorted copy of every hex.
    s = plainMapData(m) ? JSON.stringify(m) : canonicalJson(m);
    mapJsonCache.set(m, s);
  }
  return s;
}

/** Whether `m` is plain data whose keys are in canonical order: { hexes, hexsides }, hexes { hex, terrain }, hexsides { dir, features, hex }. */
export function plainMapData(m: GameState['map']): boolean {
  if (!keysAre(m, MAP_KEYS) || !Array.isArray(m.hexes) || !Array.isArray(m.hexsides)) return false;
  const check = { plain: true };
  each(check, m.hexes, checkHex);
  if (check.plain) each(check, m.hexsides, checkHexside);
  return check.plain;
}

export function checkHex(c: { plain: boolean }, h: GameState['map']['hexes'][number]): void {
  if (!keysAre(h, HEX_KEYS) || typeof h.hex !== 'string' || typeof h.terrain !== 'string') c.plain = false;
}

export function checkHexside(c: { plain: boolean }, h: GameState['map']['hexsides'][number]): void {
  if (!keysAre(h, HEXSIDE_KEYS) || typeof h.dir !== 'string' || typeof h.hex !== 'string' || !Array.isArray(h.features)) c.plain = false;
  else for (let j = 0; j < h.features.length; j++) if (typeof h.features[j] !== 'string') c.plain = false;
}

export const MAP_KEYS = ['hexes', 'hexsides'];

export const HEX_KEYS = ['hex', 'terrain'];

export const HEXSIDE_KEYS = ['dir', 'features', 'hex'];

/** `o` is a plain object whose enumerable keys are exactly `keys`, in that order. */
export function keysAre(o: unknown, keys: readonly string[]): boolean {
  if (typeof o !== 'object' || o === null || Object.getPrototypeOf(o) !== Object.prototype) return false;
  let i = 0;
  for (const k in o) {
    if (k !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}
