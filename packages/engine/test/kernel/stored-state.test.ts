import { describe, expect, it } from 'vitest';
import type { SafeSchema } from '../../src/kernel/members.ts';
import { StateDecodeError, decodeWithSchema } from '../../src/kernel/stored-state.ts';

type Tally = { ruleset: 'tally'; marks: { at: string }[] };
/** A schema as a schema library gives one (the kernel needs only `safeParse`): the first problem's path. */
const schema: SafeSchema<Tally> = {
  safeParse(input) {
    const v = input as Tally | null;
    if (typeof v !== 'object' || v === null) return { success: false, error: { issues: [{ path: [], message: 'expected object' }] } };
    const bad = v.marks.findIndex((m) => typeof m.at !== 'string');
    if (bad >= 0) return { success: false, error: { issues: [{ path: ['marks', bad, 'at'], message: 'expected string' }] } };
    return { success: true, data: v };
  },
};

describe('a stored state read back (decodeWithSchema)', () => {
  it('gives the state when the schema takes it', () => {
    expect(decodeWithSchema('tally', schema, { ruleset: 'tally', marks: [{ at: 'a1' }] })).toEqual({ ruleset: 'tally', marks: [{ at: 'a1' }] });
  });

  it('throws one error type for every ruleset, naming the ruleset and the first problem at its path', () => {
    expect(() => decodeWithSchema('tally', schema, { ruleset: 'tally', marks: [{ at: 3 }] })).toThrow(StateDecodeError);
    expect(() => decodeWithSchema('tally', schema, { ruleset: 'tally', marks: [{ at: 3 }] })).toThrow(/^not a tally state: marks\[0\]\.at: /);
    expect(() => decodeWithSchema('expeditions', schema, null)).toThrow(/^not an expeditions state: \(document\): /);
  });
});
