// A turn: every crew's orders at once. Each runner with a move order rolls a d6 (recorded): at or below
// the scenario's `stumbleOn` it stumbles and takes only its first step. Runners walk their steps; a wall
// or the board's edge stops a runner where it is; entering the lantern's square ends a run there. When
// runners of several crews reach the lantern in one turn, one d(n) draw (recorded) picks who lifts it;
// the first crew to lift it wins the race, and no order is carried out after that.
import { EventLog, Rng, outcomeWithViews, type OrderError, type TurnOutcome } from '@arbiter/engine';
import { walk } from './orders.ts';
import type { LrEvent, LrOrder, LrState, LrView, RunnerResult } from './types.ts';
import { viewFor } from './views.ts';

export type LrTurnOutcome = TurnOutcome<LrState, LrEvent, LrView, RunnerResult>;

export function adjudicate(state: LrState, orders: readonly LrOrder[], options: { orderErrors?: readonly OrderError[] } = {}): LrTurnOutcome {
  const rng = new Rng(state.rng);
  const log = new EventLog<LrEvent>();
  const runners = state.runners.map((r) => ({ ...r }));
  const units: RunnerResult[] = [];
  const orderOf = new Map<string, LrOrder>();
  for (const o of orders) if (!orderOf.has(o.runner)) orderOf.set(o.runner, o);
  const reached: string[] = [];
  for (const runner of runners) {
    const order = state.winner === null ? orderOf.get(runner.id) : undefined;
    const unit: RunnerResult = { runner: runner.id, crew: runner.crew, order: order?.kind ?? 'none', from: runner.at, to: runner.at, stumbled: false };
    units.push(unit);
    if (order === undefined) continue;
    if (order.kind === 'hold') {
      log.push({ type: 'held', runner: runner.id, crew: runner.crew, at: runner.at });
      continue;
    }
    const roll = rng.draw('stumble', 6, { runner: runner.id, square: runner.at }) + 1;
    let steps = order.steps.slice(0, state.settings.speed);
    if (roll <= state.settings.stumbleOn) {
      unit.stumbled = true;
      steps = steps.slice(0, 1);
      log.push({ type: 'stumbled', runner: runner.id, crew: runner.crew, at: runner.at, roll });
    }
    const { path, blocked } = walk(state, runner.at, steps);
    if (path.length > 1) log.push({ type: 'moved', runner: runner.id, crew: runner.crew, path });
    runner.at = path[path.length - 1]!;
    unit.to = runner.at;
    if (blocked !== null) log.push({ type: 'blocked', runner: runner.id, crew: runner.crew, at: runner.at, direction: blocked });
    if (runner.at === state.lantern) {
      reached.push(runner.id);
      log.push({ type: 'reached-lantern', runner: runner.id, crew: runner.crew, at: runner.at });
    }
  }
  let winner = state.winner;
  if (winner === null && reached.length > 0) {
    const pick = reached.length === 1 ? 0 : rng.draw('lantern', reached.length, { square: state.lantern });
    const first = runners.find((r) => r.id === reached[pick])!;
    winner = { crew: first.crew, runner: first.id, turn: state.turn };
    log.push({ type: 'won', runner: first.id, crew: first.crew, contenders: reached });
  }
  const nextState: LrState = { ...state, turn: state.turn + 1, runners, winner, rng: rng.state() };
  const events = [...log.events()];
  const errors = [...(options.orderErrors ?? [])];
  const holding = new Set(units.filter((u) => u.order === 'hold').map((u) => u.runner));
  const views: Record<string, LrView> = {};
  for (const p of state.players) views[p.id] = viewFor(nextState, p.id, state.turn, events, errors, holding);
  return outcomeWithViews({ turn: state.turn, units, events, rolls: [...rng.draws()], errors, views, nextState });
}
