// Lantern Run's rules, one case per rule sentence of its README, in its own order syntax. Pure: the
// ruleset value only, no services.
import { StateDecodeError, sealTurn } from '@arbiter/engine';
import { describe, expect, it } from 'vitest';
import { ruleset } from '../src/ruleset.ts';
import type { LrState } from '../src/types.ts';

/** A 6x5 board with a wall between C2 and D2, the lantern on F3, crews anna (scout on A1) and ben (otter on D4). */
function game(settings: Record<string, number> = {}, extra: Record<string, unknown> = {}): LrState {
  const parsed = ruleset.scenario.parse({
    ruleset: 'lantern-run',
    seed: 7,
    settings: { speed: 2, sight: 2, stumbleOn: 0, ...settings },
    board: { columns: 6, rows: 5, walls: [['C2', 'D2']] },
    lantern: 'F3',
    crews: [
      { id: 'anna', name: 'Anna', runners: [{ id: 'scout', at: 'A1' }] },
      { id: 'ben', name: 'Ben', runners: [{ id: 'otter', at: 'D4' }] },
    ],
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return ruleset.scenario.initialState(parsed.scenario);
}

const parse = (text: string) => ruleset.orders.parse(text);
const check = (state: LrState, crew: string, text: string) => ruleset.orders.check(state, crew, parse(text).orders);
const play = (state: LrState, text: string) => sealTurn(ruleset.adjudicate(state, parse(text).orders));

describe('orders', () => {
  it('a move names up to four directions; hold names none; comments and case do not matter', () => {
    const { orders, errors } = parse('Scout, MOVE, e, SE   # off we go\n; a comment line\notter, hold');
    expect(errors).toEqual([]);
    expect(orders.map((o) => ruleset.orders.print(o))).toEqual(['scout, move, e, se', 'otter, hold']);
    expect(orders.map((o) => ruleset.orders.describe(o))).toEqual(['scout runs east, then south-east', 'otter holds and looks out']);
  });

  it('every mistake comes back with its line and column, and a line with a mistake gives no order', () => {
    const { orders, errors } = parse('scout, jump\nscout, move\nscout, move, e, north\nscout, hold, now\n7up, hold\nscout, move, e,, e\nscout, move, e, e, e, e, e');
    expect(orders).toEqual([]);
    expect(errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '1:8 "jump" is not an order; write move or hold',
      '2:8 write the steps after move, one direction each: n, ne, e, se, s, sw, w, nw',
      '3:17 "north" is not a direction; use n, ne, e, se, s, sw, w, nw',
      '4:14 hold takes nothing after it',
      '5:1 "7up" is not a runner id (letters, digits and -, starting with a letter)',
      '6:16 an empty step (two commas in a row)',
      '7:26 too many steps (5; a runner takes at most 4)',
    ]);
  });

  it('checks: a crew orders only its own runners, one order each, at most `speed` steps, never through a wall or off the board', () => {
    const state = game();
    const results = check(state, 'anna', 'otter, hold\nscout, move, e, e, e\nscout, move, n\nscout, move, e\nscout, hold');
    expect(results.map((r) => `${r.status}: ${r.reason ?? r.preview}`)).toEqual([
      'rejected: your crew has no runner "otter"',
      'rejected: a runner takes at most 2 steps a turn; this move has 3',
      'rejected: from A1 there is no step n (a wall or the edge of the board)',
      'accepted: from A1 to B1',
      'rejected: scout already has an order on line 4',
    ]);
    expect(check({ ...state, runners: [{ id: 'scout', crew: 'anna', at: 'C2' }, ...state.runners.slice(1)] }, 'anna', 'scout, move, e')[0]!.reason).toBe(
      'from C2 there is no step e (a wall or the edge of the board)',
    );
  });

  it('a run ends on the lantern: the steps after it are not taken, and the receipt warns', () => {
    const [d] = check(game({ speed: 3 }), 'ben', 'otter, move, ne, n, w');
    expect(d).toMatchObject({ status: 'accepted', previewPath: ['E3', 'E2', 'D2'], warnings: [] });
    const [e] = check(game({ speed: 3 }), 'ben', 'otter, move, e, ne, e');
    expect(e).toMatchObject({ status: 'accepted', previewPath: ['E4', 'F3'], warnings: ['the run ends at the lantern on F3; the steps after it are not taken'] });
  });

  it('an order file sent under any name is recognised by its first line', () => {
    expect(ruleset.orders.recognises?.('# Lantern Run orders\r\nscout, hold')).toBe(true);
    expect(ruleset.orders.recognises?.('\uFEFF#lantern run orders')).toBe(true);
    expect(ruleset.orders.recognises?.('scout, hold\n# Lantern Run orders')).toBe(false);
  });
});

describe('a turn', () => {
  it('each moving runner rolls a d6, recorded with the runner and its square; at or below stumbleOn it takes its first step only', () => {
    const outcomes = new Set<boolean>();
    for (let seed = 1; seed <= 12; seed++) {
      const r = play(game({ stumbleOn: 3 }, { seed }), 'scout, move, e, e\notter, hold');
      expect(r.rolls).toEqual([{ purpose: 'stumble', runner: 'scout', square: 'A1', sides: 6, value: expect.any(Number) }]);
      const stumbled = r.rolls[0]!.value + 1 <= 3;
      outcomes.add(stumbled);
      expect(r.units.map((u) => `${u.runner} ${u.order} ${u.from}->${u.to} ${u.stumbled}`)).toEqual([`scout move A1->${stumbled ? 'B1' : 'C1'} ${stumbled}`, 'otter hold D4->D4 false']);
    }
    expect([...outcomes].sort()).toEqual([false, true]);
    const never = play(game({ stumbleOn: 0 }), 'scout, move, e, e');
    expect(never.units[0]).toMatchObject({ to: 'C1', stumbled: false });
  });

  it('the first runner to reach the lantern wins the race for its crew; after that no order is carried out and every order is refused', () => {
    const won = play(game(), 'otter, move, e, ne');
    expect(won.events.at(-1)).toEqual({ type: 'won', runner: 'otter', crew: 'ben', contenders: ['otter'] });
    expect(won.nextState.winner).toEqual({ crew: 'ben', runner: 'otter', turn: 1 });
    const after = play(won.nextState, 'scout, move, e');
    expect(after.units[0]).toMatchObject({ order: 'none', to: 'A1' });
    expect(check(won.nextState, 'anna', 'scout, hold')[0]!.reason).toBe('the race is over: otter of ben reached the lantern on turn 1');
  });

  it('runners of several crews on the lantern in one turn: one recorded draw picks who lifted it', () => {
    const state = game({}, { crews: [
      { id: 'anna', name: 'Anna', runners: [{ id: 'scout', at: 'F1' }] },
      { id: 'ben', name: 'Ben', runners: [{ id: 'otter', at: 'F5' }] },
    ] });
    const r = play(state, 'scout, move, s, s\notter, move, n, n');
    const draw = r.rolls.find((d) => d.purpose === 'lantern');
    expect(draw).toEqual({ purpose: 'lantern', sides: 2, square: 'F3', value: expect.any(Number) });
    expect(r.nextState.winner!.runner).toBe(['scout', 'otter'][draw!.value]);
    expect(r.events.at(-1)).toMatchObject({ type: 'won', contenders: ['scout', 'otter'] });
  });

  it('the same state and orders give the same result, hash included (the random source is in the state)', () => {
    const a = play(game({ stumbleOn: 3 }), 'scout, move, e, e\notter, move, w, w');
    const b = play(game({ stumbleOn: 3 }), 'scout, move, e, e\notter, move, w, w');
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);
    expect(a.nextState.rng).not.toEqual(game().rng);
  });
});

