import { describe, expect, it } from 'vitest';
import { locationGraphTopology } from '../../src/index.ts';

const graph = () =>
  locationGraphTopology([
    { id: 'basecamp', neighbours: ['1', '2', '3'] },
    { id: '1', neighbours: ['basecamp', '2', '4'], region: 'south' },
    { id: '2', neighbours: ['basecamp', '1'], region: 'south' },
    { id: '3', neighbours: ['basecamp'], region: 'south' },
    { id: '4', neighbours: ['1'], region: 'central' },
    { id: '20', neighbours: [], region: 'north' },
  ]);

describe('location graph topology', () => {
  it('reads a location in any letter case and gives its one spelling', () => {
    const g = graph();
    expect(g.parseSpace(' BaseCamp ')).toBe('basecamp');
    expect(g.parseSpace('5')).toBeNull();
    expect(g.formatSpace('4')).toBe('4');
  });

  it('lists the neighbours as given and measures the fewest steps', () => {
    const g = graph();
    expect(g.neighbours('1').map((e) => e.to)).toEqual(['basecamp', '2', '4']);
    expect(g.distance('3', '4')).toBe(3);
    expect(g.distance('2', '2')).toBe(0);
    expect(g.distance('2', '20')).toBe(Number.POSITIVE_INFINITY);
    expect(g.regionOf('4')).toBe('central');
    expect(g.regionOf('basecamp')).toBeNull();
  });

  it('refuses one-way adjacency, unknown neighbours and ids that differ only in case', () => {
    expect(() => locationGraphTopology([{ id: 'a', neighbours: ['b'] }, { id: 'b', neighbours: [] }])).toThrow('a lists b as a neighbour, but b does not list a');
    expect(() => locationGraphTopology([{ id: 'a', neighbours: ['x'] }])).toThrow('a lists an unknown neighbour "x"');
    expect(() => locationGraphTopology([{ id: 'A', neighbours: [] }, { id: 'a', neighbours: [] }])).toThrow('the same id but for letter case');
    expect(() => graph().distance('1', 'nowhere')).toThrow('there is no location "nowhere"');
  });
});
