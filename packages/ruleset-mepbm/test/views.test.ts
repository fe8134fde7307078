// Fog of war: a nation's view never contains another nation's unit ids except in sightings it is
// entitled to (co-location at that pulse, or an interception it took part in), and never their troop
// numbers, strengths or orders (its own forces, with their troops, are its own units only). Each sighting is checked against the GM's event log (the steps,
// interceptions and population-centre stops the engine recorded), not against the view's own data.
import { describe, expect, it } from 'vitest';
import { printOrder, parseOrders } from '../src/index.ts';
import type { NationView, Sighting, TurnResult } from '../src/index.ts';
import { NATIONS, randomTurn } from './random-turn.ts';
import { army, run, scenario } from './resolution-helpers.ts';
import { distance, parseHexId } from '@arbiter/engine';

const AFTER_MOVEMENT = 15;
const hexDistance = (a: string, b: string): number => distance(parseHexId(a)!, parseHexId(b)!);

/**
 * Where a unit was at pulse p, read from the GM's event log alone: its hex in the scenario, then the
 * `to` of each of its step events up to p (a unit on the road is still in its origin hex); a character's
 * move counts for the whole turn.
 */
function positionInLog(r: TurnResult, scenarioInput: Record<string, unknown>, unit: string, p: number): string {
  let at = (scenarioInput['units'] as { id: string; hex: string }[]).find((u) => u.id === unit)?.hex;
  if (at === undefined) throw new Error(`${unit} is not a unit of the scenario`);
  for (const e of r.events) {
    if (!('unit' in e) || e.unit !== unit) continue;
    // An army aboard a navy moves with it without step events of its own; the random turns board none.
    if (e.type === 'boarded') throw new Error(`${unit} boarded a navy: positionInLog does not follow passengers`);
    if (e.type === 'character-moved' || (e.type === 'step' && e.pulse <= p)) at = e.to;
  }
  return at;
}

/** The sightings an interception (or a population centre's stop) gives: the observer's side and the outcome. */
const FROM_INTERCEPTION: Record<string, { observer: 'mover' | 'blocker'; outcome: string }> = {
  'we-overran': { observer: 'mover', outcome: 'overrun' },
  'we-forced-past': { observer: 'mover', outcome: 'forced-past' },
  'we-evaded': { observer: 'mover', outcome: 'evaded' },
  'blocked-us': { observer: 'mover', outcome: 'stopped' },
  'overran-us': { observer: 'blocker', outcome: 'overrun' },
  'forced-past-us': { observer: 'blocker', outcome: 'forced-past' },
  'we-blocked': { observer: 'blocker', outcome: 'stopped' },
};

/** Whether the GM's event log backs `nation`'s sighting `s`: a co-location or an interception it took part in. */
function backedByLog(r: TurnResult, scenarioInput: Record<string, unknown>, nation: string, s: Sighting, ownCentres: Set<string>, all: Sighting[]): boolean {
  const owner = new Map(r.units.map((u) => [u.id, u.nation]));
  if (s.aboard !== undefined) {
    // An army aboard a navy is seen with its navy: the navy's same sighting must be backed.
    const withNavy = all.find((x) => x.unit === s.aboard && x.hex === s.hex && x.pulse === s.pulse && x.what === s.what);
    return withNavy !== undefined && backedByLog(r, scenarioInput, nation, withNavy, ownCentres, all);
  }
  if (s.by === undefined) return false;
  if (s.by.kind === 'population-centre' ? !ownCentres.has(s.by.id) : owner.get(s.by.id) !== nation) return false;
  if (s.what === 'nearby') {
    // At the end of the turn (the GM's results: where each unit ended, aboard or not), within the
    // sighting range (1) of the unit or centre that saw it, not in its hex.
    const end = (id: string) => r.units.find((u) => u.id === id)!.finalHex;
    if (end(s.unit) !== s.hex || s.pulse !== AFTER_MOVEMENT) return false;
    const d = hexDistance(s.hex, s.by.kind === 'population-centre' ? s.by.id : end(s.by.id));
    return d === s.distance && d >= 1 && d <= 1;
  }
  if (s.distance !== 0) return false;
  if (s.what === 'met' || s.what === 'passed-through') {
    if (positionInLog(r, scenarioInput, s.unit, s.pulse) !== s.hex) return false;
    return ownCentres.has(s.hex) || r.units.some((u) => u.nation === nation && positionInLog(r, scenarioInput, u.id, s.pulse) === s.hex);
  }
  const how = FROM_INTERCEPTION[s.what];
  if (how === undefined) throw new Error(`unknown kind of sighting "${s.what}"`);
  return r.events.some((e) => {
    if (e.pulse !== s.pulse || !('hex' in e) || e.hex !== s.hex) return false;
    if (e.type === 'interception' && e.outcome === how.outcome) {
      return how.observer === 'mover' ? owner.get(e.unit) === nation && e.by === s.unit : owner.get(e.by) === nation && e.unit === s.unit;
    }
    return how.observer === 'blocker' && e.type === 'population-centre' && e.outcome === how.outcome && e.owner === nation && e.unit === s.unit;
  });
}

function strings(x: unknown, out: string[]): string[] {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) (out.push(k), strings(v, out));
  return out;
}

