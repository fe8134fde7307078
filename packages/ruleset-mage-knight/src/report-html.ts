// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml } from '@arbiter/reports';
import { eventWords, heroLine } from './report-words.ts';
import { renderMapSvg } from './report-svg.ts';
import type { MkView } from './views.ts';

/** `heading`: lines shown under the title (the contract's report context: game, deadline). */
export function renderHtmlReport(view: MkView, heading: readonly string[] = []): string {
  const me = view.heroes.find((h) => h.id === view.hero)!;
  const li = (xs: string[]) => xs.map((x) => `<li>${escapeXml(x)}</li>`).join('\n');
  const errors =
    view.errors.length === 0
      ? ''
      : `<h2>Mistakes in your orders</h2>\n<ul>\n${li(view.errors.map((e) => `line ${e.line}, col ${e.column}: ${e.message}`))}\n</ul>\n`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(`Mage Knight turn ${view.turn}: ${view.player.name}`)}</title></head>
<body>
<h1>${escapeXml(`Mage Knight - turn ${view.turn} report for ${view.player.name} (${me.name})`)}</h1>
${heading.map((l) => `<p>${escapeXml(l)}</p>\n`).join('')}<p>${view.time === 'day' ? 'A Day' : 'A Night'} round. Next turn: ${view.nextTurn}.</p>
<h2>Heroes</h2>
<ul>
${li(view.heroes.map(heroLine))}
</ul>
<h2>This turn</h2>
<ol>
${li(view.events.map((e) => eventWords(e, view)))}
</ol>
${errors}<h2>The map</h2>
${renderMapSvg(view)}
<p>${escapeXml(`Tile deck: ${view.deck.countryside} countryside, ${view.deck.core} core tiles left. Unexplored positions: ${view.openPositions.map((p) => p.id).join(', ') || 'none'}.`)}</p>
</body>
</html>
`;
}
