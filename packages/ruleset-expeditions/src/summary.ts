// A turn's result in a few lines of text (`arbiter adjudicate --summary`): per mech where it went and
// what it revealed, then the errors and the hash.
import { formatOrderError } from '@arbiter/engine';
import type { ExTurnResult } from './turn.ts';

export function summarise(result: ExTurnResult): string {
  const lines = [`turn ${result.turn}: ${result.units.length} players' turns, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) {
    let line = `  ${u.mech} (${u.player}) ${u.from} -> ${u.to}`;
    if (u.path.length > 2) line += ` through ${u.path.slice(1, -1).join(', ')}`;
    if (u.forfeited) line += ', no valid destination (Move forfeited)';
    if (u.revealed !== null) line += `; revealed ${u.revealed}, corruption ${u.corruption.join('+') || 'none'}`;
    if (u.mapsGained > 0) line += `; +${u.mapsGained} map`;
    if (u.actions.length > 0) line += `; actions: ${u.actions.join(', ')}`;
    lines.push(line);
  }
  if (result.errors.length > 0) {
    lines.push('errors:');
    for (const e of result.errors) lines.push(`  ${formatOrderError(e)}`);
  }
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