function checkView(r: TurnResult, scenarioInput: Record<string, unknown>, nation: string, view: NationView): void {
  const units = r.units;
  const foreign = new Set(units.filter((u) => u.nation !== nation).map((u) => u.id));
  const sighted = new Set(view.sightings.map((s) => s.unit));
  const { sightings, ...rest } = view;
  // Names the nation typed itself in its own orders are not news to it.
  const typed = new Set<string>();
  for (const line of scenarioInput['orders'] as string[]) {
    const owner = units.find((u) => u.id === line.split(',')[0]!.trim())?.nation;
    if (owner === nation) for (const t of line.split(/[^a-z0-9-]+/)) typed.add(t);
  }
  // 1. Foreign unit ids appear only if sighted (tokens: unit ids here contain no spaces).
  for (const s of strings(rest, [])) {
    for (const token of s.split(/[^a-z0-9-]+/)) {
      if (foreign.has(token) && !typed.has(token)) expect(sighted.has(token), `${nation}'s view mentions ${token} outside its sightings: "${s}"`).toBe(true);
    }
  }
  // 2. Every sighting is entitled, by the event log: an own unit or population centre in the hex at that
  // pulse, or an interception there between one of the nation's units and the sighted one.
  const ownCentres = new Set(
    ((scenarioInput['populationCentres'] as { hex: string; nation: string }[]) ?? []).filter((p) => p.nation === nation).map((p) => p.hex),
  );
  for (const s of sightings) {
    const target = units.find((u) => u.id === s.unit)!;
    expect(target.nation).not.toBe(nation);
    expect(target.nation).toBe(s.nation);
    expect(backedByLog(r, scenarioInput, nation, s, ownCentres, sightings), `the event log backs ${nation}'s sighting of ${s.unit} (${s.what}) at ${s.hex}, pulse ${s.pulse}`).toBe(true);
    expect(['a handful', 'small', 'medium', 'large', 'huge']).toContain(s.size);
  }
  // 3. No troop numbers, strengths, command or orders of anyone in the view's structure, but in its own
  // forces, which hold the nation's own units only.
  const { forces, ...others } = rest;
  const json = JSON.stringify({ ...others, sightings });
  const ownIds = new Set(units.filter((u) => u.nation === nation && u.destroyed !== true).map((u) => u.id));
  const forceIds = forces === undefined ? [] : [...forces.armies, ...forces.navies, ...forces.characters].map((f) => f.id);
  expect(new Set(forceIds), `${nation}'s forces are its surviving units`).toEqual(ownIds);
  for (const key of ['"troops"', '"strength"', '"blockerStrength"', '"command"', '"heavyInfantry"', '"rolls"', '"chance"']) {
    expect(json.includes(key), `${nation}'s view has ${key}`).toBe(false);
  }
  const { orders } = parseOrders((scenarioInput['orders'] as string[]).join('\n'));
  for (const o of orders) {
    if (foreign.has(o.unit)) expect(json.includes(printOrder(o)), `${nation}'s view holds ${o.unit}'s order`).toBe(false);
  }
  // 4. Own units are all there; no foreign unit results.
  expect(view.units.every((u) => u.nation === nation)).toBe(true);
  expect(view.units.length).toBe(units.filter((u) => u.nation === nation).length);
}

describe('fog of war', () => {
  it('views of random turns hold nothing outside what the nation is entitled to see', () => {
    let sightings = 0;
    for (let seed = 0; seed < 30; seed++) {
      const input = randomTurn(seed);
      const r = run(input).result;
      for (const n of NATIONS) {
        const view = r.views[n]!;
        sightings += view.sightings.length;
        checkView(r, input, n, view);
      }
    }
    expect(sightings).toBeGreaterThan(50);
  });

  it('a nation does not see an army that passes far from its units', () => {
    const r = run(scenario({ units: [army('a', 'north', '0101'), army('b', 'south', '0909')] }, ['b, 850, no, w, w'])).result;
    expect(r.views['north']!.sightings).toEqual([]);
    expect(JSON.stringify(r.views['north'])).not.toContain('"b"');
    expect(r.views['north']!.events.every((e) => !e.message.includes(' b '))).toBe(true);
  });

  it('an evasive army slipping past is seen only with the sighting chance (0% here: unseen; 100%: seen)', () => {
    const base = (pct: number) =>
      scenario(
        {
          settings: { evasiveSightingPercent: pct, evasionMinPercent: 90, evasionMaxPercent: 90 },
          seed: 1,
          centres: [{ hex: '0505', nation: 'south', size: 'town', fortification: 'none' }],
          units: [army('a', 'north', '0405', { heavyInfantry: 10 }, { commander: { command: 90 } })],
        },
        ['a, 850, ev, e, e'],
      );
    expect(run(base(0)).result.views['south']!.sightings).toEqual([]);
    expect(run(base(100)).result.views['south']!.sightings.map((s) => s.what)).toEqual(['passed-through']);
  });

  it('the map window covers own units and population centres, not the whole map', () => {
    const r = run(scenario({ units: [army('a', 'north', '0505'), army('b', 'south', '0909')] }, ['a, 850, no, e'])).result;
    const hexes = r.views['north']!.map.hexes.map((h) => h.hex);
    expect(hexes).toContain('0505');
    expect(hexes).toContain('0605');
    expect(hexes).toContain('0705');
    expect(hexes).not.toContain('0909');
    expect(hexes.length).toBeLessThan(20);
    expect(r.views['north']!.orderTemplate).toEqual(['a, 850, no, ']);
  });
});
