// The example scenarios in examples/scenarios/guards-of-atlantis/, adjudicated through the
// `guardsOfAtlantis` contract value: the outcome in words (the summary), the result hash, and the golden
// text report and SVG map of the first one (vitest file snapshots: with the root config's `update: 'none'`
// a missing or different golden file fails; `npm run test:update-golden` rewrites them, for review).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sealTurn, type ReportContext } from '@arbiter/engine';
import { guardsOfAtlantis as goa } from '../src/index.ts';

const dir = new URL('../../../examples/scenarios/guards-of-atlantis/', import.meta.url);

function play(name: string) {
  const doc: unknown = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));
  const parsed = goa.scenario.parse(doc);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.issues)}`);
  const state = goa.scenario.initialState(parsed.scenario);
  const orders = goa.orders.parse(goa.scenario.orderText(parsed.scenario));
  const result = sealTurn(goa.adjudicate(state, orders.orders, { orderErrors: orders.errors }));
  return { state, orders, result };
}

const ctx: ReportContext = {
  gameName: 'Tidemaster Crossing',
  gameId: 'g-16',
  turn: 1,
  nextDeadline: new Date('2026-12-04T18:00:00Z'),
  timeZone: 'Europe/London',
  playerName: 'Ben',
};

describe('example scenarios', () => {
  it('EXG-1: tidemaster-crossing: Xargatha\'s gaze holds Arien to 1 space, Brogan fast travels to zone A, Tigerclaw runs into Xargatha', async () => {
    const { orders, result } = play('tidemaster-crossing');
    expect(orders.errors).toEqual([]);
    expect(goa.report.summary(result)).toBe(
      [
        "turn 1: 4 heroes, 15 events, 0 random draws",
        "  arien (ben) arien-blue: moves 0404 -> 0304; stopped: the step to 0204 is past the movement value (1 of 1 spaces moved)",
        "  brogan (cleo) brogan-silver: fast travels 0206 -> 0202",
        "  xargatha (dana) xargatha-undertow: moves 0604 -> 0504",
        "  tigerclaw (eli) tigerclaw-red: moves 0803 -> 0703; stopped: 0604 holds hero Xargatha: an obstacle",
        "hash 32a85b927d5188938bf928fe0e85eca6a02f82380a4f98d13c460a2fab99290b",
      ].join('\n') + '\n',
    );
    expect(result.rolls).toEqual([]);
    const view = result.views.ben!;
    await expect(goa.report.text(view, ctx)).toMatchFileSnapshot('./__golden__/tidemaster-crossing-ben.txt');
    await expect(goa.report.svg(view, ctx)).toMatchFileSnapshot('./__golden__/tidemaster-crossing-ben.svg');
  });

  it('EXG-2: two-lanes: all four tied at initiative 8, the coin drawn (blue), Brogan\'s Fast Travel into zone G blocks Tigerclaw\'s', () => {
    const { orders, result } = play('two-lanes');
    expect(orders.errors).toEqual([]);
    expect(goa.report.summary(result)).toBe(
      [
        "turn 3: 4 heroes, 15 events, 1 random draws",
        "  arien (ben) arien-blue: moves 0405 -> 0505 -> 0605 -> 0705",
        "  brogan (cleo) brogan-silver: fast travels 0403 -> 0603",
        "  xargatha (dana) xargatha-red: moves 0905 -> 0805; stopped: 0705 holds hero Arien: an obstacle",
        "  tigerclaw (eli) tigerclaw-blue: stays on 0903; stopped: zone G holds enemies (hero Brogan)",
        "hash 5dadeb39f7492b877723d65b0c4d690086ecdf013cc2adf99fe846d7e995c703",
      ].join('\n') + '\n',
    );
    expect(result.rolls).toEqual([{ purpose: 'tie-breaker-coin', sides: 2, value: 1, initiative: 8 }]);
    expect(result.nextState.coin).toBe('red');
    expect(result.events.filter((e) => e.type === 'card-resolved').map((e) => (e as { hero: string }).hero)).toEqual(['arien', 'brogan', 'xargatha', 'tigerclaw']);
  });

  it('EXG-3: card-text-currents: an exact card-text move blocked stops the action, a card-text movement action fast travels', () => {
    const { orders, result } = play('card-text-currents');
    expect(orders.errors).toEqual([]);
    expect(goa.report.summary(result)).toBe(
      [
        "turn 1: 4 heroes, 12 events, 0 random draws",
        "  arien (ben) arien-long: stays on 0305; stopped: Riptide's text moves Arien exactly 2 spaces, and 0505 holds blue minion blue-1: an obstacle: Arien does not move and the action stops at that step",
        "  brogan (cleo) brogan-silver: stays on 0206; stopped: 0305 holds hero Arien: an obstacle",
        "  xargatha (dana) xargatha-blue: stays on 0604; stopped: zone D, which Xargatha would leave, holds enemies (blue minion blue-1)",
        "  tigerclaw (eli) tigerclaw-riptide: fast travels 0803 -> 0805; stopped: 0704 is terrain: an obstacle",
        "hash 3ab007926616750ae04f876f6b904849fce0b838b00397e77953c830c41a7ddd",
      ].join('\n') + '\n',
    );
  });

  it('replays every example to the same hash', () => {
    for (const name of ['tidemaster-crossing', 'two-lanes', 'card-text-currents']) expect(play(name).result.hash).toBe(play(name).result.hash);
  });
});
