// The ruleset's board (the kernel's hex-offset topology) and its packed map agree on every neighbour.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '@arbiter/engine';
import { createGame, hexIdOfIndex, hexIndexOf, mapOf, mepbm, neighbourIndex, parseScenario } from '../src/index.ts';

const raw: unknown = JSON.parse(readFileSync(new URL('../../../examples/demo/scenario.json', import.meta.url), 'utf8'));
const parsed = parseScenario(raw);
if (!parsed.ok) throw new Error(`the demo scenario does not parse: ${JSON.stringify(parsed.issues)}`);
const state = createGame(parsed.scenario);

describe('mepbm board', () => {
  it('has exactly the map hexes, and the same neighbours in the same directions as the packed map', () => {
    const board = mepbm.board(state);
    const map = mapOf(state);
    expect(state.map.hexes.length).toBeGreaterThan(10);
    for (const { hex } of state.map.hexes) {
      expect(board.has(hex)).toBe(true);
      const index = hexIndexOf(map, hex);
      const packed = DIRECTIONS.flatMap((d, code) => {
        const n = neighbourIndex(map, index, code);
        return n < 0 ? [] : [{ to: hexIdOfIndex(map, n), direction: d }];
      });
      expect(board.neighbours(hex)).toEqual(packed);
      for (const e of packed) expect(board.distance(hex, e.to)).toBe(1);
    }
    expect(board.has('9999')).toBe(false);
  });

  it('reads a hex id as the order parser does', () => {
    const board = mepbm.board(state);
    const first = state.map.hexes[0]!.hex;
    expect(board.parseSpace(first)).toBe(first);
    expect(board.parseSpace('29-15')).toBeNull();
  });
});
