// Per-player views (fog of war): the board, every unit and token, and every card once played are public;
// what a player does not see is the other heroes' hands (only how many cards each holds) and the other
// players' order mistakes (a refused order's card, still in the hand, shows to others as no card played).
import type { OrderError } from '@arbiter/engine';
import type { GoaEvent } from './events.ts';
import type { Card, GoaState, Minion, SpawnPoint, Team, Token } from './types.ts';
import { pathsOf } from './units.ts';

export interface HeroView { id: string; name: string; player: string; team: Team; at: string; handSize: number; played: string[] }

export interface GoaView {
  ruleset: 'guards-of-atlantis';
  /** The turn this view reports on, and the turn now open. */
  turn: number;
  nextTurn: number;
  player: { id: string; name: string; team: Team };
  hero: string;
  rows: string[];
  battleZone: string | null;
  spawnPoints: SpawnPoint[];
  coin: Team | null;
  heroes: HeroView[];
  minions: Minion[];
  tokens: Token[];
  /** This hero's cards in hand, in full. */
  hand: { id: string; card: Card }[];
  /** Every card played so far (public). */
  playedCards: Record<string, Card>;
  events: GoaEvent[];
  paths: Record<string, string[]>;
  errors: OrderError[];
}

export function viewFor(state: GoaState, player: string, turn: number, events: readonly GoaEvent[], errors: readonly OrderError[]): GoaView {
  const p = state.players.find((x) => x.id === player);
  const hero = state.heroes.find((h) => h.player === player);
  if (p === undefined || hero === undefined) throw new Error(`${player} is not a player of this game`);
  const played = Object.values(state.played).flat();
  return {
    ruleset: 'guards-of-atlantis',
    turn,
    nextTurn: state.turn,
    player: { id: p.id, name: p.name, team: p.team },
    hero: hero.id,
    rows: [...state.rows],
    battleZone: state.battleZone,
    spawnPoints: state.spawnPoints.map((s) => ({ ...s })),
    coin: state.coin,
    heroes: state.heroes.map((h) => ({ id: h.id, name: h.name, player: h.player, team: h.team, at: h.at, handSize: (state.hands[h.id] ?? []).length, played: [...(state.played[h.id] ?? [])] })),
    minions: state.minions.map((m) => ({ ...m })),
    tokens: state.tokens.map((t) => ({ ...t })),
    hand: (state.hands[hero.id] ?? []).map((id) => ({ id, card: state.cards[id] as Card })),
    playedCards: Object.fromEntries(played.map((id) => [id, state.cards[id] as Card])),
    // A refused order's card stays in its hero's hand: other players only learn that no card was played.
    events: events.map((e) => (e.type === 'order-refused' && e.hero !== hero.id ? { type: 'no-card', hero: e.hero } : e)),
    paths: pathsOf(events),
    errors: errors.filter((e) => e.unit === hero.id),
  };
}
