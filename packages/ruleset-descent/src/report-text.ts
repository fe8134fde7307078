// The plain-text turn report of one player's view.
import { formatOrderError } from '@arbiter/engine';
import { eventWords, figureLine } from './report-words.ts';
import type { DsView } from './views.ts';

export function renderTextReport(view: DsView): string {
  const out: string[] = [];
  out.push(`Descent - turn ${view.turn} report for ${view.player.name} (${view.player.side === 'overlord' ? 'the overlord' : 'a hero player'})`);
  out.push(`Next turn: ${view.nextTurn}. Your figures: ${view.figuresOwned.join(', ') || 'none'}.`);
  out.push('', 'Heroes');
  for (const f of view.figures.filter((x) => x.side === 'heroes')) out.push(`  ${figureLine(f)}`);
  out.push('', 'Monsters');
  const monsters = view.figures.filter((x) => x.side === 'overlord');
  if (monsters.length === 0) out.push('  None on the board.');
  for (const f of monsters) out.push(`  ${figureLine(f)}`);
  out.push('', 'This turn');
  if (view.events.length === 0) out.push('  Nothing happened.');
  for (const e of view.events) out.push(`  ${eventWords(e)}`);
  if (view.errors.length > 0) {
    out.push('', 'Mistakes in your orders');
    for (const e of view.errors) out.push(`  ${formatOrderError(e)}`);
  }
  out.push('', 'The dungeon (revealed areas)');
  for (const a of view.areas) out.push(`  ${a.id}: ${a.squares.length} squares`);
  out.push(`  Unrevealed areas: ${view.unrevealedAreas}.`);
  for (const d of view.doors) out.push(`  door ${d.id} (${d.between.join('-')}): ${d.kind === 'rune' ? `rune-locked (${d.rune}${d.unlocked ? ', unlocked' : ', locked'}), ` : ''}${d.open ? 'open' : 'closed'}`);
  if (view.pits.length > 0) out.push(`  pits: ${view.pits.join(', ')}`);
  for (const o of view.obstacles) out.push(`  ${o.kind} on ${o.square}${o.blocking ? ' (blocking)' : ''}`);
  for (const o of view.stairs) out.push(`  ${o.colour} staircase on ${o.square}`);
  for (const o of view.glyphs) out.push(`  glyph on ${o.square} (${o.active ? 'active' : 'inactive'})`);
  for (const t of view.tokens) out.push(`  token ${t.id}: ${t.kind}${t.item === null ? '' : ` (${t.item})`} on ${t.square}`);
  out.push(`  Treasure deck: ${view.treasureDeck} cards.`);
  out.push('', 'Orders: <figure>[, <place>], <run|advance|ready <order>|battle|move>, <steps n ne e se s sw w nw and actions>...');
  return `${out.join('\n')}\n`;
}
