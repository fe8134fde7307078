// Issue 27: building a board is linear in its size, and a board past BOARD_LIMITS is refused. Timed
// relatively (test/linear-time.ts): a board of the same size shaped the worst way (one zone of every hex,
// or a zone for every hex) builds within 10 times an ordinary one. Before, the hex-zones topology copied a
// zone's list for each hex it added and compared every zone with every other (both quadratic).
import { describe, expect, it } from 'vitest';
import { BOARD_LIMITS, formatHexId, formatSquare, hexOffsetTopology, hexZonesTopology, locationGraphTopology, squareGridTopology, type ZonedHex } from '../../src/index.ts';
import { compareTimes } from '../../../../test/linear-time.ts';

const SIDE = 100;
function zoned(zoneOf: (col: number, row: number) => string): ZonedHex[] {
  const out: ZonedHex[] = [];
  for (let row = 1; row <= SIDE; row++) for (let col = 1; col <= SIDE; col++) out.push({ hex: formatHexId({ col, row }), zone: zoneOf(col, row) });
  return out;
}

describe('board size (issue 27)', () => {
  it('builds a hex-zones board of one zone, or of a zone per hex, in time linear in its hexes', async () => {
    const ordinary = zoned((col, row) => String.fromCharCode(65 + ((Math.floor(col / 20) + 5 * Math.floor(row / 20)) % 26)));
    const oneZone = zoned(() => 'A');
    const zonePerHex = zoned((col, row) => `z${col}-${row}`);
    for (const worst of [oneZone, zonePerHex]) {
      const r = await compareTimes(() => hexZonesTopology(ordinary).adjacentZones('A'), () => hexZonesTopology(worst).adjacentZones(worst[0]?.zone as string));
      expect(r, JSON.stringify(r)).toMatchObject({ within: true });
    }
  }, 120_000);

  it('refuses a board of more spaces than BOARD_LIMITS.spaces in every topology (a caller that skipped the scenario check)', () => {
    const n = BOARD_LIMITS.spaces + 1;
    const squares = Array.from({ length: n }, (_, i) => formatSquare({ col: (i % 200) + 1, row: Math.floor(i / 200) + 1 }));
    expect(() => squareGridTopology({ squares })).toThrow(/at most 40000/);
    expect(() => hexOffsetTopology(Array.from({ length: n }, (_, i) => formatHexId({ col: i % 200, row: Math.floor(i / 200) })))).toThrow(/at most 40000/);
    expect(() => locationGraphTopology(Array.from({ length: n }, (_, i) => ({ id: `l${i}`, neighbours: [] })))).toThrow(/at most 40000/);
  });
});
