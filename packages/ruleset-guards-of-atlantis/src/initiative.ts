// The order the cards resolve in: initiative, highest first (the kernel's moveOrder). A tie between teams
// goes to the team holding the tie-breaker coin (a setting: who holds it at the start, drawn from the
// seeded generator when "random"; whether it passes to the other team after each tie). A tie inside one
// team resolves in the scenario's hero order (house rule: at the table the team decides; by mail there is
// no time to ask).
import { moveOrder, type EventLog, type Random, type TurnStructure } from '@arbiter/engine';
import type { GoaEvent } from './events.ts';
import { otherTeam, type GoaState, type Team } from './types.ts';

export const TURN_STRUCTURE: TurnStructure = { kind: 'sequential', order: 'initiative' };

/** The heroes in resolution order; the coin as it is after the ties (events and draws recorded). */
export function resolutionOrder(state: GoaState, initiative: Readonly<Record<string, number>>, rng: Random, log: EventLog<GoaEvent>): { order: string[]; coin: Team | null } {
  const seats = state.heroes.map((h) => h.id).filter((id) => initiative[id] !== undefined);
  const team = new Map(state.heroes.map((h) => [h.id, h.team]));
  const seat = new Map(seats.map((id, i) => [id, i]));
  let coin = state.coin;
  const holderAt = new Map<number, Team>();
  const values = [...new Set(seats.map((id) => initiative[id] as number))].sort((a, b) => b - a);
  for (const v of values) {
    const tied = seats.filter((id) => initiative[id] === v);
    if (new Set(tied.map((id) => team.get(id))).size < 2) continue;
    if (coin === null) coin = rng.draw('tie-breaker-coin', 2, { initiative: v }) === 0 ? 'red' : 'blue';
    holderAt.set(v, coin);
    log.push({ type: 'tie-broken', initiative: v, heroes: tied, coin });
    if (state.settings.coinAfterTie === 'passes') {
      coin = otherTeam(coin);
      log.push({ type: 'coin-passed', to: coin });
    }
  }
  const order = moveOrder(TURN_STRUCTURE, {
    seats,
    initiative,
    tieBreak: (a, b) => {
      const ta = team.get(a);
      const tb = team.get(b);
      if (ta === tb) return (seat.get(a) as number) - (seat.get(b) as number);
      return ta === holderAt.get(initiative[a] as number) ? -1 : 1;
    },
  });
  return { order, coin };
}
