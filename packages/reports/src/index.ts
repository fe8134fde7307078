// @arbiter/reports: a nation's view of a turn -> text report, HTML report, SVG and PNG map, report mail.
// Pure functions of their inputs (no clock, no I/O) except the PNG renderers, which read the bundled font.
export { type ReportContext, checkContext } from './context.ts';
export { renderTextReport, TEXT_WIDTH, wrap } from './text.ts';
export { type HtmlReportOptions, renderHtmlReport } from './html.ts';
export { type MapSvgOptions, mapPoints, renderMapSvg, TERRAIN_COLOURS } from './svg.ts';
export { type MapPngOptions, MAP_FONT_FILES, renderMapPng, renderMapPngAsync } from './png.ts';
export {
  type ReportMail,
  type ReportMailAttachment,
  type ReportMailInput,
  composeReportMail,
  reportSubject,
} from './mail.ts';
export { escapeXml } from './escape.ts';
export { textToGlyphs } from './glyphs.ts';
