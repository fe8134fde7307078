// The turn's seal writer: the canonical JSON of a result, as the kernel's sealOutcome would write it,
// written through the kernel's CanonicalHashSink (a result is tens of MB: no string of it all is built).
// What is mepbm's here is only which parts of its result are already canonical.
import { canonicalJson, type CanonicalHashSink, type SealWriter, type TurnRecord } from '@arbiter/engine';
import type { GameState } from '../state.ts';
import type { NationId, NationView, UnitResult } from '../types.ts';
import { each } from '../each.ts';
import type { ViewJson } from '../views.ts';
import type { TurnEvent } from './events.ts';

type MepbmTurnRecord = TurnRecord<GameState, TurnEvent, UnitResult>;

/**
 * The seal's bytes, fast: every object the resolution builds (results, steps, events, rolls, views,
 * next-state units) is built with its keys in sorted order, so the native JSON.stringify writes those
 * parts canonically; only what comes from the input (order errors, map, nations, population centres,
 * settings) goes through canonicalJson. A property test checks the hash equals
 * sha256Hex(canonicalJson(everything but the hash)).
 *
 * The outcome's members are written first, then each view as the seal builds it: a unit's result JSON is
 * written once (with the outcome's units) and reused in its nation's view, and the view's map from the
 * map window's pieces (`json`, filled in as each view is built).
 */
export function sealWriter(b: MepbmTurnRecord, json: ViewJson): SealWriter<NationView> {
  let unitJson: string[] | null = null;
  return {
    outcome(out) {
      unitJson = writeOutcome(out, b);
    },
    view(out, nation, v) {
      if (unitJson === null) throw new Error('mepbm seal: a view written before the outcome');
      hashView(out, nation, v, json, unitJson);
    },
  };
}

/** Every member before the views; the JSON of each unit's result, for the views. */
function writeOutcome(out: CanonicalHashSink, b: MepbmTurnRecord): string[] {
  const n = b.nextState;
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
  const unitJson: string[] = new Array(b.units.length);
  each(unitJson, b.units, putJson);
  out.putFragments(unitJson, null);
  return unitJson;
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
