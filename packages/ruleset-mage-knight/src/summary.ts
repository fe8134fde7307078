// A turn's result in a few lines of text (`arbiter adjudicate --summary`): per hero where it went and why
// it stopped, then the errors and the hash.
import { formatOrderError } from '@arbiter/engine';
import { DIRECTION_WORDS } from './orders.ts';
import type { MkTurnResult } from './turn.ts';

export function summarise(result: MkTurnResult): string {
  const lines = [`turn ${result.turn}: ${result.units.length} moves, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) {
    const steps = result.events.flatMap((e) => (e.type === 'moved' && e.hero === u.hero ? [`${DIRECTION_WORDS[e.direction]} ${e.to} (${e.cost})`] : []));
    let line = `  ${u.hero} (${u.player}) ${u.from ?? 'off the map'} -> ${u.to ?? 'off the map'}`;
    if (u.rested) line += ', rests';
    if (u.mpPlayed > 0) line += `, ${u.mpSpent} of ${u.mpPlayed} MP`;
    if (steps.length > 0) line += `: ${steps.join(', ')}`;
    if (u.explored.length > 0) line += `; explored ${u.explored.join(', ')}`;
    if (u.stop !== null) line += `; stopped: ${u.stop}`;
    if (u.fameGained !== 0) line += `; Fame +${u.fameGained}`;
    if (u.woundsTaken !== 0) line += `; ${u.woundsTaken} Wound${u.woundsTaken === 1 ? '' : 's'}`;
    lines.push(line);
  }
  if (result.errors.length > 0) {
    lines.push('errors:');
    for (const e of result.errors) lines.push(`  ${formatOrderError(e)}`);
  }
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
