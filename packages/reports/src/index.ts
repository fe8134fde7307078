// @arbiter/reports: what every ruleset's reports share. The report mail around a ruleset's rendered
// report (text, HTML), SVG as a tree (built, parsed, serialised once),
// SVG -> PNG with the bundled font's glyph outlines, XML escaping, one-line text.
// The reports themselves (model, text, HTML, SVG map) are each ruleset's (`Ruleset.report`).
// Pure functions of their inputs (no clock, no I/O) except the PNG renderers, which read the bundled font.
export { type MapPngOptions, type MapSvg, MAP_FONT_FILES, MAP_PNG_LIMITS, MapSizeError, mapPixelSize, mapZoom, renderMapPng, renderMapPngAsync } from './png.ts';
export { MapPngPool, type MapPngPoolOptions, MapRenderCrashError, mapPngPool, renderMapPngIsolated } from './png-pool.ts';
export {
  type ReportMail,
  type ReportMailAttachment,
  type ReportMailHeading,
  type ReportMailInput,
  mailReport,
  reportSubject,
} from './mail.ts';
export { escapeXml } from './escape.ts';
export { clean } from './clean.ts';
export { glyphOutlines, textToGlyphs } from './glyphs.ts';
export { type SvgAttrValue, type SvgChild, type SvgElement, type SvgNode, type SvgText, attrOf, el, serialiseSvg, serialiseSvgPair, type SvgPairOptions, unwrapElements } from './svg-tree.ts';
export { parseSvg } from './svg-parse.ts';
export { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
export { type FramedView, type HeadingWords, checkReportContext, htmlItems, htmlMistakes, htmlPage, htmlParagraphs, reportHeading, textReport } from './report-frame.ts';
export { type PlayerMail, type PlayerMailHeading, playerMailHeaders, playerMailSubject, RULESET_HEADER, textAsHtml, withRulesetHeader } from './player-mail.ts';
export { type WelcomeMailInput, type WelcomeReason, welcomeMail, welcomeText } from './welcome.ts';
export { type ReminderMailInput, reminderMail } from './reminder.ts';
export { type GameChange, type NoticeMailInput, noticeMail } from './notice.ts';
export {
  orderMailHelp,
  unreadableMailRefusal,
  unauthenticatedRefusal,
  refusalMail,
  nationMismatchNotice,
  commandUnavailableNotice,
  ordersNotStoredNotice,
  receiptMail,
  mailReadNotes,
  statusMail,
  reportDeliveryNotice,
  noReportYetNotice,
  resentSubject,
  type MailPlayer,
  type StatusFacts,
} from './mail-answers.ts';
export { type MoveChange, type MoveNoticeInput, type MoveSince, type YourMoveMailInput, moveNoticeMail, moveReportSubject, yourMoveMail } from './move-mail.ts';
