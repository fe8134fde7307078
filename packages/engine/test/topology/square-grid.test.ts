import { describe, expect, it } from 'vitest';
import { formatSquare, parseSquare, squareGridTopology } from '../../src/index.ts';

const squares: string[] = [];
for (let col = 1; col <= 4; col++) for (let row = 1; row <= 4; row++) squares.push(formatSquare({ col, row }));

describe('square grid topology', () => {
  it('spells squares as column letters and row number, one way', () => {
    expect(formatSquare({ col: 1, row: 1 })).toBe('A1');
    expect(formatSquare({ col: 26, row: 3 })).toBe('Z3');
    expect(formatSquare({ col: 28, row: 12 })).toBe('AB12');
    expect(parseSquare('AB12')).toEqual({ col: 28, row: 12 });
    expect(parseSquare('A01')).toBeNull();
    expect(parseSquare('a1')).toBeNull();
    const g = squareGridTopology({ squares });
    expect(g.parseSpace(' b3 ')).toBe('B3');
    expect(g.parseSpace('B0')).toBeNull();
    expect(() => formatSquare({ col: 0, row: 1 })).toThrow('whole numbers from 1');
  });

  it('has eight neighbours inside the board, named by direction', () => {
    const g = squareGridTopology({ squares });
    expect(g.neighbours('B2').map((e) => `${e.direction}:${e.to}`)).toEqual(['n:B1', 'ne:C1', 'e:C2', 'se:C3', 's:B3', 'sw:A3', 'w:A2', 'nw:A1']);
    expect(g.neighbours('A1').map((e) => e.to)).toEqual(['B1', 'B2', 'A2']);
  });

  it('a wall removes an edge, a door marks it; diagonals pass corners unless the setting says not', () => {
    const walls = [{ a: 'B2', b: 'C2' }];
    const doors = [{ a: 'B2', b: 'B3' }];
    const g = squareGridTopology({ squares, walls, doors });
    const edges = g.neighbours('B2');
    expect(edges.find((e) => e.to === 'C2')).toBeUndefined();
    expect(edges.find((e) => e.to === 'B3')).toEqual({ to: 'B3', direction: 's', through: 'door' });
    expect(edges.find((e) => e.to === 'C3')).toBeDefined();
    const strict = squareGridTopology({ squares, walls, doors, diagonalsPastWalls: false });
    // B2 -> C3: via C2 walled, via B3 through a door: no free L-route.
    expect(strict.neighbours('B2').find((e) => e.to === 'C3')).toBeUndefined();
    // B2 -> C1: via B1 is free.
    expect(strict.neighbours('B2').find((e) => e.to === 'C1')).toBeDefined();
  });

  it('measures distance with diagonals, ignoring walls', () => {
    const g = squareGridTopology({ squares, walls: [{ a: 'A1', b: 'B1' }] });
    expect(g.distance('A1', 'D4')).toBe(3);
    expect(g.distance('A1', 'B1')).toBe(1);
    expect(g.distance('C2', 'C2')).toBe(0);
  });

  it('refuses walls that are not between orthogonal neighbours, and a side that is both', () => {
    expect(() => squareGridTopology({ squares, walls: [{ a: 'A1', b: 'B2' }] })).toThrow('a wall must lie between two orthogonally adjacent squares');
    expect(() => squareGridTopology({ squares, walls: [{ a: 'A1', b: 'A2' }], doors: [{ a: 'A2', b: 'A1' }] })).toThrow('is both a wall and a door');
    expect(() => squareGridTopology({ squares: ['A1', '1A'] })).toThrow('"1A" is not a square id');
  });
});
