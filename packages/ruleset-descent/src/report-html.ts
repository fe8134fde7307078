// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml } from '@arbiter/reports';
import { eventWords, figureLine } from './report-words.ts';
import { renderMapSvg } from './report-svg.ts';
import type { DsView } from './views.ts';

export function renderHtmlReport(view: DsView, heading: readonly string[] = []): string {
  const li = (xs: string[]) => xs.map((x) => `<li>${escapeXml(x)}</li>`).join('\n');
  const errors = view.errors.length === 0 ? '' : `<h2>Mistakes in your orders</h2>\n<ul>\n${li(view.errors.map((e) => `line ${e.line}, col ${e.column}: ${e.message}`))}\n</ul>\n`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(`Descent turn ${view.turn}: ${view.player.name}`)}</title></head>
<body>
<h1>${escapeXml(`Descent - turn ${view.turn} report for ${view.player.name}`)}</h1>
${heading.map((l) => `<p>${escapeXml(l)}</p>\n`).join('')}<h2>Figures</h2>
<ul>
${li(view.figures.map(figureLine))}
</ul>
<h2>This turn</h2>
<ol>
${li(view.events.map(eventWords))}
</ol>
${errors}<h2>The dungeon</h2>
${renderMapSvg(view)}
<p>${escapeXml(`Unrevealed areas: ${view.unrevealedAreas}. Treasure deck: ${view.treasureDeck} cards.`)}</p>
</body>
</html>
`;
}
