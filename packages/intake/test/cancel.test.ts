import { describe, expect, it } from 'vitest';
import { rulesetFor } from '@arbiter/rulesets';
import { extractCancels } from '../src/cancel.ts';

const readUnit = rulesetFor('mepbm').orders.readUnit;

describe('extractCancels', () => {
  it('takes "<unit>, cancel" lines out and keeps line numbers', () => {
    const r = extractCancels('aragorn, 850, no, nw\n  Frodo ,  CANCEL  # no more\nthe Mouth  of Sauron, cancel\n', readUnit);
    expect(r.cancels).toEqual([
      { line: 2, column: 3, unit: 'frodo' },
      { line: 3, column: 1, unit: 'the mouth of sauron' },
    ]);
    expect(r.text.split('\n')).toEqual(['aragorn, 850, no, nw', '', '', '']);
    expect(r.errors).toEqual([]);
  });

  it('reports a cancel with parameters or a bad unit name, with line and column', () => {
    const r = extractCancels('aragorn, cancel, now\n1234, cancel', readUnit);
    expect(r.cancels).toEqual([]);
    expect(r.errors).toEqual([
      { line: 1, column: 1, unit: 'aragorn', message: '"cancel" takes nothing after it; write "aragorn, cancel"' },
      { line: 2, column: 1, message: '"1234" is not a unit name: a name needs at least one letter' },
    ]);
  });

  it('leaves other lines and commented-out cancels alone', () => {
    const r = extractCancels('# aragorn, cancel\naragorn, 840, ne ; cancel', readUnit);
    expect(r.cancels).toEqual([]);
    expect(r.text).toBe('# aragorn, cancel\naragorn, 840, ne ; cancel');
  });
});
