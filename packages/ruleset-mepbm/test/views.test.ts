// Fog of war: a nation's view never contains another nation's unit ids except in sightings it is
// entitled to (co-location at that pulse, or an interception it took part in), and never their troop
// numbers, strengths or orders.
import { describe, expect, it } from 'vitest';
import { printOrder, parseOrders } from '../src/index.ts';
import type { NationView, TurnResult, UnitResult } from '../src/index.ts';
import { NATIONS, randomTurn } from './random-turn.ts';
import { army, run, scenario } from './resolution-helpers.ts';

/** Where a unit was at pulse p, from its result (a unit on the road is still in its origin hex). */
function positionAt(r: TurnResult, u: UnitResult, p: number): string {
  const moved = r.events.some((e) => e.type === 'character-moved' && e.unit === u.id);
  if (moved) return u.finalHex;
  let at = u.startHex;
  for (const s of u.steps) if ((s.pulse ?? 0) <= p) at = s.to;
  return at;
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
  // 2. Every sighting is entitled: an own unit or population centre in the hex at that pulse.
  const ownCentres = new Set(
    ((scenarioInput['populationCentres'] as { hex: string; nation: string }[]) ?? []).filter((p) => p.nation === nation).map((p) => p.hex),
  );
  for (const s of sightings) {
    const target = units.find((u) => u.id === s.unit)!;
    expect(target.nation).not.toBe(nation);
    expect(target.nation).toBe(s.nation);
    expect(positionAt(r, target, s.pulse), `${s.unit} is at ${s.hex} at pulse ${s.pulse}`).toBe(s.hex);
    const observers = units.filter((u) => u.nation === nation && positionAt(r, u, s.pulse) === s.hex);
    expect(observers.length > 0 || ownCentres.has(s.hex), `${nation} had a unit or population centre at ${s.hex} at pulse ${s.pulse} (${s.what} ${s.unit})`).toBe(true);
    expect(['a handful', 'small', 'medium', 'large', 'huge']).toContain(s.size);
  }
  // 3. No troop numbers, strengths, command or orders of anyone in the view's structure.
  const json = JSON.stringify(view);
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
