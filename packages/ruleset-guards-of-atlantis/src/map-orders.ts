// Orders by the map (`orders.byMap`, issue #25): the secondary Movement action of the card in hand with
// the most movement (the player may change the card in the editor), then the path's directions.
import { directionLine, type MapLine, type MapUnit } from '@arbiter/engine';
import { boardOf } from './board.ts';
import type { GoaState } from './types.ts';

export function mapUnits(state: GoaState, player: string): MapUnit[] {
  return state.heroes.filter((h) => h.player === player).map((h) => ({ unit: h.id, space: h.at }));
}

export function mapLine(state: GoaState, player: string, unit: string, path: readonly string[]): MapLine {
  const hero = state.heroes.find((h) => h.id === unit && h.player === player);
  if (hero === undefined) return { ok: false, message: `${unit} is not your hero` };
  const hand = (state.hands[hero.id] ?? []).flatMap((id) => (state.cards[id] === undefined ? [] : [{ id, card: state.cards[id] }]));
  const best = hand.sort((a, b) => b.card.movement - a.card.movement || a.id.localeCompare(b.id))[0];
  if (best === undefined) return { ok: false, message: `${hero.id} has no card in hand to move with` };
  return directionLine(boardOf(state), hero.at, path, `${hero.id}, ${best.id}, ${best.card.initiative}, move`);
}
