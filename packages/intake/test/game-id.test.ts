// Game ids are typed on command lines (`arbiter replay <gameId> <turn>`): one that starts with `-` reads
// as an option there (a flake of the embedded-commands test, 1 game in 32, found in issue 28's runs).
import { describe, expect, it } from 'vitest';
import { generateGameId } from '../src/secrets.ts';

describe('generateGameId', () => {
  it('gives 12 url-safe characters starting with a letter or digit, never the same twice', () => {
    const ids = Array.from({ length: 4000 }, generateGameId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{11}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
