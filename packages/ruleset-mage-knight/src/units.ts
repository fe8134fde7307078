// What happened to each hero that moved in a result (the contract's `TurnResult.units`): where it stood
// and ended, the spaces it passed, the Move points, why it stopped, and what it gained or lost.
import type { MkEvent, StopReason } from './events.ts';
import type { MkState } from './types.ts';
import { pathsOf } from './views.ts';

export interface HeroResult {
  hero: string;
  player: string;
  /** Where the hero stood before its move (null: off the map), and where it is after it. */
  from: string | null;
  to: string | null;
  /** The spaces it passed through, the start first (empty when it did not move). */
  path: string[];
  rested: boolean;
  mpPlayed: number;
  mpSpent: number;
  /** Why its movement ended before its order's last entry, or null. */
  stop: StopReason | null;
  /** Tile positions it explored, in order. */
  explored: string[];
  fameGained: number;
  woundsTaken: number;
}

/** One result per player who moved (in the order they moved), read from the states and the events. */
export function heroResults(before: MkState, after: MkState, players: readonly string[], events: readonly MkEvent[]): HeroResult[] {
  const paths = pathsOf(events);
  return players.map((player) => {
    const was = before.heroes.find((h) => h.player === player)!;
    const now = after.heroes.find((h) => h.id === was.id)!;
    const mine = events.filter((e) => 'hero' in e && e.hero === was.id);
    const ended = mine.find((e) => e.type === 'movement-ended');
    return {
      hero: was.id,
      player,
      from: was.space,
      to: now.space,
      path: paths[was.id] ?? [],
      rested: mine.some((e) => e.type === 'rested'),
      mpPlayed: ended?.mpPlayed ?? 0,
      mpSpent: ended?.mpSpent ?? 0,
      stop: ended?.stop ?? null,
      explored: mine.flatMap((e) => (e.type === 'explored' ? [e.position] : [])),
      fameGained: now.fame - was.fame,
      woundsTaken: now.wounds - was.wounds,
    };
  });
}
