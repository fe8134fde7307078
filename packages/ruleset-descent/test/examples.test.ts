// The example scenarios in examples/scenarios/descent/, adjudicated through the `descent` contract
// value: expected outcome and result hash, and the golden report and map of the first one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sealTurn, type ReportContext } from '@arbiter/engine';
import { descent, renderTextReport } from '../src/index.ts';
import type { DsState } from '../src/index.ts';

const dir = new URL('../../../examples/scenarios/descent/', import.meta.url);

function play(name: string) {
  const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as unknown;
  const parsed = descent.scenario.parse(doc);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
  const state = descent.scenario.initialState(parsed.scenario);
  const orders = descent.orders.parse(descent.scenario.orderText(parsed.scenario));
  const result = sealTurn(descent.adjudicate(state, orders.orders, { orderErrors: orders.errors }));
  return { doc, state, orders, result };
}

const ctx: ReportContext = {
  gameName: 'Halls of Rust',
  gameId: 'g-15',
  turn: 1,
  nextDeadline: new Date('2026-12-04T18:00:00Z'),
  timeZone: 'Europe/London',
  playerName: 'Ben',
};

function summary(s: DsState) {
  return {
    turn: s.turn,
    figures: s.figures.map((f) => `${f.id} ${f.square ?? 'town'} wounds ${f.wounds} fatigue ${f.fatigue}${f.items.length > 0 ? ` items ${f.items.join(',')}` : ''}`),
    revealed: s.areas.filter((a) => a.revealed).map((a) => a.id),
    doorsOpen: s.doors.filter((d) => d.open).map((d) => d.id),
  };
}

