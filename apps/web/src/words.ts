// The ruleset's own words (docs/web.md): what a player is called ("nation", "player") and a unit ("unit",
// "hero", "figure", "mech"), from the server's status answer, never guessed by the client.
import type { GameStatus } from './types.ts';

export type Words = GameStatus['ruleset']['words'];

/** The words a page uses before it knows the game's ruleset. */
export const NEUTRAL_WORDS: Words = { player: 'player', players: 'players', unit: 'unit', units: 'units' };

export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
