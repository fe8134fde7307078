// The scenario document (docs/scenario-format-expeditions.md): every problem with its JSON path.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../src/index.ts';
import { scenarioOf } from './helpers.ts';

const base = () => structuredClone(scenarioOf({ mechs: { red: 'basecamp', blue: 'basecamp' } })) as Record<string, any>;

function issuesOf(doc: unknown): { path: string; message: string }[] {
  const r = parseScenario(doc);
  return r.ok ? [] : r.issues;
}

describe('Expeditions scenario', () => {
  it('accepts the test map', () => {
    expect(parseScenario(base()).ok).toBe(true);
  });

  it('names the path of each schema problem', () => {
    const doc = base();
    doc.basecamp.neighbours = ['1', '2'];
    doc.cards.pop();
    doc.locations[0].corruptionLevel = -1;
    expect(issuesOf(doc).map((i) => i.path)).toEqual(['basecamp.neighbours', 'locations[0].corruptionLevel', 'cards']);
    expect(issuesOf(doc)[0]!.message).toBe('Basecamp is adjacent to 3 locations');
  });

  it('refuses unknown neighbours, one-way adjacency and a card beside Basecamp', () => {
    const unknown = base();
    unknown.locations[0].neighbours.push('77');
    expect(issuesOf(unknown)).toEqual([{ path: 'locations[0].neighbours[3]', message: '"77" is not a location, a card gap or basecamp' }]);
    const oneWay = base();
    oneWay.locations[1].neighbours = oneWay.locations[1].neighbours.filter((n: string) => n !== '1');
    expect(issuesOf(oneWay)).toEqual([{ path: 'locations', message: 'location graph: 1 lists 2 as a neighbour, but 2 does not list 1' }]);
    const card = base();
    card.basecamp.neighbours[0] = 'c1';
    expect(issuesOf(card)).toContainEqual({ path: 'basecamp.neighbours[0]', message: 'Basecamp touches locations only; c1 is a card gap' });
  });

  it('refuses mechs on a face-down location, two on one location, and duplicates', () => {
    const doc = base();
    doc.players[0].mech.at = '8';
    doc.players[1].mech.id = doc.players[0].mech.id;
    expect(issuesOf(doc)).toEqual([
      { path: 'players[0].mech.at', message: 'location 8 is face down: a mech stands only on basecamp or a face-up location' },
      { path: 'players[1].mech.id', message: 'mech red is listed twice' },
    ]);
    const two = base();
    two.players[0].mech.at = '5';
    two.players[1].mech.at = '5';
    expect(issuesOf(two)).toEqual([{ path: 'players[1].mech.at', message: 'location 5 already holds red: one mech a location' }]);
  });

  it('refuses corruption on a face-down location, a token left on a face-up one, and location 20 without its token aside', () => {
    const doc = base();
    doc.locations[7].corruption = [{ value: 2, colour: 'teal' }];
    doc.locations[0].mapToken = true;
    doc.aside = null;
    expect(issuesOf(doc).map((i) => i.path)).toEqual(['locations[0].mapToken', 'locations[7].corruption', 'aside']);
  });
});

describe('Expeditions stored state', () => {
  it('decodes a stored state and refuses a foreign one, naming the first problem', async () => {
    const { decodeState, initialState } = await import('../src/index.ts');
    const parsed = parseScenario(base());
    if (!parsed.ok) throw new Error('the test map is valid');
    const state = initialState(parsed.scenario);
    expect(decodeState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(() => decodeState({ ...state, ruleset: 'mage-knight' })).toThrow('not an expeditions state: ruleset: ');
    expect(() => decodeState({ ...state, rng: { algorithm: 'xorshift' } })).toThrow('not an expeditions state: rng: not a generator state (sfc32)');
  });
});
