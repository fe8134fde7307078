// Order checks against the open turn's state (the receipt): accepted or rejected, with the path as if
// no other hero moved first, in words. The preview walks the order without the generator, so it stops
// at an explore: what follows depends on the tile revealed.
import { EventLog, type OrderCheck } from '@arbiter/engine';
import { Board } from './board.ts';
import type { MkEvent } from './events.ts';
import { HeroWalk, holdsManyHeroes, otherHeroesOn } from './move.ts';
import { ACTION_WORDS, DIRECTION_WORDS, describeOrder, type MkOrder } from './orders.ts';
import { ENEMY_NAMES } from './terrain.ts';
import { pickOrder } from './turn.ts';
import type { MkState } from './types.ts';

type Check = OrderCheck<MkOrder>;

function previewOf(state: MkState, order: MkOrder & { kind: 'move' }): { words: string; path: string[]; warnings: string[] } {
  const s = structuredClone(state);
  const board = new Board(s);
  const hero = s.heroes.find((h) => h.id === order.hero)!;
  const warnings: string[] = [];
  const start = hero.space ?? board.portal();
  hero.space = start;
  const log = new EventLog<MkEvent>();
  const walk = new HeroWalk(s, board, hero, null, log);
  const result = walk.run(order);
  const parts: string[] = [`from ${start}`];
  for (const e of log.events()) {
    switch (e.type) {
      case 'moved': {
        const sp = board.space(e.to)!;
        parts.push(`${DIRECTION_WORDS[e.direction]} to ${e.to} (${sp.site ?? sp.terrain}, ${e.cost} MP, ${e.mpLeft} left)`);
        break;
      }
      case 'step-refused':
        warnings.push(`entry ${e.entry}: ${e.message}; the hero would stop at ${hero.space}`);
        break;
      case 'provoked':
        warnings.push(`entering ${e.space} provokes ${e.enemies.map((x) => `${ENEMY_NAMES[x.kind]} at ${x.space}`).join(' and ')}: movement ends there, combat follows`);
        break;
      case 'assault':
        warnings.push(`entering the unconquered ${e.site} at ${e.space} ends movement: an assault${e.provoked.length > 0 ? ', one combat together with the provoked enemies' : ''}`);
        break;
      case 'card-powered':
        parts.push(`a card powered (+${e.points}, ${e.mpLeft} left)`);
        break;
      case 'cards-played':
        if (parts.length > 1) parts.push(`${e.points} more Move points played (${e.mpLeft} left)`);
        break;
      case 'cost-reduced':
        parts.push(`${e.terrain === 'all' ? 'every space' : e.terrain} ${e.points} cheaper from here on`);
        break;
      case 'action':
        parts.push(`then ${ACTION_WORDS[e.action]} on ${e.space} (the turn's action)`);
        break;
      default:
        break;
    }
  }
  if (result.previewStoppedAtExplore) parts.push(`then explores (entry ${result.stoppedAt}); the rest depends on the tile revealed`);
  const end = hero.space!;
  const others = otherHeroesOn(s, hero, end);
  if (!result.previewStoppedAtExplore && others.length > 0 && !holdsManyHeroes(board.space(end))) {
    warnings.push(
      s.settings.playerVsPlayer
        ? `ending on ${end} with ${others.map((h) => h.name).join(' and ')} is an attack (player-vs-player combat)`
        : `ending on ${end} with ${others.map((h) => h.name).join(' and ')} is not allowed: forced withdrawal back along the path, a Wound per space`,
    );
  }
  const lost = result.mpPlayed - result.mpSpent;
  if (!result.previewStoppedAtExplore && lost > 0) warnings.push(`${lost} Move point${lost === 1 ? '' : 's'} left unspent (lost)`);
  return { words: parts.join(', '), path: result.path, warnings };
}

export function checkOrders(state: MkState, player: string, orders: readonly MkOrder[]): Check[] {
  const hero = state.heroes.find((h) => h.player === player);
  const picked = hero === undefined ? null : pickOrder(hero, orders);
  return orders.map((order): Check => {
    const reject = (reason: string): Check => ({ order, status: 'rejected', reason, warnings: [] });
    if (hero === undefined) return reject(`${player} is not a player of this game`);
    if (!state.heroes.some((h) => h.id === order.hero)) return reject(`${JSON.stringify(order.hero)} is not a hero of this game`);
    if (order.hero !== hero.id) return reject(`${order.hero} is not your hero (yours is ${hero.id})`);
    if (state.moved.includes(player)) return reject(`${hero.id} has already moved this turn`);
    const error = picked!.errors.find((e) => e.line === order.line && e.column === order.column);
    if (error !== undefined) return reject(error.message);
    if (order.kind === 'rest') return { order, status: 'accepted', warnings: [], preview: describeOrder(order) };
    const p = previewOf(state, order);
    return { order, status: 'accepted', warnings: p.warnings, preview: p.words, previewPath: p.path };
  });
}

/** The template line for a player's hero: a valid order that keeps the hero where it is. */
export function orderTemplate(state: MkState, player: string): string[] {
  const hero = state.heroes.find((h) => h.player === player);
  if (hero === undefined) return [];
  return [`# ${hero.name} is ${hero.space === null ? 'off the map (back on the portal when moving)' : `on ${hero.space}`}`, `${hero.id}, move 0`];
}
