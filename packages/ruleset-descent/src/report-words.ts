// Events and figures in words, shared by the text and HTML reports and the summary.
import type { DsEvent } from './events.ts';
import { assertNever } from '@arbiter/engine';
import type { Figure } from './types.ts';

export function figureLine(f: Figure): string {
  const where = f.square === null ? 'in town' : `on ${f.square}`;
  const extra = f.side === 'heroes' ? `, fatigue ${f.fatigue}${f.items.length > 0 ? `, carries ${f.items.join(', ')}` : ''}${f.readied === null ? '' : `, readied ${f.readied}`}` : `${f.aura ? ', Aura' : ''}${f.grapple ? ', Grapple' : ''}${f.size[0] * f.size[1] > 1 ? `, large (${f.size[0]}x${f.size[1]})` : ''}`;
  return `${f.name} (${f.id}) ${where}: speed ${f.speed}, ${f.wounds} wound${f.wounds === 1 ? '' : 's'}${extra}`;
}

export function eventWords(e: DsEvent): string {
  switch (e.type) {
    case 'activation-started':
      return `${e.figure} ${e.action === 'move' ? 'moves' : `takes the ${e.action} action${e.ready === null ? '' : ` (${e.ready})`}`} with ${e.mp} MP from ${e.square ?? 'town'}.`;
    case 'moved':
      return `${e.figure} moves ${e.direction} from ${e.from} to ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'fatigue-spent':
      return `${e.figure} spends ${e.points} fatigue for ${e.points} MP (${e.fatigueLeft} fatigue left, ${e.mpLeft} MP left).`;
    case 'attack-declared':
      return `${e.figure} attacks ${e.target} from ${e.square} (combat is played by the players).`;
    case 'door-opened':
      return `${e.figure} opens door ${e.door} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'door-closed':
      return `${e.figure} closes door ${e.door} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'area-revealed':
      return `${e.by} reveals area ${e.area}${e.monsters.length > 0 ? `: monsters ${e.monsters.join(', ')}` : ''}${e.tokens.length > 0 ? `; tokens ${e.tokens.join(', ')}` : ''}.`;
    case 'aura-wound':
      return `${e.figure} moves into ${e.square} next to ${e.by}'s Aura and suffers 1 wound.`;
    case 'fell-into-pit':
      return `${e.figure} falls into the pit at ${e.square} and suffers 1 wound.`;
    case 'climbed-out':
      return `${e.figure} climbs out of the pit from ${e.from} to ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'jumped':
      return `${e.figure} jumps ${e.pits} pit space${e.pits === 1 ? '' : 's'} from ${e.from} to ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'token-picked-up':
      return `${e.figure} picks up ${e.item} on ${e.square}.`;
    case 'item-dropped':
      return `${e.figure} drops ${e.item} on ${e.square}.`;
    case 'chest-opened':
      return `${e.figure} opens chest ${e.token}${e.treasure === null ? ' (empty: the treasure deck is used up)' : ` and finds ${e.treasure}`} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'potion-drunk':
      return `${e.figure} drinks ${e.item} (${e.cost} MP, ${e.mpLeft} left).`;
    case 're-equipped':
      return `${e.figure} re-equips (${e.cost} MP, ${e.mpLeft} left).`;
    case 'item-given':
      return `${e.figure} gives ${e.item} to ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'went-to-town':
      return `${e.figure} goes from the glyph at ${e.from} to town (${e.cost} MP, ${e.mpLeft} left).`;
    case 'came-from-town':
      return `${e.figure} comes from town to the glyph at ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'took-stairs':
      return `${e.figure} takes the staircase from ${e.from} to ${e.to} (${e.cost} MP, ${e.mpLeft} left).`;
    case 'refused':
      return `${e.figure}: entry ${e.entry} refused: ${e.message}. The rest of its order is not done.`;
    case 'moved-back':
      return `${e.figure} goes back from ${e.from} to ${e.to}: ${e.reason}.`;
    case 'activation-ended':
      return `${e.figure} ends on ${e.square ?? 'town'}: ${e.spent} of ${e.mp} MP spent, ${e.attacks} attack${e.attacks === 1 ? '' : 's'}.`;
    default:
      return assertNever(e);
  }
}
