// The HTML turn report of one player's view: the same words as the text report, the map inline.
import { escapeXml, htmlItems, htmlMistakes, htmlPage, htmlParagraphs } from '@arbiter/reports';
import { renderMapSvg } from './report-svg.ts';
import { locationWords, playerName } from './report-text.ts';
import { eventWords, mechLine } from './report-words.ts';
import type { ExView } from './views.ts';

/**
 * `heading`: lines shown under the title (the contract's report context: game, deadline); `names`: the
 * players' names by id; `svg`: the map the report's PNG is made from (drawn once per report by `render`).
 */
export function renderHtmlReport(view: ExView, heading: readonly string[] = [], names?: Readonly<Record<string, string>>, svg: string = renderMapSvg(view)): string {
  const body = `<h1>${escapeXml(`Expeditions - turn ${view.turn} report for ${view.player.name} (mech ${view.mech})`)}</h1>
${htmlParagraphs(heading)}<h2>Mechs</h2>
<ul>
${htmlItems(view.mechs.map((m) => mechLine(m, playerName(view, m.player, names))))}
</ul>
<h2>This turn</h2>
<ol>
${htmlItems(view.events.map(eventWords))}
</ol>
${htmlMistakes(view.errors)}<h2>The map</h2>
${svg}
<h2>Locations</h2>
<ul>
${htmlItems(view.locations.map((l) => locationWords(l, view)))}
</ul>
<p>${escapeXml(`Cards: ${view.cards.map((c) => `${c.id} ${c.card}`).join('; ')}. Corruption bag: ${view.bag} tokens.`)}</p>
`;
  return htmlPage(`Expeditions turn ${view.turn}: ${view.player.name}`, body);
}
