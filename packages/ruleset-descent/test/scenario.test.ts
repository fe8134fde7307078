// The scenario document: every problem with its JSON path, and the initial state (fog of war from the start).
import { describe, expect, it } from 'vitest';
import { decodeState, initialState, parseScenario } from '../src/index.ts';
import { scenarioDoc } from './helpers.ts';

const base = () => scenarioDoc({ heroes: ['grisban D4 speed 4 fatigue 3'], monsters: ['skel-1 A1 speed 4'], more: { areas: [{ id: 'vault', squares: ['I1:J8'], monsters: [{ id: 'spider-1', name: 'Spider', square: 'I2', speed: 5 }] }] } });

describe('descent scenario', () => {
  it('reads a valid document and starts with the unrevealed area\'s monsters off the board', () => {
    const r = parseScenario(base());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = initialState(r.scenario);
    expect(s.figures.map((f) => f.id)).toEqual(['grisban', 'skel-1']);
    expect(s.areas[1]!.monsters.map((m) => m.id)).toEqual(['spider-1']);
    expect(s.areas[1]!.squares).toHaveLength(16);
    expect(initialState(r.scenario, 9).rng).not.toEqual(s.rng);
  });

  it('names every schema problem by its JSON path', () => {
    const doc = { ...base(), seed: 1.5, heroes: [{ id: 'Grisban', name: '', player: 'p-grisban', square: 'd4', speed: 0, fatigue: 3 }] };
    const r = parseScenario(doc);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path).sort()).toEqual(['heroes[0].id', 'heroes[0].name', 'heroes[0].speed', 'heroes[0].square', 'seed']);
  });

  it('names every cross-check problem by its JSON path', () => {
    const doc = base() as Record<string, unknown> & { areas: { squares: string[] }[] };
    doc.areas[1]!.squares = ['H1:J8'];
    const r = parseScenario({
      ...doc,
      walls: [['A1', 'C1']],
      doors: [{ id: 'r1', between: ['A1', 'A2'], kind: 'rune' }],
      pits: ['Z9'],
      players: [{ id: 'p-grisban', name: 'P', side: 'heroes' }, { id: 'p-2', name: 'Q', side: 'heroes' }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual(
      expect.arrayContaining([
        { path: 'areas[1].squares[0]', message: 'H1 is already in area hall' },
        { path: 'players', message: 'a game has exactly one overlord player' },
        { path: 'players[1]', message: 'hero player p-2 has no hero' },
        { path: 'walls[0]', message: 'A1 and C1 are not orthogonally adjacent' },
        { path: 'doors[0].rune', message: 'a rune-locked door names its rune colour' },
        { path: 'pits[0]', message: 'Z9 is not a square of any area' },
      ]),
    );
  });

  it('a state stored under rules version 1 (no sight settings) decodes with the defaults: figures block sight, reveals by line of sight', () => {
    const r = parseScenario(base());
    if (!r.ok) throw new Error('base scenario');
    const s = initialState(r.scenario);
    expect(s.settings).toEqual({ largeMonsters: 'step-and-fit', diagonalsPastWalls: true, figuresBlockSight: true, revealBy: 'line-of-sight' });
    const { figuresBlockSight: _f, revealBy: _r, ...v1 } = s.settings;
    expect(decodeState(JSON.parse(JSON.stringify({ ...s, settings: v1 }))).settings).toEqual(s.settings);
  });
});
