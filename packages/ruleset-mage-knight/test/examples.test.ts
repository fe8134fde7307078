// The example scenarios in examples/scenarios/mage-knight/, adjudicated through the `mageKnight`
// contract value: expected outcome and result hash, and the golden report and map of the first one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mageKnight, parseOrders } from '../src/index.ts';
import type { MkState } from '../src/index.ts';
import { expectGolden } from './golden.ts';

const dir = new URL('../../../examples/scenarios/mage-knight/', import.meta.url);

function play(name: string) {
  const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as { orders: string[] };
  const parsed = mageKnight.scenario.parse(doc);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
  const state = mageKnight.scenario.initialState(parsed.scenario);
  const orders = parseOrders(doc.orders.join('\n'));
  const result = mageKnight.adjudicate(state, orders.orders, { orderErrors: orders.errors });
  return { state, orders, result };
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
    expect(result.rolls).toEqual([{ hex: 'b2', purpose: 'tile', sides: 5, unit: 'arythea', value: 2 }]);
    expect(result.hash).toBe('f7b1c0d28706d60e67fe9ae7c7aa1ba45aab0566a717a83b49cfc462937c2991');
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
    expect(result.hash).toBe('71d7ed61369f7120c8fcb7cb16d97181a57e6dc8af1ca4474f947fc6ad1b2739');
  });

  it('EXS-3: night-attack: forest costs 5 at night, ending on Goldyx is an attack, Goldyx names the tile he explores', () => {
    const { result } = play('night-attack');
    expect(result.errors).toEqual([]);
    expect(result.events.filter((e) => e.type === 'attack')).toEqual([{ type: 'attack', hero: 'norowas', space: 'a1.w', targets: ['goldyx'] }]);
    expect(summary(result.nextState)).toEqual({
      turn: 6,
      heroes: ['norowas a1.w fame 7 level 2 wounds 0', 'goldyx a1.ne fame 1 level 1 wounds 0'],
      tiles: ['s=A', 'a1=4', 'b2=6'],
      deck: 1,
    });
    expect(result.hash).toBe('879d30a144e1a794f80a8f30a9a78d34fe1310839292bcf6db73d1fbd432eb10');
  });

  it('EXS-4: the contract: a stored state decodes, players in seat order, templates, whose move it is', () => {
    const { state, result } = play('first-reconnaissance');
    const stored = JSON.parse(JSON.stringify(result.nextState)) as unknown;
    expect(mageKnight.state.decode(stored)).toEqual(result.nextState);
    expect(() => mageKnight.state.decode({ ...(stored as object), ruleset: 'mepbm' })).toThrow(/not a mage-knight state: ruleset/);
    expect(mageKnight.state.turnOf(result.nextState)).toBe(2);
    expect(mageKnight.scenario.players(state).map((p) => p.id)).toEqual(['anna', 'ben', 'chloe']);
    expect(mageKnight.orders.template(state, 'anna')).toEqual(['# Tovak is off the map (back on the portal when moving)', 'tovak, move 0']);
    expect(mageKnight.sequential!.toMove(state)).toBe('anna');
    expect(mageKnight.turnStructure).toEqual({ kind: 'sequential', order: 'seat' });
    expect(() => mageKnight.scenario.initialState({ ruleset: 'mage-knight' })).toThrow(/not a valid mage-knight scenario: seed: /);
  });

  it('EXS-5: the text report and the SVG map of the first example match their golden files', () => {
    const { result } = play('first-reconnaissance');
    const view = result.views.ben!;
    expectGolden(mageKnight.report.text(view), new URL('./__golden__/first-reconnaissance-ben.txt', import.meta.url));
    expectGolden(mageKnight.report.svg(view), new URL('./__golden__/first-reconnaissance-ben.svg', import.meta.url));
  });

  it('EXS-6: the HTML report holds the words and the map', () => {
    const { result } = play('first-reconnaissance');
    const html = mageKnight.report.html(result.views.ben!);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('Arythea explores from a2.se for 2 Move points: countryside tile 5 is revealed at position b2 (0 left).');
  });
});
