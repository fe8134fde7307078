// Property tests of line of sight (src/sight.ts) on random walls and closed doors of an 8 x 8 hall:
// sight is symmetric, a square always sees itself and its orthogonal neighbours across an open side,
// a closed door between orthogonal neighbours always blocks, and nothing throws.
import { describe, expect } from 'vitest';
import { test as fcTest, fc } from '@fast-check/vitest';
import { formatSquare } from '@arbiter/engine';
import { Dungeon } from '../src/board.ts';
import { sightBetween } from '../src/sight.ts';
import { stateOf } from './helpers.ts';

const square = fc.record({ col: fc.integer({ min: 1, max: 8 }), row: fc.integer({ min: 1, max: 8 }) }).map(formatSquare);
/** A side east or south of a square inside the hall. */
const side = fc
  .record({ col: fc.integer({ min: 1, max: 7 }), row: fc.integer({ min: 1, max: 7 }), south: fc.boolean() })
  .map(({ col, row, south }) => [formatSquare({ col, row }), formatSquare(south ? { col, row: row + 1 } : { col: col + 1, row })] as [string, string]);

const dungeonOf = (walls: [string, string][], doors: [string, string][]) => {
  const key = (s: [string, string]) => s.join('|');
  const wallKeys = new Set(walls.map(key));
  const doorList = doors.filter((d) => !wallKeys.has(key(d))).filter((d, i, all) => all.findIndex((x) => key(x) === key(d)) === i);
  const state = stateOf({ heroes: ['grisban A1 speed 4'], more: { walls: [...new Map(walls.map((w) => [key(w), w])).values()], doors: doorList.map((between, i) => ({ id: `d${i}`, between })) } });
  return { d: new Dungeon(state), doors: doorList };
};

describe('line of sight', () => {
  fcTest.prop([fc.array(side, { maxLength: 12 }), fc.array(side, { maxLength: 4 }), square, square])('is symmetric and never throws', (walls, doors, a, b) => {
    const { d } = dungeonOf(walls, doors);
    expect(sightBetween(d, a, b) === null).toBe(sightBetween(d, b, a) === null);
    expect(sightBetween(d, a, a)).toBeNull();
  });

  fcTest.prop([fc.array(side, { maxLength: 12 }), fc.array(side, { minLength: 1, maxLength: 4 })])('a closed door between neighbours blocks; an open side between neighbours does not', (walls, doors) => {
    const { d, doors: placed } = dungeonOf(walls, doors);
    for (const [a, b] of placed) expect(sightBetween(d, a, b)).toMatch(/^door d\d+ between .* is closed$/);
    for (const [a, b] of [['D4', 'D5'], ['D4', 'E4']] as const) expect(sightBetween(d, a, b) === null).toBe(d.openSide(a, b));
  });
});