describe('views', () => {
  it('a crew sees within `sight` of its runners (one further around a runner that held), and the rivals and events there only', () => {
    const r = play(game(), 'scout, hold\notter, move, w');
    expect(r.views.anna!.seen).toEqual(['A1', 'B1', 'C1', 'D1', 'A2', 'B2', 'C2', 'D2', 'A3', 'B3', 'C3', 'D3', 'A4', 'B4', 'C4', 'D4']);
    expect(r.views.anna!.runners.map((x) => `${x.id} ${x.at}`)).toEqual(['scout A1', 'otter C4']);
    const quiet = play(game(), 'otter, move, e');
    expect(quiet.views.anna!.runners.map((x) => x.id)).toEqual(['scout']);
    expect(quiet.views.anna!.events).toEqual([]);
    expect(quiet.views.ben!.events).toEqual([{ type: 'moved', runner: 'otter', crew: 'ben', path: ['D4', 'E4'] }]);
  });

  it('a report in text and HTML with the map drawn once, and a map point for each square of the board', () => {
    const r = play(game(), 'scout, move, e');
    const ctx = { gameName: 'Test', gameId: 'g1', turn: 1, nextDeadline: null, timeZone: 'UTC', playerName: 'Anna' };
    const out = ruleset.report.render(r.views.anna!, ctx);
    expect(out.text).toContain('scout (anna) ran A1 to B1.');
    expect(out.html).toContain(out.svg.trimEnd());
    expect(ruleset.report.mapPoints?.(r.views.anna!, ['A1', 'F5', 'Z9'])).toEqual([{ x: 36, y: 48 }, { x: 236, y: 208 }, null]);
  });
});

describe('scenarios and stored states', () => {
  it('every problem of a scenario comes back at its JSON path', () => {
    const r = ruleset.scenario.parse({
      ruleset: 'lantern-run',
      seed: 1,
      board: { columns: 3, rows: 3, walls: [['A1', 'B2'], ['A1', 'D1']] },
      lantern: 'C3',
      crews: [{ id: 'a', name: 'A', runners: [{ id: 'x', at: 'C3' }, { id: 'x', at: 'A9' }] }],
    });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: 'board.walls[0]', message: 'a wall stands between two squares side by side; A1 and B2 are not' },
      { path: 'board.walls[1][1]', message: 'D1 is not on the board (A1 to C3)' },
      { path: 'board.walls[1]', message: 'a wall stands between two squares side by side; A1 and D1 are not' },
      { path: 'crews[0].runners[0].at', message: 'a runner may not start on the lantern' },
      { path: 'crews[0].runners[1].id', message: 'runner x is listed twice' },
      { path: 'crews[0].runners[1].at', message: 'A9 is not on the board (A1 to C3)' },
    ]);
  });

  it('a stored value that is not a Lantern Run state is a StateDecodeError naming the path', () => {
    const state = game();
    expect(ruleset.state.decode(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(() => ruleset.state.decode({ ...state, runners: [{ id: 'scout', crew: 'anna' }] })).toThrow(
      new StateDecodeError('not a lantern-run state: runners[0].at: Invalid input: expected string, received undefined'),
    );
  });
});
