// The plain-text turn report of one player's view.
import { formatOrderError } from '@arbiter/engine';
import { TILE_HEX_NAMES } from './board.ts';
import { FORTIFIED_SITES, ENEMY_NAMES } from './terrain.ts';
import { eventWords, heroLine } from './report-words.ts';
import type { MkView } from './views.ts';

export function renderTextReport(view: MkView): string {
  const out: string[] = [];
  const me = view.heroes.find((h) => h.id === view.hero)!;
  out.push(`Mage Knight - turn ${view.turn} report for ${view.player.name} (${me.name})`);
  out.push(`It is ${view.time === 'day' ? 'a Day' : 'a Night'} round. Next turn: ${view.nextTurn}.`);
  out.push('', 'Heroes');
  for (const h of view.heroes) out.push(`  ${heroLine(h)}`);
  out.push('', 'This turn');
  if (view.events.length === 0) out.push('  Nothing happened.');
  for (const e of view.events) out.push(`  ${eventWords(e, view)}`);
  if (view.errors.length > 0) {
    out.push('', 'Mistakes in your orders');
    for (const e of view.errors) out.push(`  ${formatOrderError(e)}`);
  }
  out.push('', 'The map (revealed tiles)');
  for (const t of view.tiles) {
    out.push(`  position ${t.position}: ${t.kind} tile ${t.tile}`);
    for (const s of TILE_HEX_NAMES.map((h) => view.spaces.find((x) => x.id === `${t.position}.${h}`)!)) {
      const site = s.site === null ? '' : `, ${s.site}${FORTIFIED_SITES.has(s.site) ? (s.conquered ? ' (conquered)' : ' (unconquered)') : ''}`;
      const enemy = view.enemies.find((e) => e.space === s.id);
      const heroes = view.heroes.filter((h) => h.space === s.id).map((h) => h.name);
      const extra = [enemy === undefined ? null : `rampaging ${ENEMY_NAMES[enemy.kind]}`, heroes.length > 0 ? heroes.join(', ') : null].filter((x) => x !== null);
      out.push(`    ${s.id.padEnd(10)} ${s.terrain}${site}${extra.length > 0 ? ` - ${extra.join('; ')}` : ''}`);
    }
  }
  out.push('', `Unexplored positions: ${view.openPositions.length === 0 ? 'none' : view.openPositions.map((p) => p.id).join(', ')}`);
  out.push(`Tile deck: ${view.deck.countryside} countryside, ${view.deck.core} core tiles left.`);
  out.push('', 'Orders: <hero>, move <points>, <directions, explore, play <points>>...  or  <hero>, rest');
  return `${out.join('\n')}\n`;
}
