// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml, htmlItems, htmlMistakes, htmlPage, htmlParagraphs } from '@arbiter/reports';
import { eventWords, figureLine } from './report-words.ts';
import { renderMapSvg } from './report-svg.ts';
import type { DsView } from './views.ts';

/**
 * `heading`: lines shown under the title (the contract's report context: game, deadline); `svg`: the map
 * the report's PNG is made from (drawn once per report by the ruleset's `render`).
 */
export function renderHtmlReport(view: DsView, heading: readonly string[] = [], svg: string = renderMapSvg(view)): string {
  const body = `<h1>${escapeXml(`Descent - turn ${view.turn} report for ${view.player.name}`)}</h1>
${htmlParagraphs(heading)}<h2>Figures</h2>
<ul>
${htmlItems(view.figures.map(figureLine))}
</ul>
<h2>This turn</h2>
<ol>
${htmlItems(view.events.map(eventWords))}
</ol>
${htmlMistakes(view.errors)}<h2>The dungeon</h2>
${svg}
<p>${escapeXml(`Unrevealed areas: ${view.unrevealedAreas}. Treasure deck: ${view.treasureDeck} cards.`)}</p>
`;
  return htmlPage(`Descent turn ${view.turn}: ${view.player.name}`, body);
}
