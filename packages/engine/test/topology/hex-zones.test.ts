import { describe, expect, it } from 'vitest';
import { type ZonedHex, formatHexId, hexZonesTopology } from '../../src/index.ts';

// Rows 1..2, columns 1..6: zone a = columns 1-2, zone b = columns 3-4, zone c = columns 5-6, but zone c
// touches b only through one non-terrain hex (0502) and a terrain hex (0501).
function board(): ZonedHex[] {
  const out: ZonedHex[] = [];
  for (let col = 1; col <= 6; col++) {
    for (let row = 1; row <= 2; row++) {
      const hex = formatHexId({ col, row });
      const zone = col <= 2 ? 'a' : col <= 4 ? 'b' : 'c';
      out.push(hex === '0501' ? { hex, zone, terrain: true } : { hex, zone });
    }
  }
  // b's hexes next to c: 0401 and 0402; make them terrain so that only c's side can count.
  return out.map((h) => (h.hex === '0401' ? { ...h, terrain: true } : h));
}

describe('hex zones topology', () => {
  it('gives each hex its zone and keeps terrain hexes as spaces', () => {
    const t = hexZonesTopology(board());
    expect(t.regionOf('0101')).toBe('a');
    expect(t.regionOf('0501')).toBe('c');
    expect(t.isTerrain('0501')).toBe(true);
    expect(t.has('0501')).toBe(true);
    expect(t.distance('0101', '0602')).toBe(6);
    expect(t.hexesOf('b')).toEqual(['0301', '0302', '0401', '0402']);
  });

  it('two zones are adjacent when two non-terrain hexes of one touch the other', () => {
    const t = hexZonesTopology(board());
    // a-b: 0201 and 0202 touch b.
    expect(t.adjacentZones('a')).toEqual(['b']);
    // b-c: b's non-terrain hexes next to c: only 0402 (0401 is terrain); c's next to b: only 0502
    // (0501 is terrain). One each: not adjacent.
    expect(t.adjacentZones('b')).toEqual(['a']);
    expect(t.adjacentZones('c')).toEqual([]);
  });

  it('open-to-open (the default): a contact through a terrain hex does not count; open-to-any: it does', () => {
    // Zones x (column 1) and y (column 3), with column 2 between them: x's terrain hexes 0201 and 0202.
    // x's open hexes 0101 and 0102 touch only x; y's open hexes 0301 and 0302 touch x's terrain only.
    const strip: ZonedHex[] = [
      { hex: '0101', zone: 'x' }, { hex: '0102', zone: 'x' },
      { hex: '0201', zone: 'x', terrain: true }, { hex: '0202', zone: 'x', terrain: true },
      { hex: '0301', zone: 'y' }, { hex: '0302', zone: 'y' },
    ];
    expect(hexZonesTopology(strip).adjacentZones('y')).toEqual([]);
    expect(hexZonesTopology(strip, { adjacency: 'open-to-open' }).adjacentZones('x')).toEqual([]);
    expect(hexZonesTopology(strip, { adjacency: 'open-to-any' }).adjacentZones('y')).toEqual(['x']);
    // Open hexes touching open hexes count under both readings.
    const open = strip.map((h) => ({ hex: h.hex, zone: h.zone }));
    expect(hexZonesTopology(open).adjacentZones('y')).toEqual(['x']);
  });

  it('refuses an unknown zone and a hex in no zone that is not terrain', () => {
    const t = hexZonesTopology(board());
    expect(() => t.adjacentZones('z')).toThrow('there is no zone "z" (zones: a, b, c)');
    expect(() => hexZonesTopology([{ hex: '0101', zone: null }])).toThrow('hex 0101 is in no zone but is not terrain');
    expect(() => hexZonesTopology([{ hex: '0101', zone: 'a' }, { hex: '0101', zone: 'b' }])).toThrow('listed twice');
  });
});
