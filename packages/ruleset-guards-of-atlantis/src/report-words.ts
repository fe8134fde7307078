// Each event in words, for the reports (the reader's own hero named as "you" nowhere: names are clearer by mail).
import type { GoaEvent } from './events.ts';
import { assertNever } from '@arbiter/engine';

export function eventWords(e: GoaEvent, name: (hero: string) => string): string {
  switch (e.type) {
    case 'cards-revealed':
      return e.order.length === 0 ? 'No cards were played.' : `Cards revealed, in initiative order: ${e.order.map((o) => `${name(o.hero)} ${o.card} (${o.initiative})`).join(', ')}.`;
    case 'tie-broken': return `Initiative ${e.initiative} was tied between teams (${e.heroes.map(name).join(', ')}): the ${e.coin} team holds the tie-breaker coin and goes first.`;
    case 'coin-passed': return `The tie-breaker coin passes to the ${e.to} team.`;
    case 'no-card': return `${name(e.hero)} played no card.`;
    case 'order-refused': return `${name(e.hero)}'s order (${e.card}) was refused: ${e.reason}.`;
    case 'card-resolved': {
      const what = { 'secondary-movement': 'the secondary Movement action', 'primary-movement': 'the primary Movement action', 'fast-travel': 'Fast Travel', hold: 'no movement' }[e.action];
      return `${name(e.hero)} resolves ${e.card} (initiative ${e.initiative}): ${what}.`;
    }
    case 'card-text-applied': return e.text === '' ? `${name(e.hero)} applies the card text of ${e.card}.` : `${name(e.hero)} applies the card text of ${e.card}: "${e.text}"`;
    case 'effect-in-play': return `In play this turn from ${name(e.hero)}'s ${e.card}: ${e.effect}.`;
    case 'movement-limited': return `${name(e.hero)} may move at most ${e.spaces} ${e.spaces === 1 ? 'space' : 'spaces'} (${e.by}).`;
    case 'moved': return `${name(e.hero)} moves ${e.from} → ${e.to}${e.by === 'card-text' ? ' (card text)' : ''}.`;
    case 'fast-travelled': return `${name(e.hero)} Fast Travels from ${e.from} (zone ${e.fromZone}) to ${e.to} (zone ${e.toZone}).`;
    case 'movement-ended': return `${name(e.hero)} ends ${e.by === 'card-text' ? 'the card text movement' : 'the Movement action'} on ${e.at} after ${e.spaces} of ${e.allowed} ${e.allowed === 1 ? 'space' : 'spaces'}${e.stop === null ? '' : `: ${e.stop.message}`}.`;
    case 'movement-refused': return `${name(e.hero)} cannot ${e.by === 'fast-travel' ? 'Fast Travel' : 'move'}: ${e.reason.message}.`;
    case 'moved-by-card': {
      const who = e.unitKind === 'hero' ? name(e.unit) : e.unitKind === null ? e.unit : `${e.unitKind} ${e.unit}`;
      const where = e.path.length === 0 ? 'does not move' : `moves ${[e.from, ...e.path].join(' → ')}`;
      return `${name(e.hero)}'s ${e.card}: ${who} ${where}${e.stop === null ? '' : ` (${e.stop.message})`}.`;
    }
    case 'action-stopped': return `${name(e.hero)}'s action stops (${e.card}): ${e.reason}.`;
    default: return assertNever(e);
  }
}
