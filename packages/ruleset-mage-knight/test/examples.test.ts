// The example scenarios in examples/scenarios/mage-knight/, adjudicated through the `mageKnight`
// contract value: expected outcome and result hash, and the golden report and map of the first one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalSha256, sealTurn, type ReportContext } from '@arbiter/engine';
import { DEFAULT_LEVEL_AT, mageKnight, parseOrders, renderTextReport } from '../src/index.ts';
import type { MkState, MkTurnResult } from '../src/index.ts';


const dir = new URL('../../../examples/scenarios/mage-knight/', import.meta.url);

function play(name: string) {
  const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as { orders: string[] };
  const parsed = mageKnight.scenario.parse(doc);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
  const state = mageKnight.scenario.initialState(parsed.scenario);
  const orders = parseOrders(doc.orders.join('\n'));
  const result = sealTurn(mageKnight.adjudicate(state, orders.orders, { orderErrors: orders.errors }));
  return { state, orders, result };
}

const ctx: ReportContext = {
  gameName: 'The Long Road',
  gameId: 'g-7',
  turn: 1,
  nextDeadline: new Date('2026-12-04T18:00:00Z'),
  timeZone: 'Europe/London',
  playerName: 'Ben',
};

/**
 * The hash these examples had before the merge (over turn, events, rolls, errors and next state, a tile
 * draw recorded as {hex, unit}): the same outcome. The result's hash is now the kernel's sealTurn over
 * every field (views and units too), and a draw names its hero and position (docs/architecture.md).
 */
function draftHash(result: MkTurnResult): string {
  const rolls = result.rolls.map(({ hero, position, ...r }) => ({ hex: position, ...r, unit: hero }));
  // Rules version 2 added the reserve and the emptyDeck setting to the state: without them, the same bytes.
  const { reserve: _reserve, settings, ...rest } = result.nextState;
  const { emptyDeck: _emptyDeck, ...v1Settings } = settings;
  const nextState = { ...rest, settings: v1Settings };
  return canonicalSha256({ turn: result.turn, events: result.events, rolls, errors: result.errors, nextState });
}

function summary(s: MkState) {
  return {
    turn: s.turn,
    heroes: s.heroes.map((h) => `${h.id} ${h.space ?? 'off the map'} fame ${h.fame} level ${h.level} wounds ${h.wounds}`),
    tiles: s.tiles.map((t) => `${t.position}=${t.tile}`),
    deck: s.deck.countryside.length + s.deck.core.length,
  };
}

