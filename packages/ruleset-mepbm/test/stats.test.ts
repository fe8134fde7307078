// House-rule odds, checked statistically: over many fixed seeds (so the test is deterministic and cannot
// flake) the observed rate of each random outcome matches the documented formula within 4 standard
// deviations of a binomial count.
import { describe, expect, it } from 'vitest';
import { adjudicate } from './sealed.ts';
import { DEFAULT_SETTINGS, createGame, evasionChance, parseOrders, parseScenario, rngFromSeed } from '../src/index.ts';
import type { TurnResult } from '../src/index.ts';
import { army, navy, scenario } from './resolution-helpers.ts';

function many(input: Record<string, unknown>, n: number, f: (r: TurnResult) => void): void {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const base = createGame(parsed.scenario);
  const { orders } = parseOrders(parsed.scenario.orders.join('\n'));
  for (let seed = 1; seed <= n; seed++) f(adjudicate({ ...base, rng: rngFromSeed(seed * 7919) }, orders));
}

function expectRate(hits: number, n: number, p: number): void {
  const sd = Math.sqrt(n * p * (1 - p));
  expect(Math.abs(hits - n * p), `observed ${hits}/${n}, expected ${(n * p).toFixed(1)} (sd ${sd.toFixed(1)})`).toBeLessThanOrEqual(4 * sd);
}

describe('house-rule odds over many seeds', () => {
  it('evasion chance = clamp(floor(command^2/100) - floor(troops/100), 1, 90): command 60 and 300 troops slip past a fort 33% of the time', () => {
    const chance = evasionChance(60, 300, DEFAULT_SETTINGS);
    expect(chance).toBe(33);
    let hits = 0;
    const n = 1500;
    many(
      scenario(
        { centres: [{ hex: '0505', nation: 'south', size: 'town', fortification: 'fort' }], units: [army('a', 'north', '0405', { heavyInfantry: 300 }, { commander: { command: 60 } })] },
        ['a, 850, ev, e, e'],
      ),
      n,
      (r) => {
        if (r.units[0]!.finalHex === '0605') hits++;
      },
    );
    expectRate(hits, n, chance / 100);
  });

  it('evasion chance for a high command with a small army (90, 100 troops: 80%) and the clamp at 90%', () => {
    expect(evasionChance(90, 100, DEFAULT_SETTINGS)).toBe(80);
    expect(evasionChance(100, 0, DEFAULT_SETTINGS)).toBe(90);
    expect(evasionChance(20, 5000, DEFAULT_SETTINGS)).toBe(1);
    let hits = 0;
    const n = 1000;
    many(
      scenario(
        { units: [army('a', 'north', '0405', { heavyInfantry: 100 }, { commander: { command: 90 } }), army('b', 'south', '0505', { heavyInfantry: 1000 })] },
        ['a, 850, ev, e, e'],
      ),
      n,
      (r) => {
        if (r.units[0]!.finalHex === '0605') hits++;
      },
    );
    expectRate(hits, n, 0.8);
  });

  it('open sea: 1% lost, 10% storm per open-sea hex entered (defaults)', () => {
    let lost = 0;
    let storm = 0;
    const n = 3000;
    const hexes: Record<string, 'sea' | 'coast'> = { '0505': 'coast', '0605': 'sea' };
    many(scenario({ hexes, units: [navy('swan', 'north', '0505')] }, ['swan, 830, no, e']), n, (r) => {
      const u = r.units[0]!;
      if (u.destroyed) lost++;
      else if (r.events.some((e) => e.type === 'storm')) storm++;
    });
    expectRate(lost, n, DEFAULT_SETTINGS.openSeaLossPercent / 100);
    expectRate(storm, n, DEFAULT_SETTINGS.openSeaStormPercent / 100);
  });

  it('unfed morale loss is uniform over 1..5', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 2000;
    many(scenario({ units: [army('a', 'north', '0505', { heavyInfantry: 100 }, { food: 0, morale: 50 })] }, ['a, 850, no, e']), n, (r) => {
      const m = r.units[0]!.morale!;
      counts[m.before - m.after]!++;
    });
    expect(counts[0]).toBe(0);
    for (let loss = 1; loss <= 5; loss++) expectRate(counts[loss]!, n, 0.2);
  });

  it('two blockers: each is first half of the time', () => {
    let smallFirst = 0;
    const n = 1000;
    many(
      scenario(
        { units: [army('a', 'north', '0305', { heavyInfantry: 500 }), army('small', 'south', '0505', { heavyInfantry: 10 }), army('big', 'east', '0505', { heavyInfantry: 1000 })] },
        ['a, 850, no, e, e, e'],
      ),
      n,
      (r) => {
        if (r.units.find((u) => u.id === 'small')!.destroyed) smallFirst++;
      },
    );
    expectRate(smallFirst, n, 0.5);
  });

  it('an evasive army passing through a hex is seen there 25% of the time', () => {
    let seen = 0;
    const n = 1500;
    many(
      scenario(
        {
          settings: { evasionMinPercent: 90, evasionMaxPercent: 90 },
          centres: [{ hex: '0505', nation: 'south', size: 'village', fortification: 'none' }],
          units: [army('a', 'north', '0405', { heavyInfantry: 10 }, { commander: { command: 90 } })],
        },
        ['a, 850, ev, e, e'],
      ),
      n,
      (r) => {
        if (r.views['south']!.sightings.length > 0) seen++;
      },
    );
    expectRate(seen, n, DEFAULT_SETTINGS.evasiveSightingPercent / 100);
  });
});
