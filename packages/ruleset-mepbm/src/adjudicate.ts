// Simultaneous turn resolution in pulses (docs/rules-mepbm.md "Turn resolution"). Pure: the same state and
// orders give byte-identical results, whatever order the orders come in.
//
// Model in brief: pulse 0 is the start of the turn (character orders 810/825 happen here, before any
// army moves); pulses 1..14 are days. A unit that starts a step of cost c at pulse t arrives at t+c.
// While a step is under way the unit is "on the road": it still counts as being in its origin hex for
// reports, but it neither blocks nor is blocked, sees nor is seen. At each pulse all arrivals happen
// first, then every unit at rest that has an order entry left tries its next entry. An army that entered
// its hex by movement this turn must get past the hex's blockers (the seed's four-step order) to leave;
// the armies leaving a hex on one pulse leave together. Units are taken in canonical order (by id), so the
// game state's unit list decides nothing; ties that matter are drawn. Armies eat at pulse 0 (food.ts).
//
// The phases are in src/resolve/, one file each: events.ts (the event union), model.ts (the resolution's
// working types), resolution.ts (set-up), emit.ts (events into the log), order-phase.ts (pulse 0),
// pulses.ts (the scheduler) with steps.ts, stops.ts, presence.ts, interception.ts and sightings.ts,
// join.ts (870), results.ts. The turn is not sealed here (issue 30): each nation's view is built when
// asked (views.ts), and the kernel's seal writes the result's bytes through turn-hash.ts's writer.
import type { Order } from './orders.ts';
import type { GameState } from './state.ts';
import { each } from './each.ts';
import { viewSource } from './views.ts';
import type { AdjudicateOptions, TurnOutcome } from './resolve/events.ts';
import { newResolution, startUnits } from './resolve/resolution.ts';
import { applyOrders, characterMove, setUpMover } from './resolve/order-phase.ts';
import { runPulses, stayPut } from './resolve/pulses.ts';
import { moveAndJoin } from './resolve/join.ts';
import { sealWriter } from './resolve/turn-hash.ts';
import { observeHex, sightNearby } from './resolve/sightings.ts';
import { buildNextState, unitResults } from './resolve/results.ts';

export function adjudicate(state: GameState, orders: readonly Order[], options: AdjudicateOptions = {}): TurnOutcome {
  const r = newResolution(state);
  // The turn in phases, each a function of its own, looping over small per-item functions; this function
  // has no loop of its own. The optimising compiler then works on code that runs many times per turn,
  // instead of one huge function that runs once per turn and is compiled (and thrown away) mid-loop.
  startUnits(r, state);
  const errors = applyOrders(r, orders, options);
  each(r, r.units, characterMove);
  each(r, r.units, setUpMover);
  each(r, r.present, observeHex);
  runPulses(r);
  each(r, r.units, stayPut);
  each(r, r.units, moveAndJoin);
  sightNearby(r);

  // Results and the next state; the views when asked, the seal's bytes when sealed.
  const units = unitResults(r);
  const nextState = buildNextState(state, r);
  const body = { turn: state.turn, units, events: r.events, rolls: r.rng.records, errors, nextState };
  const views = viewSource(r, units, state.turn, nextState.units);
  return { ...body, players: views.nations, view: views.view, writer: sealWriter(body, views.json) };
}
