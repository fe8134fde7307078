// The player's report in plain text: what happened, in initiative order; where everything stands; the hand.
import { formatOrderError } from '@arbiter/engine';
import { boardOfRows } from './board.ts';
import { eventWords } from './report-words.ts';
import type { GoaView } from './views.ts';

export function reportLines(view: GoaView): { title: string; happened: string[]; standing: string[]; hand: string[]; errors: string[] } {
  const names = new Map(view.heroes.map((h) => [h.id, h.name]));
  const name = (id: string): string => names.get(id) ?? id;
  const board = boardOfRows(view.rows);
  const zone = (hex: string): string => board.regionOf(hex) ?? '-';
  const mine = view.heroes.find((h) => h.id === view.hero);
  return {
    title: `Guards of Atlantis, turn ${view.turn}: ${mine?.name ?? view.hero} (${view.player.team} team)`,
    happened: view.events.map((e) => eventWords(e, name)),
    standing: [
      ...view.heroes.map((h) => `${h.name} (${h.team}): ${h.at}, zone ${zone(h.at)}; ${h.handSize} ${h.handSize === 1 ? 'card' : 'cards'} in hand; played ${h.played.join(', ') || 'nothing yet'}`),
      ...view.minions.map((m) => `${m.team} minion ${m.id}: ${m.at}, zone ${zone(m.at)}`),
      ...view.tokens.map((t) => `${t.kind} token ${t.id}: ${t.at}`),
      `Tie-breaker coin: ${view.coin === null ? 'not yet drawn' : `the ${view.coin} team`}.`,
    ],
    hand: view.hand.map(({ id, card: c }) => `${id}: ${c.name} (${c.color}, initiative ${c.initiative}, primary ${c.primary.action} ${c.primary.value}, movement ${c.movement})${c.text === '' ? '' : ` "${c.text}"`}`),
    errors: view.errors.map(formatOrderError),
  };
}

export function renderTextReport(view: GoaView): string {
  const r = reportLines(view);
  const out = [r.title, '', 'What happened:', ...r.happened.map((l) => `  ${l}`), '', 'Where everyone stands:', ...r.standing.map((l) => `  ${l}`), '', 'Your hand:', ...(r.hand.length === 0 ? ['  (empty)'] : r.hand.map((l) => `  ${l}`))];
  if (r.errors.length > 0) out.push('', 'Mistakes in your orders:', ...r.errors.map((l) => `  ${l}`));
  return `${out.join('\n')}\n`;
}
