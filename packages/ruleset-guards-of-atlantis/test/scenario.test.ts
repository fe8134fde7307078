// The scenario document: every problem with its JSON path; the initial state; a stored state decoded.
import { describe, expect, it } from 'vitest';
import { decodeState, initialState, parseScenario } from '../src/index.ts';
import { scenarioOf } from './helpers.ts';

const base = () => scenarioOf({ heroes: [{ id: 'arien', team: 'blue', at: '0305', hand: ['blue-3'] }, { id: 'xarg', team: 'red', at: '0504', hand: ['red-4'] }] }) as Record<string, any>;

describe('the scenario document', () => {
  it('gives the initial state: heroes with their teams, hands, the coin, the generator', () => {
    const parsed = parseScenario(base());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const s = initialState(parsed.scenario);
    expect(s.heroes.map((h) => [h.id, h.team, h.at])).toEqual([['arien', 'blue', '0305'], ['xarg', 'red', '0504']]);
    expect(s.hands).toEqual({ arien: ['blue-3'], xarg: ['red-4'] });
    expect(s.coin).toBe('blue');
    expect(decodeState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(initialState(parsed.scenario, 7).rng).not.toEqual(s.rng);
  });

  it('names each problem with its JSON path', () => {
    const doc = base();
    doc.heroes[1].at = '0306';
    doc.heroes.push({ id: 'brogan', name: 'Brogan', player: 'nobody', at: '0305' });
    doc.tokens = [{ id: 'arien', kind: 'smoke', at: '9999' }];
    doc.board.battleZone = 'Q';
    doc.hands.arien = ['blue-3', 'ghost'];
    const parsed = parseScenario(doc);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues).toEqual(expect.arrayContaining([
      { path: 'heroes[1].at', message: "hero xarg's space 0306 is terrain: nothing can stand there" },
      { path: 'heroes[2].player', message: 'there is no player nobody' },
      { path: 'heroes[2].at', message: '0305 already holds arien: at most one obstacle stands on a space' },
      { path: 'tokens[0].id', message: 'arien is used twice (heroes, minions and tokens share one set of ids)' },
      { path: 'tokens[0].at', message: "token arien's space 9999 is not a space of the board" },
      { path: 'board.battleZone', message: 'there is no zone Q on the board (zones: A, B, C, D, E)' },
      { path: 'hands.arien[1]', message: 'there is no card ghost in cards' },
    ]));
  });

  it('checks the schema first, with paths into the document', () => {
    const doc = base();
    doc.cards['blue-3'].initiative = 'high';
    doc.board.rows[2] = '~ A A a D D ! C C ~';
    const parsed = parseScenario(doc);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => i.path)).toEqual(['cards.blue-3.initiative']);
    doc.cards['blue-3'].initiative = 8;
    const again = parseScenario(doc);
    expect(again.ok ? [] : again.issues).toEqual([{ path: 'board.rows[2]', message: 'cell 7: "!" is not a zone letter (A-Z), a terrain letter (a-z), ~ (water) or . (no space)' }]);
  });

  it('refuses a stored value that is not this ruleset\'s state, naming the problem', () => {
    expect(() => decodeState({ ruleset: 'mepbm' })).toThrow(/not a guards-of-atlantis state: ruleset/);
  });

  it('a state stored under rules version 1 (no zoneAdjacency) decodes with the glossary\'s reading; a version-1 card reads as moving its hero, not through obstacles', () => {
    const parsed = parseScenario({ ...base(), cards: { ...base().cards, 'tide-call': { name: 'Tide Call', color: 'green', initiative: 9, primary: { action: 'movement', value: 2 }, movement: 2, effects: [{ kind: 'move', spaces: 1 }] } }, hands: { arien: ['blue-3', 'tide-call'], xarg: ['red-4'] } });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const s = initialState(parsed.scenario) as unknown as Record<string, any>;
    expect(s.cards['tide-call'].effects[0]).toEqual({ kind: 'move', spaces: 1, upTo: false, optional: false, timing: 'before', through: false, target: 'self', within: 1 });
    const { zoneAdjacency: _z, ...v1 } = s.settings;
    expect(decodeState(JSON.parse(JSON.stringify({ ...s, settings: v1 }))).settings.zoneAdjacency).toBe('open-to-open');
  });
});
