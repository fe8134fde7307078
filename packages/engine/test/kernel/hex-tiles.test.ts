// The hex-tiles topology (Mage Knight's board of 7-hex tiles): geometry only.
import { describe, expect, it } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import {
  HEX_DIRECTIONS,
  HEX_DIRECTION_WORDS,
  axialDistance,
  axialStep,
  hexTiles,
  latticeNeighbours,
  tileCentre,
  tileHexAxial,
  tileLayoutProblem,
  TILE_HEXES,
} from '../../src/kernel/topology/hex-tiles.ts';

const wedge = [
  { id: 's', at: [0, 0] as const },
  { id: 't1', at: [1, 0] as const },
  { id: 't2', at: [0, 1] as const },
  { id: 't3', at: [1, 1] as const },
];

describe('hex tiles topology', () => {
  it('HT-001: a tile is a centre and its six neighbours; the tile at (1, 0) is centred on axial (2, 1)', () => {
    expect(tileCentre([0, 0])).toEqual({ q: 0, r: 0 });
    expect(tileCentre([1, 0])).toEqual({ q: 2, r: 1 });
    expect(tileCentre([0, 1])).toEqual({ q: -1, r: 3 });
    expect(tileHexAxial([0, 0], 'ne')).toEqual({ q: 1, r: -1 });
    const t = hexTiles(wedge);
    expect(t.spacesOf('t1')).toEqual(TILE_HEXES.map((h) => `t1.${h}`));
  });

  fcTest.prop([fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 })])(
    'HT-002: tiles at two different lattice places never share a hex',
    (a, b, c, d) => {
      fc.pre(a !== c || b !== d);
      const one = new Set(TILE_HEXES.map((h) => JSON.stringify(tileHexAxial([a, b], h))));
      for (const h of TILE_HEXES) expect(one.has(JSON.stringify(tileHexAxial([c, d], h)))).toBe(false);
    },
  );

  it('HT-003: the tiles around one tile leave no gap: every neighbour of its hexes is on it or on a lattice neighbour', () => {
    const around = new Set<string>();
    for (const at of [[0, 0] as [number, number], ...latticeNeighbours([0, 0])]) for (const h of TILE_HEXES) around.add(JSON.stringify(tileHexAxial(at, h)));
    for (const h of TILE_HEXES) for (const d of HEX_DIRECTIONS) expect(around.has(JSON.stringify(axialStep(tileHexAxial([0, 0], h), d)))).toBe(true);
  });

  it('HT-004: neighbours cross tile borders and carry their direction; off the layout there is none', () => {
    const t = hexTiles(wedge);
    expect(t.neighbour('s.c', 'ne')).toBe('s.ne');
    expect(t.neighbour('s.e', 'e')).toBe('t1.nw');
    expect(t.neighbour('s.e', 'se')).toBe('t1.w');
    expect(t.neighbour('s.nw', 'nw')).toBeNull();
    expect(t.neighbours('s.c').map((e) => e.direction)).toEqual([...HEX_DIRECTIONS]);
    expect(t.neighbours('s.nw').map((e) => e.to)).toEqual(['s.ne', 's.c', 's.w']);
  });

  it('HT-005: neighbours are symmetric: b is a neighbour of a exactly when a is one of b', () => {
    const t = hexTiles(wedge);
    for (const p of wedge) for (const s of t.spacesOf(p.id)) for (const e of t.neighbours(s)) expect(t.neighbours(e.to).some((x) => x.to === s)).toBe(true);
  });

  it('HT-006: distance is obstacle-blind hex steps; regionOf is the tile position', () => {
    const t = hexTiles(wedge);
    expect(t.distance('s.c', 's.c')).toBe(0);
    expect(t.distance('s.c', 't1.c')).toBe(3);
    expect(t.distance('s.w', 't1.e')).toBe(axialDistance(t.axial('s.w'), t.axial('t1.e')));
    expect(t.regionOf?.('t2.sw')).toBe('t2');
    expect(t.regionOf?.('zz.c')).toBeNull();
  });

  it('HT-007: one spelling: parse lower-cases and trims, unknown spaces are null', () => {
    const t = hexTiles(wedge);
    expect(t.parseSpace(' T1.NW ')).toBe('t1.nw');
    expect(t.parseSpace('t1.n')).toBeNull();
    expect(t.parseSpace('t9.c')).toBeNull();
    expect(t.formatSpace('t1.nw')).toBe('t1.nw');
    expect(t.has('t3.c')).toBe(true);
  });

  it('HT-008: positionsTouching lists the other tiles a space borders, with the directions into each', () => {
    const t = hexTiles(wedge);
    expect(t.positionsTouching('s.c')).toEqual([]);
    expect(t.positionsTouching('s.e')).toEqual([{ position: 't1', directions: ['e', 'se'] }]);
    expect(t.positionsTouching('s.se')).toEqual([
      { position: 't1', directions: ['e'] },
      { position: 't2', directions: ['se', 'sw'] },
    ]);
  });

  it('HT-010: directions have their names in words', () => {
    expect(HEX_DIRECTION_WORDS).toEqual({ ne: 'north-east', e: 'east', se: 'south-east', sw: 'south-west', w: 'west', nw: 'north-west' });
  });

  it('HT-009: a bad layout is refused with the problem named', () => {
    expect(tileLayoutProblem([{ id: 'a', at: [0, 0] }, { id: 'a', at: [1, 0] }])).toMatch(/listed twice/);
    expect(tileLayoutProblem([{ id: 'a', at: [0, 0] }, { id: 'b', at: [0, 0] }])).toMatch(/both at lattice/);
    expect(tileLayoutProblem([{ id: 'A', at: [0, 0] }])).toMatch(/lower-case/);
    expect(tileLayoutProblem([{ id: 'a', at: [0.5, 0] }])).toMatch(/integer/);
    expect(() => hexTiles([{ id: 'a', at: [0, 0] }, { id: 'a', at: [1, 0] }])).toThrow(RangeError);
    expect(() => hexTiles(wedge).axial('q.c')).toThrow(/not a space/);
  });
});
