// A turn's result in a few lines of text for the game master (`arbiter adjudicate --summary`): per hero
// its card, where it went and why it stopped, then the errors and the hash (the other rulesets' layout).
import { formatOrderError } from '@arbiter/engine';
import type { GoaResult } from './turn.ts';

export function summarise(result: GoaResult): string {
  const lines = [`turn ${result.turn}: ${result.units.length} heroes, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) {
    const moved = u.path.length === 0 ? `stays on ${u.from}` : `${u.fastTravelled ? 'fast travels' : 'moves'} ${u.path.join(' -> ')}`;
    lines.push(`  ${u.hero} (${u.player}) ${u.card ?? 'no card'}: ${moved}${u.stop === null ? '' : `; stopped: ${u.stop}`}`);
  }
  if (result.errors.length > 0) {
    lines.push('errors:');
    for (const e of result.errors) lines.push(`  ${formatOrderError(e)}`);
  }
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
