// A turn: every player has chosen a card at the same time (their orders, all in by the deadline); the
// cards are revealed and resolve one by one in initiative order, each on the board as the earlier ones
// left it. Pure: the seeded generator is in the state, every draw is recorded; each player's view is built
// when asked, and the kernel's `sealTurn` hashes the result outside the turn.
import { EventLog, Rng, viewsOnDemand, type OrderError, type TurnOutcome, type TurnResult } from '@arbiter/engine';
import type { GoaEvent } from './events.ts';
import { resolutionOrder } from './initiative.ts';
import type { GoaOrder } from './orders.ts';
import { CardResolution, orderProblem } from './resolve.ts';
import type { GoaState, Status } from './types.ts';
import { heroResults, type HeroResult } from './units.ts';
import { viewFor, type GoaView } from './views.ts';

export type GoaResult = TurnResult<GoaState, GoaEvent, GoaView, HeroResult>;
export type GoaOutcome = TurnOutcome<GoaState, GoaEvent, GoaView, HeroResult>;

export function adjudicateTurn(state: GoaState, orders: readonly GoaOrder[], options?: { orderErrors?: readonly OrderError[] }): GoaOutcome {
  const next: GoaState = structuredClone(state);
  const rng = new Rng(next.rng);
  const log = new EventLog<GoaEvent>();
  const errors: OrderError[] = [...(options?.orderErrors ?? [])];
  const byHero = new Map<string, GoaOrder>();
  for (const o of [...orders].sort((a, b) => a.line - b.line || a.hero.localeCompare(b.hero))) {
    if (byHero.has(o.hero)) {
      errors.push({ line: o.line, column: o.column, unit: o.hero, message: `${o.hero} already has an order: a hero plays one card a turn` });
      continue;
    }
    const problem = orderProblem(next, o);
    if (problem !== null) {
      errors.push({ line: o.line, column: o.column, unit: o.hero, message: problem });
      if (next.heroes.some((h) => h.id === o.hero)) log.push({ type: 'order-refused', hero: o.hero, card: o.card, reason: problem });
      continue;
    }
    byHero.set(o.hero, o);
  }
  const initiative = Object.fromEntries([...byHero].map(([hero, o]) => [hero, o.initiative]));
  const { order, coin } = resolutionOrder(next, initiative, rng, log);
  next.coin = coin;
  log.push({ type: 'cards-revealed', order: order.map((hero) => ({ hero, card: (byHero.get(hero) as GoaOrder).card, initiative: initiative[hero] as number })) });
  for (const h of next.heroes) if (!byHero.has(h.id) && !log.events().some((e) => e.type === 'order-refused' && e.hero === h.id)) log.push({ type: 'no-card', hero: h.id });
  // Card texts' lasting effects hold until the end of this turn.
  const statuses: Status[] = [];
  const resolution = new CardResolution(next, statuses, log);
  for (const hero of order) resolution.resolve(byHero.get(hero) as GoaOrder);
  next.rng = rng.state();
  next.turn = state.turn + 1;
  const events = [...log.events()];
  const views = viewsOnDemand(
    next.players.map((p) => p.id),
    (player) => viewFor(next, player, state.turn, events, errors),
  );
  return { turn: state.turn, units: heroResults(state, next, events), events, rolls: [...rng.draws()], errors, nextState: next, ...views };
}
