// The plain-text turn report of one player's view.
import { formatOrderError } from '@arbiter/engine';
import { eventWords, mechLine } from './report-words.ts';
import type { ExView, LocationView } from './views.ts';

export function playerName(view: ExView, id: string, names?: Readonly<Record<string, string>>): string {
  return id === view.player.id ? view.player.name : (names?.[id] ?? id);
}

export function locationWords(l: LocationView, view: ExView): string {
  const mech = view.mechs.find((m) => m.at === l.id);
  const here = mech === undefined ? '' : ` - ${mech.id}`;
  if (!l.faceUp) return `${l.id.padStart(2)} (${l.region}) face down${here}`;
  const total = l.corruption.reduce((a, c) => a + c.value, 0);
  const stack = l.corruption.length === 0 ? 'no corruption' : `corruption ${l.corruption.map((c) => `${c.value} ${c.colour}`).join(', ')} (${total} of ${l.corruptionLevel}+)`;
  return `${l.id.padStart(2)} (${l.region}) face up, ${stack}${here}`;
}

export function renderTextReport(view: ExView, heading: readonly string[] = [], names?: Readonly<Record<string, string>>): string {
  const out: string[] = [`Expeditions - turn ${view.turn} report for ${view.player.name} (mech ${view.mech})`, ...heading];
  out.push(`Next turn: ${view.nextTurn}.`, '', 'Mechs');
  for (const m of view.mechs) out.push(`  ${mechLine(m, playerName(view, m.player, names))}`);
  out.push('', 'This turn');
  if (view.events.length === 0) out.push('  Nothing happened.');
  for (const e of view.events) out.push(`  ${eventWords(e)}`);
  if (view.errors.length > 0) {
    out.push('', 'Mistakes in your orders');
    for (const e of view.errors) out.push(`  ${formatOrderError(e)}`);
  }
  out.push('', 'Locations');
  for (const l of view.locations) out.push(`  ${locationWords(l, view)}`);
  out.push('', 'Cards (no mech moves through or onto them)');
  for (const c of view.cards) out.push(`  ${c.id}: ${c.card}`);
  out.push('', `Corruption bag: ${view.bag} token${view.bag === 1 ? '' : 's'}.${view.asideFor20 ? ' The 20-value corruption is kept aside for location 20.' : ''}`);
  out.push('', 'Orders: <mech>, move, <location>[, via <location>, ...]  or  <mech>, play  or  <mech>, gather');
  return `${out.join('\n')}\n`;
}
