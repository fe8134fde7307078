// The status mail (`command: status`) speaks the game's words: its ruleset's title and its word for players.
import { describe, expect, it } from 'vitest';
import { statusMail, type StatusFacts } from '../src/index.ts';

const facts = (ruleset: StatusFacts['ruleset']): StatusFacts => ({
  name: 'The Long Road', ruleset, turn: 2, status: 'active', turnStatus: 'open', heldReason: null, deadlineText: 'Friday 4 December 2026 at 18:00 GMT',
  submissions: 1, lastReceivedAt: null, standingTurn: 2, standing: [], nations: [{ nationId: 'ben', name: 'Ben', submitted: true, final: false }],
});
const heroes = { id: 'mage-knight', title: 'Mage Knight', words: { player: 'player', players: 'players', unit: 'hero', units: 'heroes' } };
const nations = { id: 'mepbm', title: 'Middle-earth PBM', words: { player: 'nation', players: 'nations', unit: 'unit', units: 'units' } };
const read = { source: 'body', warnings: [] };

describe('the status mail', () => {
  it("names the game's ruleset and lists who has sent orders in the ruleset's word for players", () => {
    const text = statusMail({ gameId: 'g1', nationId: 'ben', name: 'Ben' }, facts(heroes), read).text;
    expect(text.split('\n')[0]).toBe('Arbiter status: The Long Road (game g1, a game of Mage Knight), turn 2, Ben (ben)');
    expect(text).toContain('Players that have sent orders this turn:\n  Ben (ben): yes');
    expect(text).not.toContain('Nations');
    expect(statusMail({ gameId: 'g1', nationId: 'ben', name: 'Ben' }, facts(nations), read).text).toContain('Nations that have sent orders this turn:');
  });
});
