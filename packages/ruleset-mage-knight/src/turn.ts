// Adjudication: a turn is every player's move in seat order (sequential). One player's move: the hero
// returns to the portal if it is off the map, walks its move order, then the end-of-move rules: ending on
// another hero (an attack with player-vs-player combat, else forced withdrawal), the portal (the hero
// leaves the map), a level reached. Pure: the seeded generator's state is in the state, every draw is
// recorded (the kernel's Rng through the contract's Random), events go to the kernel's EventLog, and the
// kernel's sealTurn gives the result hash.
import { EventLog, Rng, sealTurn, type DrawRecord, type OrderError, type TurnResult } from '@arbiter/engine';
import { Board } from './board.ts';
import type { MkEvent } from './events.ts';
import { HeroWalk, holdsManyHeroes, otherHeroesOn } from './move.ts';
import type { MkOrder, MoveOrder } from './orders.ts';
import { levelFor } from './scenario.ts';
import type { Hero, MkState } from './types.ts';
import { viewFor, type MkView } from './views.ts';

import { heroResults, type HeroResult } from './units.ts';

export type MkTurnResult = TurnResult<MkState, MkEvent, MkView, HeroResult>;

/** Whose move it is: the first player in seat order who has not moved this turn. */
export function toMove(state: MkState): string | null {
  return state.players.find((p) => !state.moved.includes(p.id))?.id ?? null;
}

export function heroOf(state: MkState, player: string): Hero {
  const h = state.heroes.find((x) => x.player === player);
  if (h === undefined) throw new Error(`player ${player} has no hero`);
  return h;
}

function orderError(o: MkOrder, message: string): OrderError {
  return { line: o.line, column: o.column, message, unit: o.hero };
}

/** The one order a hero follows this turn, and the errors of the others it was given. */
export function pickOrder(hero: Hero, orders: readonly MkOrder[]): { order: MkOrder | null; errors: OrderError[] } {
  const mine = orders.filter((o) => o.hero === hero.id);
  const errors: OrderError[] = [];
  const rest = mine.find((o) => o.kind === 'rest');
  if (rest !== undefined) {
    for (const o of mine) {
      if (o.kind === 'move') errors.push(orderError(o, `${hero.id} rests this turn: movement only on a regular turn (not when resting)`));
      else if (o !== rest) errors.push(orderError(o, `${hero.id} already has a rest order this turn`));
    }
    return { order: rest, errors };
  }
  const [first, ...more] = mine;
  for (const o of more) errors.push(orderError(o, `${hero.id} already has a move order this turn (line ${first!.line}); one move per turn`));
  return { order: first ?? null, errors };
}

interface MoveOutcome {
  /** The players who made their move, in the order they moved. */
  players: string[];
  events: MkEvent[];
  rolls: DrawRecord[];
  errors: OrderError[];
}

/** One player's move, on a working copy `s` (changed in place). */
function playMove(s: MkState, player: string, orders: readonly MkOrder[]): MoveOutcome {
  const hero = heroOf(s, player);
  const board = new Board(s);
  const rng = new Rng(s.rng);
  const log = new EventLog<MkEvent>();
  const { order, errors } = pickOrder(hero, orders);
  if (hero.space === null) {
    hero.space = board.portal();
    log.push({ type: 'returned-to-portal', hero: hero.id, space: hero.space });
  }
  let path = [hero.space];
  if (order?.kind === 'rest') log.push({ type: 'rested', hero: hero.id });
  else if (order?.kind === 'move') path = new HeroWalk(s, board, hero, rng, log).run(order as MoveOrder).path;
  endOfMove(s, board, hero, path, log);
  s.rng = rng.state();
  s.spaces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  s.moved.push(player);
  if (s.moved.length === s.players.length) {
    s.turn += 1;
    s.moved = [];
  }
  return { players: [player], events: [...log.events()], rolls: rng.draws().map((r) => ({ ...r })), errors };
}

