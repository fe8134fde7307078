// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml, htmlItems, htmlMistakes, htmlPage, htmlParagraphs } from '@arbiter/reports';
import { eventWords, heroLine } from './report-words.ts';
import { renderMapSvg } from './report-svg.ts';
import type { MkView } from './views.ts';

/**
 * `heading`: lines shown under the title (the contract's report context: game, deadline); `svg`: the map
 * the report's PNG is made from (drawn once per report by the ruleset's `render`).
 */
export function renderHtmlReport(view: MkView, heading: readonly string[] = [], svg: string = renderMapSvg(view)): string {
  const me = view.heroes.find((h) => h.id === view.hero)!;
  const body = `<h1>${escapeXml(`Mage Knight - turn ${view.turn} report for ${view.player.name} (${me.name})`)}</h1>
${htmlParagraphs(heading)}<p>${view.time === 'day' ? 'A Day' : 'A Night'} round. Next turn: ${view.nextTurn}.</p>
<h2>Heroes</h2>
<ul>
${htmlItems(view.heroes.map(heroLine))}
</ul>
<h2>This turn</h2>
<ol>
${htmlItems(view.events.map((e) => eventWords(e, view)))}
</ol>
${htmlMistakes(view.errors)}<h2>The map</h2>
${svg}
<p>${escapeXml(`Tile deck: ${view.deck.countryside} countryside, ${view.deck.core} core tiles left. Unexplored positions: ${view.openPositions.map((p) => p.id).join(', ') || 'none'}.`)}</p>
`;
  return htmlPage(`Mage Knight turn ${view.turn}: ${view.player.name}`, body);
}
