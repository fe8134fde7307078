import { describe, expect, it } from 'vitest';
import { type StepRules, hexOffsetTopology, walkPath } from '../src/index.ts';

// A row of hexes 0101..0601 (odd row 1, so each is east of the one before).
const board = hexOffsetTopology(['0101', '0201', '0301', '0401', '0501', '0601']);
const plain: StepRules<string, string> = { cost: () => ({ ok: true, cost: 2 }) };

describe('the path walker', () => {
  it('walks the whole path, paying each step', () => {
    const r = walkPath(board, plain, 'u', '0101', ['0201', '0301'], 5);
    expect(r.stop).toBeNull();
    expect(r.at).toBe('0301');
    expect(r.spent).toBe(4);
    expect(r.steps.map((s) => [s.from, s.to, s.cost, s.left])).toEqual([['0101', '0201', 2, 3], ['0201', '0301', 2, 1]]);
  });

  it('stops before a step it cannot pay, and before a space that is not next to it', () => {
    expect(walkPath(board, plain, 'u', '0101', ['0201', '0301', '0401'], 5).stop).toEqual({ kind: 'out-of-points', at: '0301', to: '0401', cost: 2, left: 1 });
    expect(walkPath(board, plain, 'u', '0101', ['0301'], 5).stop).toEqual({
      kind: 'refused',
      at: '0101',
      to: '0301',
      refusal: { code: 'not-adjacent', message: '0301 is not next to 0101' },
    });
  });

  it('a cost refusal and a blocker refuse the step with their reason', () => {
    const lake: StepRules<string, string> = {
      cost: (_u, _f, to) => (to === '0301' ? { ok: false, refusal: { code: 'lake', message: 'a lake cannot be entered' } } : { ok: true, cost: 1 }),
      blocks: (_u, to) => (to === '0201' ? { code: 'enemy', message: 'an enemy stands there' } : null),
    };
    expect(walkPath(board, lake, 'u', '0101', ['0201'], 9).stop).toMatchObject({ kind: 'refused', refusal: { code: 'enemy' } });
    expect(walkPath(board, lake, 'u', '0201', ['0301'], 9).stop).toMatchObject({ kind: 'refused', at: '0201', refusal: { code: 'lake' } });
  });

  it('a watcher stops movement after the step; effects are recorded and movement goes on', () => {
    const watched: StepRules<string, string> = {
      cost: () => ({ ok: true, cost: 1 }),
      watch: (_u, _f, to) =>
        to === '0201' ? [{ kind: 'effect', by: 'aura', message: 'a wound' }] : to === '0301' ? [{ kind: 'stop', by: 'orcs', message: 'provoked the orcs' }] : [],
    };
    const r = walkPath(board, watched, 'u', '0101', ['0201', '0301', '0401'], 9);
    expect(r.at).toBe('0301');
    expect(r.steps[0]?.watched).toEqual([{ kind: 'effect', by: 'aura', message: 'a wound' }]);
    expect(r.stop).toEqual({ kind: 'watched', at: '0301', by: 'orcs', message: 'provoked the orcs' });
  });

  it('entering a space that reveals and ends movement stops there', () => {
    const reveal: StepRules<string, string> = { cost: () => ({ ok: true, cost: 1 }), reveal: (_u, to) => (to === '0201' ? { revealed: true, endsMovement: true } : null) };
    const r = walkPath(board, reveal, 'u', '0101', ['0201', '0301'], 9);
    expect(r.stop).toEqual({ kind: 'revealed', at: '0201' });
    expect(r.steps[0]?.revealed).toBe(true);
  });
});
