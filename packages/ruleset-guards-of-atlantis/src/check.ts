// Receipts: each order checked against the open turn's state for one player, with a preview of its
// movement on the board as it stands now (as if its card resolved first, unopposed): the spaces it
// reaches, and what would stop it. Later, the cards of higher initiative resolve first and may change that.
import { EventLog, type OrderCheck } from '@arbiter/engine';
import type { GoaEvent } from './events.ts';
import { fastTravelDestinations, reachable } from './move.ts';
import type { GoaOrder } from './orders.ts';
import { CardResolution, orderProblem } from './resolve.ts';
import type { GoaState } from './types.ts';

export function checkOrders(state: GoaState, player: string, orders: readonly GoaOrder[]): OrderCheck<GoaOrder>[] {
  const seen = new Set<string>();
  return orders.map((order) => {
    const hero = state.heroes.find((h) => h.id === order.hero);
    const reject = (reason: string): OrderCheck<GoaOrder> => ({ order, status: 'rejected', reason, warnings: [] });
    if (hero === undefined) return reject(`there is no hero ${order.hero} in this game`);
    if (hero.player !== player) return reject(`${hero.name} is not your hero`);
    if (seen.has(hero.id)) return reject(`${hero.name} already has an order: a hero plays one card a turn`);
    seen.add(hero.id);
    const problem = orderProblem(state, order);
    if (problem !== null) return reject(problem);
    const trial: GoaState = structuredClone(state);
    const log = new EventLog<GoaEvent>();
    new CardResolution(trial, [], log).resolve(order);
    const events = log.events();
    const path = [hero.at];
    const notes: string[] = [];
    for (const e of events) {
      if (e.type === 'moved' || e.type === 'fast-travelled') path.push(e.to);
      if (e.type === 'fast-travelled') notes.push(`Fast Travel from zone ${e.fromZone} to ${e.to} in zone ${e.toZone}`);
      if (e.type === 'movement-ended') notes.push(`${e.by === 'card-text' ? 'card text' : 'movement'}: ${e.spaces} of ${e.allowed} ${e.allowed === 1 ? 'space' : 'spaces'}${e.stop === null ? '' : `, stopped: ${e.stop.message}`}`);
      if (e.type === 'movement-refused') notes.push(`${e.by === 'fast-travel' ? 'Fast Travel' : 'movement'} refused: ${e.reason.message}`);
      if (e.type === 'action-stopped') notes.push(`the action stops: ${e.reason}`);
      if (e.type === 'moved-by-card') notes.push(`card text moves ${e.unit}: ${e.path.length === 0 ? 'not at all' : [e.from, ...e.path].join(' → ')}${e.stop === null ? '' : `, stopped: ${e.stop.message}`}`);
      if (e.type === 'card-text-applied') notes.push(`card text applied: ${e.text || '(no text)'}`);
    }
    const warnings = ['cards of higher initiative resolve first and may change the board before this card'];
    const refused = events.find((e) => e.type === 'movement-refused' || e.type === 'action-stopped');
    if (refused !== undefined) warnings.push(notes[notes.length - 1] as string);
    const card = state.cards[order.card];
    if (order.action.kind === 'move' && card !== undefined) {
      warnings.push(`reachable now with ${card.movement}: ${reachable(state, hero, card.movement).join(' ') || 'none'}`);
    }
    if (order.action.kind === 'fast-travel' && refused !== undefined) {
      warnings.push(`Fast Travel destinations now: ${fastTravelDestinations(state, hero).join(' ') || 'none'}`);
    }
    return {
      order,
      status: 'accepted',
      warnings,
      preview: `${hero.name}: ${path.join(' → ')}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
      previewPath: path,
    };
  });
}

/** The order template lines for a player's hero: one line per card in hand. */
export function orderTemplate(state: GoaState, player: string): string[] {
  const hero = state.heroes.find((h) => h.player === player);
  if (hero === undefined) return [];
  return (state.hands[hero.id] ?? []).map((id) => {
    const c = state.cards[id];
    return c === undefined ? `# ${hero.id}, ${id}` : `# ${hero.id}, ${id}, ${c.initiative}, move, ...   (${c.name}: ${c.color}, movement ${c.movement}${c.primary.action === 'movement' ? `, primary movement ${c.primary.value}` : ''})`;
  });
}