describe('Descent example scenarios', () => {
  it('EXD-1: gate-of-bones: Grisban opens the gate and reveals the crypt, Jain runs through and opens its chest, the monsters close in', () => {
    const { orders, result } = play('gate-of-bones');
    expect(orders.errors).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(summary(result.nextState)).toEqual({
      turn: 2,
      figures: [
        'grisban E4 wounds 0 fatigue 1 items healing-potion',
        'jain H4 wounds 0 fatigue 4 items gold-50',
        'skel-1 F4 wounds 0 fatigue 0',
        'skel-2 I4 wounds 0 fatigue 0',
        'spider-1 I5 wounds 0 fatigue 0',
      ],
      revealed: ['entrance', 'crypt'],
      doorsOpen: ['gate'],
    });
    expect(result.rolls).toEqual([{ purpose: 'treasure', sides: 4, value: 3, figure: 'jain', token: 'chest-1' }]);
    expect(result.events.filter((e) => e.type === 'attack-declared').map((e) => `${e.figure}>${e.target}`)).toEqual(['grisban>skel-1', 'skel-1>jain', 'skel-2>jain']);
    expect(result.hash).toBe('d557411abc06dc86434823ffb4183ea48d7db0c6279439bbd7b5593b2b4d38c6');
  });

  it('EXD-2: sunken-stair: Tomble jumps the pit and takes the stair into the lower vault, Red goes to town and back by the glyphs, the Razorwing falls in the pit', () => {
    const { result } = play('sunken-stair');
    expect(result.errors).toEqual([]);
    expect(summary(result.nextState)).toEqual({
      turn: 2,
      figures: ['tomble E7 wounds 0 fatigue 3', 'red F10 wounds 0 fatigue 2', 'bat-1 D2 wounds 1 fatigue 0', 'ogre-1 E8 wounds 0 fatigue 0'],
      revealed: ['upper-hall', 'lower-vault'],
      doorsOpen: [],
    });
    expect(result.units.map((u) => `${u.figure} ${u.from ?? 'town'}->${u.to ?? 'town'} ${u.spent}/${u.mp}`)).toEqual(['tomble B2->E7 9/9', 'red A1->F10 3/5', 'bat-1 H1->D2 4/5', 'ogre-1 C8->E8 2/3']);
    expect(result.hash).toBe('cc85015c20c4b6a47c5b1c99368f6c12e76da74cd3b3b52ab4d75d04afbbc602');
  });

  it('EXD-3: fire-and-chains: the Zombie grapples Mad Carthos, the Hell hound burns Landrec, the Dragon cannot attack from a friend\'s space', () => {
    const { result } = play('fire-and-chains');
    expect(result.errors).toEqual([]);
    expect(result.events.filter((e) => e.type === 'refused').map((e) => `${e.figure} ${e.code}`)).toEqual(['mad-carthos grappled', 'dragon-1 shared-space']);
    expect(summary(result.nextState).figures).toEqual([
      'landrec E2 wounds 1 fatigue 4 items blue',
      'mad-carthos A6 wounds 0 fatigue 3',
      'imp-1 D6 wounds 0 fatigue 0',
      'zombie-1 C5 wounds 0 fatigue 0',
      'dragon-1 E3 wounds 0 fatigue 0',
    ]);
    expect(result.nextState.doors[0]).toMatchObject({ id: 'blue-door', unlocked: true, open: false });
    expect(result.hash).toBe('e3934fe47665a576e7ed710d008271ac5c1861a2bb37858fded5396cddbac878');
  });

  it('EXD-4: the text report and the SVG map of the first example match their golden files', async () => {
    const { result } = play('gate-of-bones');
    const view = result.views.ben!;
    await expect(renderTextReport(view)).toMatchFileSnapshot('./__golden__/gate-of-bones-ben.txt');
    await expect(descent.report.svg(view, ctx)).toMatchFileSnapshot('./__golden__/gate-of-bones-ben.svg');
  });

  it('EXD-5: the report context, HTML, render, and a wrong context refused', () => {
    const { result } = play('gate-of-bones');
    const view = result.views.ben!;
    const text = descent.report.text(view, ctx);
    expect(text.startsWith('Halls of Rust (game g-15): turn 1, the report for Ben.\nOrders for turn 2 are due Friday 4 December 2026 at 18:00 GMT')).toBe(true);
    const html = descent.report.html(view, ctx);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('grisban reveals area crypt: monsters skel-2, spider-1; tokens chest-1.');
    expect(descent.report.render(view, ctx)).toEqual({ text, html, svg: descent.report.svg(view, ctx) });
    expect(() => descent.report.text(view, { ...ctx, turn: 2 })).toThrow("report context: turn 2 does not match the view's turn 1 (player ben)");
    expect(descent.report.mapPoints!(view, ['A1', 'H4', 'Z99'])).toEqual([{ x: 40, y: 40 }, { x: 264, y: 136 }, null]);
  });

  it('EXD-7: as each move arrives, the heroes move in the order they choose, then the overlord', () => {
    const { state } = play('gate-of-bones');
    const afterBen = descent.sequential!.move(state, 'ben', []).nextState;
    expect(descent.sequential!.mayMove(afterBen)).toEqual(['anna']);
    expect(() => descent.sequential!.move(afterBen, 'olga', [])).toThrow("it is anna's move, not olga's");
    const afterAnna = descent.sequential!.move(afterBen, 'anna', []).nextState;
    expect(descent.sequential!.mayMove(afterAnna)).toEqual(['olga']);
    const round = descent.sequential!.move(afterAnna, 'olga', []).nextState;
    expect([round.turn, round.moved]).toEqual([state.turn + 1, []]);
  });

  it('EXD-6: fog of war: before the gate opens nobody sees the crypt; the stored state decodes; the contract members', () => {
    const { state, result } = play('gate-of-bones');
    const before = sealTurn(descent.sequential!.move(state, 'anna', [])).views.olga!;
    expect(JSON.stringify(before)).not.toContain('spider-1');
    expect(JSON.stringify(before)).not.toContain('J2');
    expect(before.treasureDeck).toBe(4);
    const stored = JSON.parse(JSON.stringify(result.nextState)) as unknown;
    expect(descent.state.decode(stored)).toEqual(result.nextState);
    expect(() => descent.state.decode({ ...(stored as object), ruleset: 'mepbm' })).toThrow(/not a descent state: ruleset/);
    expect(descent.state.ownerOf(state, 'skel-1')).toBe('olga');
    expect(descent.state.ownerOf(state, 'jain')).toBe('ben');
    expect(descent.state.ownerOf(state, 'spider-1')).toBe('olga');
    expect(descent.state.ownerOf(state, 'nobody')).toBeNull();
    expect(descent.sequential!.mayMove(state)).toEqual(['anna', 'ben']); // the heroes in any order they choose, then the overlord
    expect(descent.orders.template(state, 'anna')).toEqual(['# Grisban the Thirsty (speed 4, fatigue 3) is on A3', 'grisban, advance']);
    expect(descent.board(state).neighbours('F4').map((e) => `${e.to}${e.through === undefined ? '' : ` ${e.through}`}`)).toEqual(['F3', 'G3', 'G4 door', 'G5', 'F5', 'E5', 'E4', 'E3']); // the kernel's free diagonals; the step rules refuse G3 and G5 (a wall line)
    expect(() => descent.scenario.initialState({ ruleset: 'descent' })).toThrow(/not a valid descent scenario: name: /);
    const summaryText = descent.report.summary(result);
    expect(summaryText.split('\n')[0]).toBe(`turn 1: 5 activations, ${result.events.length} events, 1 random draws`);
  });
});
