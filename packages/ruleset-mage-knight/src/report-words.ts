// The turn's events in words: one sentence each, shared by the text and HTML reports.
import type { MkEvent } from './events.ts';
import { ACTION_WORDS, DIRECTION_WORDS } from './orders.ts';
import { ENEMY_NAMES } from './terrain.ts';
import type { MkView } from './views.ts';

const STOPS: Readonly<Record<string, string>> = {
  provoked: 'provoked a rampaging enemy',
  assault: 'assaulted a fortified site',
  'after-action': 'nothing may follow the action',
};

function mp(n: number): string {
  return `${n} Move point${n === 1 ? '' : 's'}`;
}

export function eventWords(e: MkEvent, view: MkView): string {
  const name = (id: string) => view.heroes.find((h) => h.id === id)?.name ?? id;
  switch (e.type) {
    case 'returned-to-portal':
      return `${name(e.hero)} returns to the portal (${e.space}).`;
    case 'rested':
      return `${name(e.hero)} rests this turn.`;
    case 'cards-played':
      return `${name(e.hero)} plays cards for ${mp(e.points)}${e.cards.length > 1 ? ` (${e.cards.join(' + ')})` : ''}; ${e.mpLeft} to spend.`;
    case 'card-powered':
      return `${name(e.hero)} powers a card for ${mp(e.points)} more; ${e.mpLeft} to spend.`;
    case 'moved':
      return `${name(e.hero)} moves ${DIRECTION_WORDS[e.direction]} from ${e.from} to ${e.to} for ${mp(e.cost)} (${e.mpLeft} left).`;
    case 'step-refused':
      return `${name(e.hero)} cannot go on (entry ${e.entry}): ${e.message}.`;
    case 'explored':
      return `${name(e.hero)} explores from ${e.from} for ${mp(e.cost)}: ${e.tileKind} tile ${e.tile} is revealed at position ${e.position} (${e.mpLeft} left).`;
    case 'enemy-revealed':
      return `Rampaging ${ENEMY_NAMES[e.kind]} appear at ${e.space}.`;
    case 'fame-gained':
      return `${name(e.hero)} gains ${e.fame} Fame for the tile revealed (now ${e.total}).`;
    case 'provoked':
      return `${name(e.hero)} provokes ${e.enemies.map((x) => `${ENEMY_NAMES[x.kind]} at ${x.space}`).join(' and ')} on entering ${e.space}: movement ends, combat is the mandatory action.`;
    case 'assault': {
      const joined = e.provoked.length === 0 ? '' : `, one combat against its defenders and the provoked ${e.provoked.map((x) => `${ENEMY_NAMES[x.kind]} at ${x.space}`).join(' and ')}`;
      return `${name(e.hero)} assaults the ${e.site} at ${e.space}: movement ends${joined}.`;
    }
    case 'cost-reduced':
      return `${name(e.hero)} makes ${e.terrain === 'all' ? 'every space' : e.terrain} ${mp(e.points)} cheaper to enter for the rest of the move (never below 0).`;
    case 'action':
      return `${name(e.hero)} ${ACTION_WORDS[e.action]} at ${e.space}: the turn's action (not adjudicated here).`;
    case 'movement-ended': {
      const why = e.stop === null ? '' : ` (${STOPS[e.stop] ?? `stopped: ${e.stop}`})`;
      const left = e.entriesNotDone > 0 ? `; ${e.entriesNotDone} entr${e.entriesNotDone === 1 ? 'y' : 'ies'} not done` : '';
      return `${name(e.hero)} ends movement on ${e.space}${why}: ${mp(e.mpSpent)} of ${e.mpPlayed} spent, ${e.mpLost} lost${left}.`;
    }
    case 'attack':
      return `${name(e.hero)} ends on ${e.space} with ${e.targets.map(name).join(' and ')}: an attack (player-vs-player combat).`;
    case 'forced-withdrawal':
      return `${name(e.hero)} may not end on ${e.from} with another hero: forced withdrawal to ${e.to}, ${e.wounds} Wound${e.wounds === 1 ? '' : 's'}.`;
    case 'left-the-map':
      return `${name(e.hero)} ends the turn on the portal and leaves the map until the next move.`;
    case 'level-up':
      return `${name(e.hero)} reaches level ${e.level}.`;
    default: {
      const never: never = e;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

export function heroLine(h: MkView['heroes'][number]): string {
  const where = h.space === null ? 'off the map (on the portal at the start of the next move)' : `on ${h.space}`;
  return `${h.name} (${h.id}, player ${h.player}): ${where}; Fame ${h.fame}, level ${h.level}, Wounds ${h.wounds}`;
}
