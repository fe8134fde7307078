// Order checks against the open turn's state (the receipt): accepted or rejected, with the path as if
// no other figure moved first and the MP left, in words. The preview draws nothing: a chest's treasure
// is drawn at adjudication.
import { EventLog, type OrderCheck } from '@arbiter/engine';
import type { DsEvent } from './events.ts';
import { Activation } from './move.ts';
import { DIRECTION_WORDS, describeOrder, type DsOrder } from './orders.ts';
import { pickOrders } from './turn.ts';
import type { DsState } from './types.ts';

type Check = OrderCheck<DsOrder>;

function previewOf(state: DsState, order: DsOrder): { words: string; path: string[]; warnings: string[] } {
  const s = structuredClone(state);
  const f = s.figures.find((x) => x.id === order.figure)!;
  const log = new EventLog<DsEvent>();
  const { path } = new Activation(s, f, null, log).run(order);
  const parts: string[] = [];
  const warnings: string[] = [];
  for (const e of log.events()) {
    switch (e.type) {
      case 'activation-started':
        parts.push(`${e.mp} MP from ${e.square ?? 'town'}`);
        break;
      case 'moved':
        parts.push(`${DIRECTION_WORDS[e.direction as keyof typeof DIRECTION_WORDS]} to ${e.to} (${e.mpLeft} MP left)`);
        break;
      case 'fatigue-spent':
        parts.push(`${e.points} fatigue for MP (${e.mpLeft} MP left)`);
        break;
      case 'attack-declared':
        parts.push(`attacks ${e.target} from ${e.square}`);
        break;
      case 'door-opened':
      case 'door-closed':
        parts.push(`${e.type === 'door-opened' ? 'opens' : 'closes'} door ${e.door} (${e.mpLeft} MP left)`);
        break;
      case 'area-revealed':
        warnings.push(`reveals area ${e.area}: what follows depends on what is found there`);
        break;
      case 'aura-wound':
        warnings.push(`moving into ${e.square} next to ${e.by} (Aura) costs 1 wound`);
        break;
      case 'fell-into-pit':
        warnings.push(`${e.square} is a pit: the figure falls in (1 wound)`);
        break;
      case 'refused':
        warnings.push(`entry ${e.entry}: ${e.message}; the figure would stop there`);
        break;
      case 'moved-back':
        warnings.push(`${e.reason}: back to ${e.to}`);
        break;
      case 'activation-ended':
        parts.push(`ends on ${e.square ?? 'town'} with ${e.mp - e.spent} MP left`);
        break;
      case 'chest-opened':
      case 'climbed-out':
      case 'jumped':
      case 'token-picked-up':
      case 'item-dropped':
      case 'potion-drunk':
      case 're-equipped':
      case 'item-given':
      case 'went-to-town':
      case 'came-from-town':
      case 'took-stairs':
        parts.push(`${e.type.replace(/-/g, ' ')}${'mpLeft' in e ? ` (${e.mpLeft} MP left)` : ''}`);
        break;
      default: {
        const never: never = e;
        throw new Error(`unexpected event ${JSON.stringify(never)}`);
      }
    }
  }
  return { words: parts.join(', '), path, warnings };
}

export function checkOrders(state: DsState, player: string, orders: readonly DsOrder[]): Check[] {
  const p = state.players.find((x) => x.id === player);
  const { errors } = pickOrders(state, orders);
  return orders.map((order): Check => {
    const reject = (reason: string): Check => ({ order, status: 'rejected', reason, warnings: [] });
    if (p === undefined) return reject(`${player} is not a player of this game`);
    if (state.moved.includes(player)) return reject(`${player} has already moved this turn`);
    const error = errors.find((e) => e.line === order.line && e.column === order.column);
    if (error !== undefined) return reject(error.message);
    const f = state.figures.find((x) => x.id === order.figure);
    const hidden = f === undefined;
    if (!hidden && f.player !== player) return reject(`${order.figure} is not your figure`);
    if (hidden) {
      if (p.side !== 'overlord') return reject(`${order.figure} is not your figure`);
      return { order, status: 'accepted', warnings: [`${order.figure} is not on the board yet: it acts only if its area is revealed before the monsters' turn`], preview: describeOrder(order) };
    }
    const pv = previewOf(state, order);
    return { order, status: 'accepted', warnings: pv.warnings, preview: pv.words, previewPath: pv.path };
  });
}

/** The template lines for a player's figures: a valid order that keeps each where it is. */
export function orderTemplate(state: DsState, player: string): string[] {
  return state.figures
    .filter((f) => f.player === player)
    .flatMap((f) => [`# ${f.name} (speed ${f.speed}${f.side === 'heroes' ? `, fatigue ${f.fatigue}` : ''}) is ${f.square === null ? 'in town' : `on ${f.square}`}`, `${f.id}, ${f.side === 'heroes' ? 'advance' : 'move'}`]);
}
