// A turn's result in a few lines of text (`arbiter adjudicate --summary`): per unit where it went and
// why it stopped, then the errors, what each nation saw, the hash.
import { formatOrderError } from '@arbiter/engine';
import type { TurnResult } from './resolve/events.ts';

export function summarise(result: TurnResult): string {
  const lines: string[] = [`turn ${result.turn}: ${result.units.length} units, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) {
    const path = u.steps.map((s) => (s.dir === 'h' ? `h (1)` : `${s.dir} ${s.to} (${s.cost})`)).join(', ');
    let line = `  ${u.id} (${u.nation} ${u.kind}) ${u.startHex} -> ${u.finalHex}`;
    if (u.mpSpent > 0) line += `, ${u.mpSpent} MP`;
    if (path !== '') line += `: ${path}`;
    if (u.destroyed) line += `; destroyed (${u.stop?.message ?? ''})`;
    else if (u.stop !== null) line += `; stopped at ${u.stop.hex}: ${u.stop.message}`;
    lines.push(line);
  }
  if (result.errors.length > 0) {
    lines.push('errors:');
    for (const e of result.errors) lines.push(`  ${formatOrderError(e)}`);
  }
  for (const [nation, v] of Object.entries(result.views)) {
    if (v.sightings.length > 0) lines.push(`${nation} saw: ${v.sightings.map((s) => `${s.unit} (${s.nation}, ${s.size}) ${s.what} at ${s.hex}`).join('; ')}`);
  }
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
