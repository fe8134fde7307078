// What happened to each mech whose player took a turn in a result (the contract's `TurnResult.units`).
import type { ExEvent } from './events.ts';
import type { Action } from './orders.ts';
import type { ExState } from './types.ts';

export interface MechResult {
  mech: string;
  player: string;
  from: string;
  to: string;
  /** The spaces it passed, the start first (empty when it did not move). */
  path: string[];
  actions: Action[];
  /** True when it had no valid destination (the Move action forfeited). */
  forfeited: boolean;
  /** The face-down location it revealed, or null. */
  revealed: string | null;
  mapsGained: number;
  /** Values of the corruption placed on the location it revealed, in order. */
  corruption: number[];
}

export function mechResults(before: ExState, after: ExState, players: readonly string[], events: readonly ExEvent[]): MechResult[] {
  return players.map((player) => {
    const was = before.mechs.find((m) => m.player === player)!;
    const now = after.mechs.find((m) => m.id === was.id)!;
    const mine = events.filter((e) => 'mech' in e && e.mech === was.id);
    const moved = mine.find((e) => e.type === 'moved');
    const revealed = moved !== undefined && events.some((e) => e.type === 'flipped' && e.location === moved.to) ? moved.to : null;
    const actions = mine.flatMap((e): Action[] => (e.type === 'played' ? ['play'] : e.type === 'gathered' ? ['gather'] : e.type === 'moved' || e.type === 'move-forfeited' ? ['move'] : []));
    return {
      mech: was.id,
      player,
      from: was.at,
      to: now.at,
      path: moved?.path ?? [],
      actions,
      forfeited: mine.some((e) => e.type === 'move-forfeited'),
      revealed,
      mapsGained: now.maps - was.maps,
      corruption: events.flatMap((e) => ((e.type === 'corruption-drawn' || e.type === 'corruption-placed') && e.location === revealed ? [e.value] : [])),
    };
  });
}
