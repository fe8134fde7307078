// The scenario format: every problem comes back with its JSON path, never an exception.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, createGame, parseScenario } from '../src/index.ts';
import { army, character, navy, scenario } from './resolution-helpers.ts';

function issues(input: unknown): { path: string; message: string }[] {
  const r = parseScenario(input);
  if (r.ok) throw new Error('expected the scenario to be invalid');
  return r.issues;
}

const valid = () => scenario({ units: [army('aragorn', 'north', '0505'), character('frodo', 'north', '0505', { with: 'aragorn' })] }, ['aragorn, 850, no, e']);

describe('parseScenario', () => {
  it('accepts the issue example shape and fills defaults', () => {
    const r = parseScenario(valid());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.turn).toBe(1);
    expect(r.scenario.settings).toEqual(DEFAULT_SETTINGS);
    const u = r.scenario.units[0]!;
    expect(u.kind === 'army' && u.morale).toBe(50);
  });

  it('names the field of a wrong value', () => {
    const s = valid();
    (s['units'] as Record<string, unknown>[])[0]!['troops'] = { heavyInfantry: -5 };
    expect(issues(s).map((i) => i.path)).toContain('units[0].troops.heavyInfantry');
  });

  it('rejects unknown fields, ruleset, terrains and troop types with their paths', () => {
    const s = valid();
    s['ruleset'] = 'diplomacy';
    (s['units'] as Record<string, unknown>[])[0]!['commmander'] = { command: 3 };
    ((s['map'] as { hexes: { terrain: string }[] }).hexes[0]!).terrain = 'lava';
    const paths = issues(s).map((i) => i.path);
    expect(paths).toContain('ruleset');
    expect(paths).toContain('units[0]');
    expect(paths).toContain('map.hexes[0].terrain');
  });

  it('checks references: nations, carriers, hexes on the map, duplicates', () => {
    const s = scenario({
      units: [
        army('aragorn', 'north', '0505'),
        army('aragorn', 'north', '0506'),
        character('frodo', 'north', '0506', { with: 'aragorn' }),
        character('sam', 'north', '0505', { with: 'ghost' }),
        army('far', 'north', '9999'),
      ],
    });
    const got = issues(s);
    const paths = got.map((i) => i.path);
    expect(paths).toContain('units[1].id');
    expect(paths).toContain('units[2].hex');
    expect(paths).toContain('units[3].with');
    expect(paths).toContain('units[4].hex');
    expect(got.find((i) => i.path === 'units[4].hex')!.message).toContain('9999 is not on the map');
  });

  it('checks relations name nations, one capital per nation, centres on land', () => {
    const s = scenario({
      nations: { north: { mordor: 'hated' } },
      hexes: { '0101': 'sea' },
      centres: [
        { hex: '0101', nation: 'north', size: 'town' },
        { hex: '0202', nation: 'north', size: 'city', capital: true },
        { hex: '0303', nation: 'north', size: 'city', capital: true },
      ],
    });
    const paths = issues(s).map((i) => i.path);
    expect(paths).toContain('nations[0].relations.mordor');
    expect(paths).toContain('populationCentres[0].hex');
    expect(paths).toContain('populationCentres[2].capital');
  });

  it('reports map problems from the map builder with their paths (contradictory rivers name both hexes)', () => {
    const s = scenario({ sides: ['0505 e minor-river', '0605 w major-river'], units: [army('a', 'north', '0101')] });
    const got = issues(s);
    expect(got[0]!.path).toBe('map.hexsides[1].features');
    expect(got[0]!.message).toContain('0505');
    expect(got[0]!.message).toContain('0605');
  });

  it('checks settings across fields', () => {
    const s = scenario({ settings: { forcePastRatio: 6, overrunRatio: 5, bogus: 1 }, units: [army('a', 'north', '0101')] });
    expect(issues(s).map((i) => i.path)).toContain('settings');
    const t = scenario({ settings: { forcePastRatio: 6, overrunRatio: 5 }, units: [army('a', 'north', '0101')] });
    expect(issues(t).map((i) => i.path)).toEqual(['settings.overrunRatio']);
  });

  it('navies are on water, a shore, a dock or a major river; armies on water must be aboard', () => {
    const s = scenario({ hexes: { '0101': 'coast' }, units: [navy('swan', 'north', '0505'), army('wet', 'north', '0101')] });
    const paths = issues(s).map((i) => i.path);
    expect(paths).toEqual(['units[0].hex', 'units[1].hex']);
  });

  it('a hex has one spelling: a six-digit id of a hex with a four-digit id is refused with the right form', () => {
    const s = valid();
    (s['units'] as Record<string, unknown>[])[0]!['hex'] = '005005';
    const found = issues(s).find((i) => i.path === 'units[0].hex');
    expect(found?.message).toContain('write it with four digits, 0505');
  });

  it('unit ids are written as players write them (lower case)', () => {
    const s = scenario({ units: [army('Aragorn', 'north', '0505')] });
    expect(issues(s)[0]!.message).toContain('"aragorn"');
  });

  test.prop([fc.anything()], { numRuns: 200 })('never throws on any input', (x) => {
    const r = parseScenario(x);
    expect(typeof r.ok).toBe('boolean');
  });

  it('createGame keeps the scenario and seeds the random source from the seed', () => {
    const r = parseScenario(valid());
    if (!r.ok) throw new Error('invalid');
    const a = createGame(r.scenario);
    const b = createGame(r.scenario);
    expect(a).toEqual(b);
    expect(a.units.find((u) => u.id === 'frodo')).toMatchObject({ with: 'aragorn' });
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});

describe('JOverseer character ids (joverseer.characters)', () => {
  const withIds = (characters: Record<string, string>) => {
    const s = scenario({ units: [character('ren the unclean', 'mordor', '0505'), army('tonn varthkur', 'mordor', '0505')] });
    s['nations'] = [{ id: 'mordor', joverseer: { nation: 18, characters } }];
    return parseScenario(s);
  };

  it('takes ids with inner and trailing spaces, as JOverseer cuts a name to its first five characters, and keys them as orders read them', () => {
    const p = withIds({ 'ren t': 'ren the unclean', 'tonn ': 'tonn varthkur' });
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(createGame(p.scenario).nations[0]!.joverseer!.characters).toEqual({ 'ren t': 'ren the unclean', tonn: 'tonn varthkur' });
  });

  it('refuses an id that is not one, saying what is allowed', () => {
    const p = withIds({ 'ren th': 'ren the unclean', '12': 'tonn varthkur', 'a$': 'tonn varthkur' });
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.issues.map((i) => i.path).sort()).toEqual(['nations[0].joverseer.characters.12', 'nations[0].joverseer.characters.a$', 'nations[0].joverseer.characters.ren th']);
    expect(p.issues[0]!.message).toMatch(/is not a JOverseer character id: write 1 to 5 characters as JOverseer's order file writes the id \(the first five characters of the character's name: letters, digits, spaces, -, _ and ', with at least one letter\), e\.g\. "arago" or "ren t"$/);
  });

  it('refuses two ids that differ only in outer spaces', () => {
    const p = withIds({ tonn: 'tonn varthkur', 'tonn ': 'tonn varthkur' });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.issues.map((i) => i.message)).toEqual(['"tonn " and "tonn" are one JOverseer id (outer spaces do not count); keep one']);
  });
});
