// Allegiances, hidden population centres, ruins and the JOverseer numbers in the scenario format
// (docs/scenario-format-mepbm.md). A scenario without them is created exactly as before (the golden files and
// examples say so byte for byte).
import { describe, expect, it } from 'vitest';
import { createGame, parseScenario } from '../src/index.ts';
import { army, run, scenario } from './resolution-helpers.ts';

function created(s: Record<string, unknown>) {
  const p = parseScenario(s);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return createGame(p.scenario);
}

function issues(s: Record<string, unknown>): string[] {
  const p = parseScenario(s);
  if (p.ok) throw new Error('expected the scenario to be invalid');
  return p.issues.map((i) => `${i.path}: ${i.message}`);
}

const withNations = (nations: Record<string, unknown>[]) => ({ ...scenario({ units: [army('a', 'gondor', '0505')] }), nations });

describe('allegiances', () => {
  const s = withNations([
    { id: 'gondor', allegiance: 'free-peoples' },
    { id: 'rohan', allegiance: 'free-peoples', relations: { gondor: 'tolerant' } },
    { id: 'mordor', allegiance: 'dark-servants' },
    { id: 'harad', allegiance: 'neutral' },
    { id: 'bree' },
  ]);
  const relations = Object.fromEntries(created(s).nations.map((n) => [n.id, n.relations]));

  it('makes nations of one allegiance friendly, the Free Peoples and the Dark Servants hated, and neutrals neutral', () => {
    expect(relations['gondor']).toEqual({ mordor: 'hated', rohan: 'friendly' });
    expect(relations['mordor']).toEqual({ gondor: 'hated', rohan: 'hated' });
    expect(relations['harad']).toEqual({});
    expect(relations['bree']).toEqual({});
  });

  it('lets a written relation override the allegiance', () => {
    expect(relations['rohan']).toEqual({ gondor: 'tolerant', mordor: 'hated' });
  });

  it('refuses an allegiance that is not one of the three', () => {
    expect(issues(withNations([{ id: 'gondor', allegiance: 'good' }]))[0]).toMatch(/^nations\[0\]\.allegiance: /);
  });
});

describe('hidden population centres', () => {
  // A hidden fort of "east" in 0303 stops "west"'s army on its way east; west is not told of the centre.
  const s = scenario(
    {
      units: [army('raider', 'west', '0103'), army('guard', 'east', '0909')],
      centres: [{ hex: '0303', nation: 'east', name: 'Hidden Keep', size: 'town', fortification: 'fort', hidden: true }],
      nations: { west: { east: 'hated' }, east: { west: 'hated' } },
    },
    ['raider, 850, no, e, e, e, e'],
  );

  it('is shown to its own nation and not to others, though it still stops them', () => {
    const { result, unit } = run(s);
    expect(unit('raider').finalHex).toBe('0303');
    expect(result.views['east']!.populationCentres.map((p) => p.hex)).toEqual(['0303']);
    expect(result.views['west']!.populationCentres).toEqual([]);
  });

  it('keeps its flag in the state only when it is hidden', () => {
    const state = created(s);
    expect(state.populationCentres[0]!.hidden).toBe(true);
    const open = created({ ...s, populationCentres: [{ hex: '0303', nation: 'east', size: 'town' }] });
    expect(Object.keys(open.populationCentres[0]!)).not.toContain('hidden');
  });
});

describe('ruins', () => {
  const base = scenario({ units: [army('a', 'gondor', '0505')], centres: [{ hex: '0202', nation: 'gondor', size: 'town' }] });
  const withRuins = (ruins: unknown[]) => ({ ...base, map: { ...(base['map'] as object), ruins } });

  it('are kept on the map of the state', () => {
    expect(created(withRuins([{ hex: '0303', name: 'Osgiliath' }])).map.ruins).toEqual([{ hex: '0303', name: 'Osgiliath' }]);
    expect(Object.keys(created(base).map)).toEqual(['hexes', 'hexsides']);
  });

  it('are on a land hex of the map, once, where no population centre is', () => {
    expect(issues(withRuins([{ hex: '0202' }, { hex: '4040' }, { hex: '0303' }, { hex: '0303' }]))).toEqual([
      'map.ruins[0].hex: hex 0202 has a population centre; a hex holds either ruins or a population centre',
      'map.ruins[1].hex: hex 4040 is not on the map',
      'map.ruins[3].hex: hex 0303 already has ruins',
    ]);
  });
});

describe('JOverseer numbers', () => {
  const s = (nations: Record<string, unknown>[]) => ({ ...scenario({ units: [army('aragorn', 'gondor', '0505'), army('gothmog', 'mordor', '0909')] }), joverseer: { game: 77 }, nations });

  it('are copied into the nations of the state with the game number', () => {
    const state = created(s([{ id: 'gondor', joverseer: { nation: 6, characters: { arago: 'aragorn' } } }, { id: 'mordor' }]));
    expect(state.nations[0]!.joverseer).toEqual({ characters: { arago: 'aragorn' }, game: 77, nation: 6 });
    expect(state.nations[1]!.joverseer).toBeUndefined();
  });

  it('name each nation number once and only units of the nation', () => {
    expect(
      issues(s([{ id: 'gondor', joverseer: { nation: 6, characters: { arago: 'aragorn', gothm: 'gothmog', nobod: 'nobody' } } }, { id: 'mordor', joverseer: { nation: 6 } }])),
    ).toEqual([
      'nations[0].joverseer.characters.gothm: "gothmog" belongs to mordor, not gondor',
      'nations[0].joverseer.characters.nobod: "nobody" is not a unit of this scenario',
      "nations[1].joverseer.nation: JOverseer nation number 6 is already gondor's",
    ]);
  });
});
