import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/uuid.ts';

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID carrying the milliseconds', () => {
    const u = uuidv7(0x0123456789ab);
    expect(u).toMatch(/^01234567-89ab-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by time and is unique', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a < b).toBe(true);
    const many = new Set(Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_000)));
    expect(many.size).toBe(10_000);
  });
});
