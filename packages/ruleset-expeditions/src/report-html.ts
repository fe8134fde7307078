// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml } from '@arbiter/reports';
import { renderMapSvg } from './report-svg.ts';
import { locationWords, playerName } from './report-text.ts';
import { eventWords, mechLine } from './report-words.ts';
import type { ExView } from './views.ts';

export function renderHtmlReport(view: ExView, heading: readonly string[] = [], names?: Readonly<Record<string, string>>): string {
  const li = (xs: string[]) => xs.map((x) => `<li>${escapeXml(x)}</li>`).join('\n');
  const errors =
    view.errors.length === 0 ? '' : `<h2>Mistakes in your orders</h2>\n<ul>\n${li(view.errors.map((e) => `line ${e.line}, col ${e.column}: ${e.message}`))}\n</ul>\n`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(`Expeditions turn ${view.turn}: ${view.player.name}`)}</title></head>
<body>
<h1>${escapeXml(`Expeditions - turn ${view.turn} report for ${view.player.name} (mech ${view.mech})`)}</h1>
${heading.map((l) => `<p>${escapeXml(l)}</p>\n`).join('')}<h2>Mechs</h2>
<ul>
${li(view.mechs.map((m) => mechLine(m, playerName(view, m.player, names))))}
</ul>
<h2>This turn</h2>
<ol>
${li(view.events.map(eventWords))}
</ol>
${errors}<h2>The map</h2>
${renderMapSvg(view)}
<h2>Locations</h2>
<ul>
${li(view.locations.map((l) => locationWords(l, view)))}
</ul>
<p>${escapeXml(`Cards: ${view.cards.map((c) => `${c.id} ${c.card}`).join('; ')}. Corruption bag: ${view.bag} tokens.`)}</p>
</body>
</html>
`;
}
