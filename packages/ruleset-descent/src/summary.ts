// A turn's result in a few lines of text (`arbiter adjudicate --summary`): per figure where it went, its
// MP, attacks and why it stopped, then the errors and the hash.
import { formatOrderError } from '@arbiter/engine';
import type { DsTurnResult } from './turn.ts';

export function summarise(result: DsTurnResult): string {
  const lines = [`turn ${result.turn}: ${result.units.length} activations, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) {
    let line = `  ${u.figure} (${u.player}) ${u.from ?? 'town'} -> ${u.to ?? 'town'}, ${u.spent} of ${u.mp} MP`;
    if (u.path.length > 1) line += `: ${u.path.join(' ')}`;
    if (u.attacks.length > 0) line += `; attacks ${u.attacks.join(', ')}`;
    if (u.woundsTaken !== 0) line += `; ${u.woundsTaken} wound${u.woundsTaken === 1 ? '' : 's'}`;
    if (u.stop !== null) line += `; stopped: ${u.stop}`;
    lines.push(line);
  }
  for (const e of result.events) if (e.type === 'area-revealed') lines.push(`  revealed ${e.area} (by ${e.by})`);
  if (result.errors.length > 0) {
    lines.push('errors:');
    for (const e of result.errors) lines.push(`  ${formatOrderError(e)}`);
  }
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
