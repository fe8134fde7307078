// What happened to each hero in a result (the contract's `TurnResult.units`).
import type { GoaEvent } from './events.ts';
import type { GoaState } from './types.ts';

export interface HeroResult {
  hero: string;
  player: string;
  /** The card played, or null when the hero played none. */
  card: string | null;
  from: string;
  to: string;
  /** The spaces it passed through, the start first (empty when it did not move). */
  path: string[];
  fastTravelled: boolean;
  /** Why its movement stopped short or was refused, or null. */
  stop: string | null;
}

/** The spaces each hero moved through this turn (the start first), for heroes that moved. */
export function pathsOf(events: readonly GoaEvent[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const e of events) if (e.type === 'moved' || e.type === 'fast-travelled') (paths[e.hero] ??= [e.from]).push(e.to);
  return paths;
}

export function heroResults(before: GoaState, after: GoaState, events: readonly GoaEvent[]): HeroResult[] {
  const paths = pathsOf(events);
  return before.heroes.map((h) => {
    const card = events.find((e): e is Extract<GoaEvent, { type: 'card-resolved' }> => e.type === 'card-resolved' && e.hero === h.id)?.card ?? null;
    let stop: string | null = null;
    for (const e of events) {
      if (e.type === 'movement-ended' && e.hero === h.id && e.stop !== null) stop = e.stop.message;
      if (e.type === 'movement-refused' && e.hero === h.id) stop = e.reason.message;
      if (e.type === 'action-stopped' && e.hero === h.id) stop = e.reason;
      if (e.type === 'order-refused' && e.hero === h.id) stop = e.reason;
    }
    return {
      hero: h.id,
      player: h.player,
      card,
      from: h.at,
      to: after.heroes.find((x) => x.id === h.id)?.at ?? h.at,
      path: paths[h.id] ?? [],
      fastTravelled: events.some((e) => e.type === 'fast-travelled' && e.hero === h.id),
      stop,
    };
  });
}