function endOfMove(s: MkState, board: Board, hero: Hero, path: string[], events: EventLog<MkEvent>): void {
  const at = hero.space!;
  const others = otherHeroesOn(s, hero, at);
  // A hero that did not move ends nothing: it stays where it stood (a scenario may start two heroes together).
  if (path.length > 1 && others.length > 0 && !holdsManyHeroes(board.space(at))) {
    if (s.settings.playerVsPlayer) {
      events.push({ type: 'attack', hero: hero.id, space: at, targets: others.map((h) => h.id) });
    } else {
      // Forced withdrawal: back along the path taken to the last space where the hero may stay, one Wound a space.
      let j = path.length - 1;
      while (j > 0 && otherHeroesOn(s, hero, path[j]!).length > 0 && !holdsManyHeroes(board.space(path[j]!))) j--;
      const back = path.slice(j, path.length - 1).reverse();
      hero.space = path[j]!;
      hero.wounds += back.length;
      events.push({ type: 'forced-withdrawal', hero: hero.id, from: at, to: hero.space, spaces: back, wounds: back.length });
    }
  }
  if (board.space(hero.space!)?.site === 'portal') {
    events.push({ type: 'left-the-map', hero: hero.id, space: hero.space! });
    hero.space = null;
  }
  const level = levelFor(hero.fame, s.settings.levelAt);
  if (level > hero.level) {
    hero.level = level;
    events.push({ type: 'level-up', hero: hero.id, level });
  }
}

function resultOf(before: MkState, next: MkState, outcome: MoveOutcome, priorErrors: readonly OrderError[]): MkTurnResult {
  const turn = before.turn;
  const errors = [...priorErrors, ...outcome.errors];
  const views = Object.fromEntries(next.players.map((p) => [p.id, viewFor(next, p.id, turn, outcome.events, errors)]));
  const units = heroResults(before, next, outcome.players, outcome.events);
  return sealTurn({ turn, units, events: outcome.events, rolls: outcome.rolls, errors, views, nextState: next });
}

/** Orders for heroes nobody in this game has, as errors. */
function unknownHeroErrors(state: MkState, orders: readonly MkOrder[]): OrderError[] {
  const ids = new Set(state.heroes.map((h) => h.id));
  return orders.filter((o) => !ids.has(o.hero)).map((o) => orderError(o, `${JSON.stringify(o.hero)} is not a hero of this game (heroes: ${[...ids].join(', ')})`));
}

/** One player's move (the sequential member of the contract): only that player's hero's orders count. */
export function moveOne(state: MkState, player: string, orders: readonly MkOrder[]): MkTurnResult {
  const next = toMove(state);
  if (next !== player) throw new Error(`it is ${next ?? 'nobody'}'s move, not ${player}'s`);
  const hero = heroOf(state, player);
  const foreign = orders.filter((o) => o.hero !== hero.id).map((o) => orderError(o, `${o.hero} is not ${player}'s hero (${hero.id} is)`));
  const s = structuredClone(state);
  const outcome = playMove(s, player, orders);
  return resultOf(state, s, outcome, foreign);
}

/** The whole turn: each remaining player's move in seat order, with the orders of every player. */
export function adjudicateTurn(state: MkState, orders: readonly MkOrder[], options?: { orderErrors?: readonly OrderError[] }): MkTurnResult {
  const s = structuredClone(state);
  const early = [...(options?.orderErrors ?? []), ...unknownHeroErrors(state, orders)];
  for (const pid of state.moved) {
    const h = heroOf(state, pid);
    for (const o of orders.filter((x) => x.hero === h.id)) early.push(orderError(o, `${h.id} has already moved this turn`));
  }
  const all: MoveOutcome = { players: [], events: [], rolls: [], errors: [] };
  for (const p of state.players) {
    if (state.moved.includes(p.id)) continue;
    const out = playMove(s, p.id, orders);
    all.players.push(...out.players);
    all.events.push(...out.events);
    all.rolls.push(...out.rolls);
    all.errors.push(...out.errors);
  }
  return resultOf(state, s, all, early);
}
