// What the welcome, reminder and notice mails share: the subject's form, their headers, and an HTML
// version of a plain-text mail. Pure: no clock, no I/O.
import type { RulesetLabel } from '@arbiter/engine';
import { clean } from './clean.ts';
import { escapeXml } from './escape.ts';

/** A mail to one player (nation) of a game, as the outbox stores it. */
export interface PlayerMail {
  subject: string;
  text: string;
  /** Null for a plain-text mail. */
  html: string | null;
  /** Headers the outbox row carries (the sender adds Auto-Submitted, X-Auto-Response-Suppress and X-Loop). */
  headers: Record<string, string>;
}

/** Who a mail is for: the game and the player, in ids and words. */
export interface PlayerMailHeading {
  gameId: string;
  gameName: string;
  /** The player's id (mepbm: the nation id) and name. */
  playerId: string;
  playerName: string;
  /** The turn the mail is about, when it is about one. */
  turn?: number;
}

/** "[Arbiter] War of the Ring: welcome, Gondor": one line, no control characters. */
export function playerMailSubject(heading: PlayerMailHeading, what: string): string {
  return clean(`[Arbiter] ${heading.gameName}: ${what}, ${heading.playerName}`).replace(/ {2,}/g, ' ').trim();
}

/** The headers a report mail carries too, so that a player's filters treat every mail of a game alike. */
export function playerMailHeaders(heading: PlayerMailHeading): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Arbiter-Game': clean(heading.gameId).trim(),
    // The header's name is from the first ruleset (mepbm's nations); it carries any ruleset's player id.
    'X-Arbiter-Nation': clean(heading.playerId).trim(),
  };
  if (heading.turn !== undefined) headers['X-Arbiter-Turn'] = String(heading.turn);
  return headers;
}

/** The header that names a mail's ruleset by its id, on every mail a game sends (reports, welcomes, reminders, notices, move mails). */
export const RULESET_HEADER = 'X-Arbiter-Ruleset';

/** `headers` with the ruleset's header added: what a mail of a game of `ruleset` carries. */
export function withRulesetHeader(headers: Readonly<Record<string, string>>, ruleset: Pick<RulesetLabel, 'id'>): Record<string, string> {
  return { ...headers, [RULESET_HEADER]: clean(ruleset.id).trim() };
}

/** A plain-text mail as one preformatted block, for the HTML part of a mail that has one. */
export function textAsHtml(text: string): string {
  return `<pre style="font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap;">${escapeXml(text)}</pre>`;
}
