// Adjudication: a turn is every player's move in seat order (the kernel's `seat` preset, played by its
// `sequentialPlay`). One player's move: the hero
// returns to the portal if it is off the map, walks its move order, then the end-of-move rules: ending on
// another hero (an attack with player-vs-player combat, else forced withdrawal), the portal (the hero
// leaves the map), a level reached. Pure: the seeded generator's state is in the state, every draw is
// recorded (the kernel's Rng through the contract's Random), events go to the kernel's EventLog, and the
// kernel seals the result.
import { sequentialPlay, type EventLog, type OrderError, type Rng, type TurnResult, type TurnStructure } from '@arbiter/engine';
import { Board } from './board.ts';
import type { MkEvent } from './events.ts';
import { HeroWalk, holdsManyHeroes, otherHeroesOn } from './move.ts';
import type { MkOrder, MoveOrder } from './orders.ts';
import { levelFor } from './scenario.ts';
import type { Hero, MkState } from './types.ts';
import { viewFor, type MkView } from './views.ts';

import { heroResults, type HeroResult } from './units.ts';

export type MkTurnResult = TurnResult<MkState, MkEvent, MkView, HeroResult>;

export const TURN_STRUCTURE: TurnStructure = { kind: 'sequential', order: 'seat' };

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

/** One player's move, on the round's working copy `s` (changed in place): the mistakes found. */
function playMove(s: MkState, player: string, orders: readonly MkOrder[], rng: Rng, log: EventLog<MkEvent>): OrderError[] {
  const hero = heroOf(s, player);
  const board = new Board(s);
  const { order, errors } = pickOrder(hero, orders);
  if (hero.space === null) {
    hero.space = board.portal();
    log.push({ type: 'returned-to-portal', hero: hero.id, space: hero.space });
  }
  let path = [hero.space];
  if (order?.kind === 'rest') log.push({ type: 'rested', hero: hero.id });
  else if (order?.kind === 'move') path = new HeroWalk(s, board, hero, rng, log).run(order as MoveOrder).path;
  endOfMove(s, board, hero, path, log);
  s.spaces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return errors;
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

/** Orders for heroes nobody in this game has, as errors. */
function unknownHeroErrors(state: MkState, orders: readonly MkOrder[]): OrderError[] {
  const ids = new Set(state.heroes.map((h) => h.id));
  return orders.filter((o) => !ids.has(o.hero)).map((o) => orderError(o, `${JSON.stringify(o.hero)} is not a hero of this game (heroes: ${[...ids].join(', ')})`));
}

/** The round in seat order (the kernel's `seat` preset): one move a player, each as it arrives or all at the deadline. */
const play = sequentialPlay<MkState, MkOrder, MkEvent, MkView, HeroResult>({
  structure: TURN_STRUCTURE,
  seats: (state) => state.players.map((p) => ({ id: p.id })),
  screenRound: (state, orders) => [
    ...unknownHeroErrors(state, orders),
    ...state.moved.flatMap((pid) => {
      const h = heroOf(state, pid);
      return orders.filter((x) => x.hero === h.id).map((o) => orderError(o, `${h.id} has already moved this turn`));
    }),
  ],
  // Only the mover's hero's orders count.
  screenMove: (state, player, orders) => {
    const hero = heroOf(state, player);
    return orders.filter((o) => o.hero !== hero.id).map((o) => orderError(o, `${o.hero} is not ${player}'s hero (${hero.id} is)`));
  },
  play: (s, players, orders, rng, log) => players.flatMap((p) => playMove(s, p, orders, rng, log)),
  view: viewFor,
  units: heroResults,
});

/** Who may move now: the first player in seat order who has not moved this turn. */
export const mayMove = play.mayMove;
/** One player's move (the sequential member of the contract): only that player's hero's orders count. */
export const moveOne = play.move;
/** The whole turn: each remaining player's move in seat order, with the orders of every player. */
export const adjudicateTurn = play.adjudicate;
