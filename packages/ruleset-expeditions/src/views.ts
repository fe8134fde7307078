// Per-player views (fog of war): mechs, cards, face-up locations with their corruption and every event
// are public; a face-down location's contents (its map token and corruption level) are unknown to all
// players until it is flipped, and the corruption bag shows only how many tokens it holds.
import type { OrderError } from '@arbiter/engine';
import type { ExEvent } from './events.ts';
import type { CardGap, Corruption, ExState, MapPoint, Mech } from './types.ts';

export type LocationView =
  | { id: string; region: string; neighbours: string[]; at: MapPoint; faceUp: true; corruptionLevel: number; corruption: Corruption[] }
  | { id: string; region: string; neighbours: string[]; at: MapPoint; faceUp: false };

export interface ExView {
  ruleset: 'expeditions';
  /** The turn this view reports on, and the turn now open. */
  turn: number;
  nextTurn: number;
  player: { id: string; name: string };
  /** This player's mech. */
  mech: string;
  mechs: Mech[];
  basecamp: { neighbours: string[]; at: MapPoint };
  locations: LocationView[];
  cards: CardGap[];
  bag: number;
  /** Whether the 20-value corruption is still kept aside for location 20. */
  asideFor20: boolean;
  events: ExEvent[];
  /** The spaces each mech moved through this turn (the start first). */
  paths: Record<string, string[]>;
  /** Mistakes in this player's orders. */
  errors: OrderError[];
}

export function viewFor(state: ExState, player: string, turn: number, events: readonly ExEvent[], errors: readonly OrderError[]): ExView {
  const p = state.players.find((x) => x.id === player);
  const mech = state.mechs.find((m) => m.player === player);
  if (p === undefined || mech === undefined) throw new Error(`${player} is not a player of this game`);
  const paths: Record<string, string[]> = {};
  for (const e of events) if (e.type === 'moved') paths[e.mech] = [...e.path];
  return {
    ruleset: 'expeditions',
    turn,
    nextTurn: state.turn,
    player: { id: p.id, name: p.name },
    mech: mech.id,
    mechs: state.mechs.map((m) => ({ ...m })),
    basecamp: { neighbours: [...state.basecamp.neighbours], at: [...state.basecamp.at] },
    locations: state.locations.map((l): LocationView => {
      const common = { id: l.id, region: l.region, neighbours: [...l.neighbours], at: [...l.at] as MapPoint };
      return l.faceUp ? { ...common, faceUp: true, corruptionLevel: l.corruptionLevel, corruption: l.corruption.map((c) => ({ ...c })) } : { ...common, faceUp: false };
    }),
    cards: state.cards.map((c) => ({ ...c, neighbours: [...c.neighbours], at: [...c.at] })),
    bag: state.bag.length,
    asideFor20: state.aside !== null,
    events: structuredClone([...events]),
    paths,
    errors: errors.filter((e) => e.unit === mech.id).map((e) => ({ ...e })),
  };
}
