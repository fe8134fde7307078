// Each event in words, for the text and HTML reports.
import type { ExEvent } from './events.ts';
import { assertNever } from '@arbiter/engine';
import type { Mech } from './types.ts';

export function eventWords(e: ExEvent): string {
  switch (e.type) {
    case 'moved':
      return `${e.mech} moved from ${e.from} to ${e.to}${e.path.length > 2 ? ` through ${e.path.slice(1, -1).join(', ')}` : ''}.`;
    case 'move-ended-early':
      return `${e.mech}'s move ended on the face-down location ${e.at}, before ${e.planned}.`;
    case 'move-refused':
      return `${e.mech} did not move to ${e.to}: ${e.reason}.`;
    case 'move-forfeited':
      return `${e.mech} had no valid destination from ${e.at}: no move, the action is forfeited.`;
    case 'map-gained':
      return `${e.mech} gained the map token of location ${e.location} (${e.maps} map${e.maps === 1 ? '' : 's'}).`;
    case 'flipped':
      return `Location ${e.location} was flipped face up (corruption level ${e.corruptionLevel}+).`;
    case 'corruption-drawn':
      return `Corruption ${e.value} (${e.colour}) was drawn onto location ${e.location}: ${e.total} in all; ${e.bagLeft} left in the bag.`;
    case 'corruption-placed':
      return `The ${e.value}-value corruption (${e.colour}) kept aside was placed on location ${e.location}.`;
    case 'bag-empty':
      return `The corruption bag is empty: location ${e.location} stays at ${e.total} of ${e.corruptionLevel}.`;
    case 'played':
      return `${e.mech} took the Play action${e.detail === null ? '' : ` (${e.detail})`}.`;
    case 'gathered':
      return `${e.mech} took the Gather action${e.detail === null ? '' : ` (${e.detail})`}.`;
    default:
      return assertNever(e);
  }
}

export function mechLine(m: Mech, playerName: string): string {
  return `${m.id} (${playerName}) on ${m.at === 'basecamp' ? 'Basecamp' : `location ${m.at}`}, range 1-${m.range}, ${m.maps} map${m.maps === 1 ? '' : 's'}`;
}