describe('example scenarios', () => {
  it('EXS-1: first-reconnaissance: Tovak to the monastery, Arythea explores for 1 Fame, Goldyx rests off the map', () => {
    const { orders, result } = play('first-reconnaissance');
    expect(orders.errors).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(summary(result.nextState)).toEqual({
      turn: 2,
      heroes: ['tovak a2.w fame 0 level 1 wounds 0', 'arythea a2.se fame 1 level 1 wounds 0', 'goldyx off the map fame 0 level 1 wounds 0'],
      tiles: ['s=A', 'a1=1', 'a2=2', 'b2=5'],
      deck: 6,
    });
    expect(result.rolls).toEqual([{ hero: 'arythea', position: 'b2', purpose: 'tile', sides: 5, value: 2 }]);
    expect(result.hash).toBe('931f275034d15f9b80b7042e957113382c8bc4705977a56f7fbc04cc32fb4278');
    expect(draftHash(result)).toBe('f7b1c0d28706d60e67fe9ae7c7aa1ba45aab0566a717a83b49cfc462937c2991');
  });

  it('EXS-2: orc-marauders: the red path provokes at the village; the green path ends there too and withdraws', () => {
    const { result } = play('orc-marauders');
    expect(result.errors).toEqual([]);
    expect(summary(result.nextState)).toEqual({
      turn: 4,
      heroes: ['tovak a.c fame 0 level 1 wounds 0', 'arythea a.ne fame 0 level 1 wounds 1'],
      tiles: ['s=A', 'a=1', 'f=2'],
      deck: 1,
    });
    expect(result.hash).toBe('97dcf6fbab4f59a9ff3ca49ff2a69f8a6eb1361d4f89c40dada8d0313bda7ec1');
    expect(draftHash(result)).toBe('71d7ed61369f7120c8fcb7cb16d97181a57e6dc8af1ca4474f947fc6ad1b2739');
  });

  it('EXS-3: night-attack: forest costs 5 at night, ending on Goldyx is an attack, Goldyx names the tile he explores', () => {
    const { result } = play('night-attack');
    expect(result.errors).toEqual([]);
    expect(result.events.filter((e) => e.type === 'attack')).toEqual([{ type: 'attack', hero: 'norowas', space: 'a1.w', targets: ['goldyx'] }]);
    expect(summary(result.nextState)).toEqual({
      turn: 6,
      heroes: ['norowas a1.w fame 7 level 2 wounds 0', 'goldyx a1.ne fame 1 level 1 wounds 0'],
      // Rules version 2: b2 touches one placed tile only (a Countryside tile may not go there), so Goldyx names a2.
      tiles: ['s=A', 'a1=4', 'a2=6'],
      deck: 1,
    });
    expect(result.hash).toBe('b27edc785c43faae6b202627ac6f9a6dacf7d3be09a9d5d3710f430ac39671de');
  });

  it('EXS-4: the contract: a stored state decodes, players in seat order, templates, whose move it is', () => {
    const { state, result } = play('first-reconnaissance');
    const stored = JSON.parse(JSON.stringify(result.nextState)) as unknown;
    expect(mageKnight.state.decode(stored)).toEqual(result.nextState);
    expect(() => mageKnight.state.decode({ ...(stored as object), ruleset: 'mepbm' })).toThrow(/not a mage-knight state: ruleset/);
    expect(mageKnight.state.turnOf(result.nextState)).toBe(2);
    expect(mageKnight.scenario.players(state).map((p) => p.id)).toEqual(['anna', 'ben', 'chloe']);
    expect(mageKnight.orders.template(state, 'anna')).toEqual(['# Tovak is off the map (back on the portal when moving)', 'tovak, move 0']);
    expect(mageKnight.sequential!.mayMove(state)).toEqual(['anna']);
    expect(mageKnight.turnStructure).toEqual({ kind: 'sequential', order: 'seat' });
    expect(() => mageKnight.scenario.initialState({ ruleset: 'mage-knight' })).toThrow(/not a valid mage-knight scenario: seed: /);
  });

  it('EXS-5: the text report and the SVG map of the first example match their golden files', async () => {
    const { result } = play('first-reconnaissance');
    const view = result.views.ben!;
    // The golden text is the view's report; the contract's text puts the context's lines above it (EXS-7).
    await expect(renderTextReport(view)).toMatchFileSnapshot('./__golden__/first-reconnaissance-ben.txt');
    await expect(mageKnight.report.svg(view, ctx)).toMatchFileSnapshot('./__golden__/first-reconnaissance-ben.svg');
  });

  it('EXS-6: the HTML report holds the words and the map', () => {
    const { result } = play('first-reconnaissance');
    const html = mageKnight.report.html(result.views.ben!, ctx);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('Arythea explores from a2.se for 2 Move points: countryside tile 5 is revealed at position b2 (0 left).');
    expect(html).toContain('<p>Orders for turn 2 are due Friday 4 December 2026 at 18:00 GMT (Europe/London), that is 2026-12-04 18:00 UTC.</p>');
  });

  it('EXS-7: the report context: game, reader and deadline above the report; render gives the same three; a wrong context is refused', () => {
    const { result } = play('first-reconnaissance');
    const view = result.views.ben!;
    const text = mageKnight.report.text(view, ctx);
    expect(text).toBe(
      `The Long Road (game g-7): turn 1, the report for Ben.\nOrders for turn 2 are due Friday 4 December 2026 at 18:00 GMT (Europe/London), that is 2026-12-04 18:00 UTC.\n\n${renderTextReport(view)}`,
    );
    expect(mageKnight.report.text(view, { ...ctx, nextDeadline: null })).toContain('No deadline is set for turn 2 yet.');
    expect(mageKnight.report.render(view, ctx)).toEqual({ text, html: mageKnight.report.html(view, ctx), svg: mageKnight.report.svg(view, ctx) });
    expect(() => mageKnight.report.text(view, { ...ctx, turn: 2 })).toThrow("report context: turn 2 does not match the view's turn 1 (player ben)");
    expect(() => mageKnight.report.svg(view, { ...ctx, timeZone: 'Mars/Olympus' })).toThrow('unknown time zone "Mars/Olympus"');
  });

  it('EXS-8: the contract members the services use: settings, order text, board, owners, lines, cancel-line units, units, summary', () => {
    const doc = JSON.parse(readFileSync(new URL('first-reconnaissance.json', dir), 'utf8')) as { orders: string[]; settings: unknown };
    expect(mageKnight.scenario.settings(doc)).toEqual({ playerVsPlayer: false, famePerTile: 1, levelAt: DEFAULT_LEVEL_AT, tileOrder: 'shuffled', emptyDeck: 'reserve' });
    expect(mageKnight.scenario.orderText(doc)).toBe(doc.orders.join('\n'));
    const { state, result } = play('first-reconnaissance');
    const board = mageKnight.board(state);
    expect(board.has('s.c')).toBe(true);
    expect(board.neighbours('s.c').map((e) => e.to).sort()).toEqual(['s.e', 's.ne', 's.nw', 's.se', 's.sw', 's.w']);
    expect(mageKnight.state.ownerOf(state, 'arythea')).toBe('ben');
    expect(mageKnight.state.ownerOf(state, 'nobody')).toBeNull();
    const parsed = mageKnight.orders.parse('# a comment\n\narythea, rest');
    expect(mageKnight.orders.lineOf(parsed.orders[0]!)).toBe(3);
    expect(mageKnight.orders.readUnit('  Tovak ')).toEqual({ ok: true, unit: 'tovak' });
    expect(mageKnight.orders.readUnit('9 lives')).toEqual({ ok: false, message: '"9 lives" is not a hero id (letters, digits and -, starting with a letter)' });
    expect(result.units.map((u) => `${u.hero} ${u.from ?? '-'} -> ${u.to ?? '-'} ${u.mpSpent}/${u.mpPlayed} fame+${u.fameGained} explored ${u.explored.join(',')}`)).toEqual([
      'tovak - -> a2.w 5/5 fame+0 explored ',
      'arythea - -> a2.se 10/10 fame+1 explored b2',
      'goldyx - -> - 0/0 fame+0 explored ',
    ]);
    const summary = mageKnight.report.summary(result);
    expect(summary.split('\n')[0]).toBe(`turn 1: 3 moves, ${result.events.length} events, 1 random draws`);
    expect(summary).toContain(`hash ${result.hash}`);
  });
});
