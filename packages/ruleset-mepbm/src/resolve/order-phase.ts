// Pulse 0, the order phase: the orders are judged (validate.ts), rejected ones become events and errors,
// characters move (810, 825) before any army does, and every mover is set up for the pulses.
import { turnSide } from '@arbiter/engine';
import { DIRECTIONS, DIRECTION_INDEX } from '@arbiter/engine';
import type { Order } from '../orders.ts';
import { MP_FORCE_MARCH, MP_MOVE, MP_NAVY, costTableFor } from '../paths.ts';
import type { ArmyState, NavyState } from '../state.ts';
import type { OrderError } from '../types.ts';
import { each } from '../each.ts';
import { judgeOrders } from '../validate.ts';
import type { OrderVerdict } from '../validate.ts';
import { emit, onlyOf } from './emit.ts';
import type { AdjudicateOptions } from './events.ts';
import { hexIdOf } from './model.ts';
import type { RUnit, Resolution } from './model.ts';
import { moraleLoss } from './steps.ts';
import { addPresent, detach, removePresent } from './presence.ts';

/** Orders in canonical order, with the checks shared with the receipt; returns the turn's order errors. */
export function applyOrders(r: Resolution, orders: readonly Order[], options: AdjudicateOptions): OrderError[] {
  const verdicts = judgeOrders(r.world, orders);
  const errors: OrderError[] = [...(options.orderErrors ?? [])];
  each({ r, errors }, verdicts, applyVerdict);
  errors.sort((a, b) => a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  return errors;
}

export function applyVerdict(c: { r: Resolution; errors: OrderError[] }, v: OrderVerdict): void {
  if (v.accepted === null) rejectOrder(c.r, v.order, v.reason, c.errors);
  else {
    const u = c.r.byId.get(v.accepted.unit.id)!;
    u.order = v.accepted;
    u.orderKind = v.order.kind;
  }
}

export function rejectOrder(r: Resolution, o: Order, reason: string | undefined, errors: OrderError[]): void {
  errors.push({ line: o.line, column: o.column, unit: o.unit, message: reason ?? 'rejected' });
  const owner = r.byId.get(o.unit)?.nation;
  r.events.push({
    column: o.column,
    line: o.line,
    message: `order "${o.unit}, ${o.code}" on line ${o.line} was rejected: ${reason ?? ''}`,
    nations: owner === undefined ? [] : [owner],
    pulse: 0,
    type: 'order-rejected',
    unit: o.unit,
  });
}

/** Pulse 0, before movement: character moves and spells (they leave their army first). */
export function characterMove(r: Resolution, u: RUnit): void {
  if (u.orderKind !== 'character-move' && u.orderKind !== 'movement-spell') return;
  const o = u.order!;
  if (o.order.kind !== 'character-move' && o.order.kind !== 'movement-spell') return;
  const from = u.hex;
  const left = u.carrier;
  detach(r, u);
  removePresent(r, u);
  u.hex = o.dest!;
  addPresent(r, u);
  const spell = o.order.kind === 'movement-spell' ? o.order.spell : undefined;
  emit(r, {
    type: 'character-moved',
    pulse: 0,
    unit: u.id,
    from: hexIdOf(r, from),
    to: hexIdOf(r, u.hex),
    order: o.order.code,
    ...(spell !== undefined ? { spell } : {}),
    ...(left !== null ? { left: left.id } : {}),
    message: `${u.id} ${left !== null ? `left ${left.id} and ` : ''}${spell !== undefined ? `cast spell ${spell} and ` : ''}moved from ${hexIdOf(r, from)} to ${hexIdOf(r, u.hex)}`,
    nations: onlyOf(r, u.nation),
  });
}

/** Movement orders: set up movers, morale for unfed ones, boarding and disembarking; 840 sides. */
export function setUpMover(r: Resolution, u: RUnit): void {
  const k = u.orderKind;
  if (k !== 'stand-and-defend' && k !== 'army-move' && k !== 'navy-move') return;
  const o = u.order!;
  const ord = o.order;
  if (ord.kind === 'stand-and-defend') {
    const d = DIRECTION_INDEX[ord.dir];
    u.defends = (1 << d) | (1 << turnSide(d, -1)) | (1 << turnSide(d, 1));
    const sides = DIRECTIONS.filter((_, i) => (u.defends & (1 << i)) !== 0);
    r.events.push({
      hex: hexIdOf(r, u.hex),
      message: `${u.id} stands and defends ${hexIdOf(r, u.hex)} on its ${sides.join(', ')} sides`,
      nations: onlyOf(r, u.nation),
      pulse: 0,
      sides,
      type: 'standing',
      unit: u.id,
    });
    return;
  }
  if (ord.kind !== 'army-move' && ord.kind !== 'navy-move') return;
  u.plan = ord.steps;
  u.evasive = ord.evasive;
  u.done = false;
  if (ord.kind === 'army-move') {
    const a = u.state as ArmyState;
    u.mode = 'army';
    u.budget = ord.code === 860 ? MP_FORCE_MARCH : MP_MOVE;
    u.table = costTableFor(a.troops);
    u.fed = u.food!.fed;
    if (o.disembark) {
      const navy = u.carrier!;
      detach(r, u);
      addPresent(r, u);
      r.events.push({
        hex: hexIdOf(r, u.hex),
        message: `${u.id} marched ashore from ${navy.id} at ${hexIdOf(r, u.hex)}`,
        nations: onlyOf(r, u.nation),
        navy: navy.id,
        pulse: 0,
        type: 'disembarked',
        unit: u.id,
      });
    }
    if (!u.fed) moraleLoss(r, u);
  } else {
    u.mode = 'navy';
    u.budget = MP_NAVY;
    if (u.kind === 'army') {
      const a = u.state as ArmyState;
      const convoy = o.convoy!.map((n) => r.byId.get(n.id)!);
      const armyFed = u.food!.fed;
      u.fed = armyFed && convoy.every((n) => (n.state as NavyState).food > 0);
      if (!armyFed) moraleLoss(r, u);
      for (const n of convoy) {
        removePresent(r, n);
        n.carrier = u;
        u.passengers.push(n);
        if ((n.state as NavyState).food <= 0) moraleLoss(r, n);
      }
      const transports = convoy.reduce((t, n) => t + (n.state as NavyState).ships.transports, 0);
      r.events.push({
        hex: hexIdOf(r, u.hex),
        message: `${u.id} boarded ${convoy.map((n) => n.id).join(', ')} at ${hexIdOf(r, u.hex)} (${o.transportsNeeded ?? 0} transports needed, ${transports} available)`,
        nations: onlyOf(r, u.nation),
        navies: convoy.map((n) => n.id),
        pulse: 0,
        transports,
        transportsNeeded: o.transportsNeeded ?? 0,
        type: 'boarded',
        unit: u.id,
      });
    } else {
      const n = u.state as NavyState;
      u.fed = n.food > 0;
      if (!u.fed) moraleLoss(r, u);
    }
  }
}
