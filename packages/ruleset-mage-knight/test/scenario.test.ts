// The scenario document: every problem with its JSON path; the initial state.
import { describe, expect, it } from 'vitest';
import { decodeState, initialState, parseScenario } from '../src/index.ts';
import { scenarioDoc, tile } from './helpers.ts';
import { startPlain } from './cases/maps.ts';

const good = () => structuredClone(scenarioDoc({ map: { s: startPlain }, deck: [tile('T1', 'countryside', {}), tile('C1', 'core', {})], heroes: { tovak: 's.e' } }));
const issues = (doc: unknown) => {
  const r = parseScenario(doc);
  return r.ok ? [] : r.issues;
};

describe('Mage Knight scenario', () => {
  it('SC-1: a valid scenario gives the initial state: revealed spaces, the deck by kind, heroes, the generator from the seed', () => {
    const r = parseScenario(good());
    expect(r.ok).toBe(true);
    const s = initialState((r as { ok: true; scenario: never }).scenario);
    expect(s.tiles).toEqual([{ position: 's', tile: 'A', kind: 'starting' }]);
    expect(s.spaces.map((x) => x.id)).toEqual(['s.c', 's.e', 's.ne', 's.nw', 's.se', 's.sw', 's.w']);
    expect(s.deck.countryside.map((t) => t.id)).toEqual(['T1']);
    expect(s.deck.core.map((t) => t.id)).toEqual(['C1']);
    expect(s.heroes).toEqual([{ id: 'tovak', name: 'Tovak', player: 'p-tovak', space: 's.e', fame: 0, level: 1, wounds: 0 }]);
    expect(s.settings).toEqual({ playerVsPlayer: false, famePerTile: 0, levelAt: [3, 8, 15, 24, 35, 48, 63, 80, 99], tileOrder: 'as-listed', emptyDeck: 'reserve' });
    expect(s.rng.algorithm).toBe('sfc32');
  });

  it('SC-2: schema problems come with their JSON path', () => {
    const doc = good() as Record<string, any>;
    doc.time = 'dusk';
    doc.tiles[0].hexes.ne.terrain = 'ocean';
    doc.players[0].hero.id = 'Tovak!';
    expect(issues(doc).map((i) => i.path)).toEqual(['time', 'tiles[0].hexes.ne.terrain', 'players[0].hero.id']);
  });

  it('SC-3: cross checks: unknown positions and tiles, a tile twice, no portal, a hero on a lake or off the map', () => {
    const doc = good() as Record<string, any>;
    doc.map.push({ position: 'zz', tile: 'T1' }, { position: 'a', tile: 'T9' }, { position: 'b', tile: 'T1' });
    doc.players[0].hero.space = 'q.c';
    expect(issues(doc)).toEqual([
      { path: 'map[1].position', message: '"zz" is not one of the positions' },
      { path: 'map[2].tile', message: '"T9" is not one of the tiles' },
      { path: 'map[3].tile', message: 'tile T1 is placed twice' },
      { path: 'players[0].hero.space', message: '"q.c" is not a space of a tile on the map' },
    ]);
    const noPortal = good() as Record<string, any>;
    delete noPortal.tiles[0].hexes.c.site;
    expect(issues(noPortal)).toEqual([{ path: 'map', message: 'the map must have exactly one portal space; it has 0' }]);
    const lake = good() as Record<string, any>;
    lake.tiles[0].hexes.e.terrain = 'lake';
    expect(issues(lake)).toEqual([{ path: 'players[0].hero.space', message: 'a hero cannot stand on lake' }]);
  });

  it('SC-4: the layout, conquered flags and enemies are checked', () => {
    const doc = good() as Record<string, any>;
    doc.positions.push({ id: 'twin', at: [0, 0] });
    doc.tiles[0].hexes.ne = { terrain: 'plains', site: 'village', conquered: true };
    doc.tiles[0].hexes.nw = { terrain: 'mountain', enemy: 'draconum' };
    expect(issues(doc)).toEqual([
      { path: 'positions', message: 'tile positions s and twin are both at lattice (0,0)' },
      { path: 'tiles[0].hexes.ne.conquered', message: 'only a fortified site (keep, mage-tower, city) can be conquered' },
      { path: 'tiles[0].hexes.nw.enemy', message: 'an enemy cannot stand on mountain' },
    ]);
  });

  it('SC-5: the reserve (rules version 2): tiles of the game, none on the map or twice, no starting or city tile; out of the deck; a coastline flag', () => {
    const doc = good() as Record<string, any>;
    doc.tiles.push(tile('T2', 'countryside', {}), tile('C2', 'core', { c: 'plains city' }));
    doc.reserve = ['T2', 'T2', 'A', 'C2', 'T9'];
    expect(issues(doc)).toEqual([
      { path: 'reserve[1]', message: 'tile T2 is in the reserve twice' },
      { path: 'reserve[2]', message: 'tile A is on the map, not removed from the game' },
      { path: 'reserve[3]', message: 'core tile C2 has a city: only countryside and non-city core tiles fill holes' },
      { path: 'reserve[4]', message: '"T9" is not one of the tiles' },
    ]);
    const fine = good() as Record<string, any>;
    fine.tiles.push(tile('T2', 'countryside', {}));
    fine.reserve = ['T2'];
    fine.positions[1].coastline = true;
    const r = parseScenario(fine);
    expect(r.ok).toBe(true);
    const st = initialState((r as { ok: true; scenario: never }).scenario);
    expect(st.reserve.map((t) => t.id)).toEqual(['T2']);
    expect(st.deck.countryside.map((t) => t.id)).toEqual(['T1']);
    expect(st.positions[1]).toEqual({ id: fine.positions[1].id, at: fine.positions[1].at, coastline: true });
    expect(st.positions[0]).not.toHaveProperty('coastline');
  });

  it('SC-6: a state stored under rules version 1 (no reserve, no emptyDeck) still decodes, with no fallback', () => {
    const r = parseScenario(good());
    const st = initialState((r as { ok: true; scenario: never }).scenario) as unknown as Record<string, any>;
    const { reserve: _r, ...v1 } = st;
    const { emptyDeck: _e, ...settings } = st.settings;
    const decoded = decodeState(JSON.parse(JSON.stringify({ ...v1, settings })));
    expect(decoded.reserve).toEqual([]);
    expect(decoded.settings.emptyDeck).toBe('none');
  });
});
