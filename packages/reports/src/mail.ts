// The report mail as a nodemailer message object, from a ruleset's rendered report (text and HTML).
// Pure: no clock, no I/O. The Date header is left to the sender (nodemailer sets it at sending time); the
// Message-ID is the caller's, stable per report, so that a resend after a crash is recognisable.
import type { RulesetLabel } from '@arbiter/engine';
import { clean } from './clean.ts';
import { RULESET_HEADER } from './player-mail.ts';

/** What the subject and headers say: the game, the turn, the player the report is for. */
export interface ReportMailHeading {
  gameId: string;
  gameName: string;
  turn: number;
  /** The player's id (mepbm: the nation id) and name in words. */
  playerId: string;
  playerName: string;
  /** The game's ruleset: its id goes into the X-Arbiter-Ruleset header (the turn service always gives it). */
  ruleset?: RulesetLabel;
}

export interface ReportMailInput {
  heading: ReportMailHeading;
  /** The ruleset's rendered report: plain text, and HTML with the map inline. */
  text: string;
  html: string;
  /** Registered addresses of the player: "name@example.org". */
  to: string[];
  /** The game's sender, "arbiter@example.org" or "Arbiter <arbiter@example.org>". */
  from: string;
  /** Stable per report, "<report-g-0001-3-gondor@arbiter.example.org>" (angle brackets added when missing). */
  messageId: string;
  /** The map as PNG (renderMapPng), attached as map-turn-<n>.png. */
  png?: Buffer;
  /** Where replies with orders go, when not to `from`. */
  replyTo?: string;
  /** A URL or mailto: for the List-Unsubscribe header. */
  unsubscribe?: string;
}

export interface ReportMailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Assignable to nodemailer's SendMailOptions. */
export interface ReportMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  list?: { unsubscribe: string };
  attachments: ReportMailAttachment[];
}

const ADDR = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+\.[^\s@<>()[\]",;:\\]+$|^[^\s@<>()[\]",;:\\]+@localhost$/;
const NAMED = /^([^<>\r\n]*)<([^<>]+)>$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkAddress(value: unknown, field: string, allowName: boolean): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`report mail: ${field} must be an e-mail address`);
  const v = value.trim();
  if (/[\r\n]/.test(v)) throw new Error(`report mail: ${field} ${JSON.stringify(value)} contains a line break`);
  const named = allowName ? NAMED.exec(v) : null;
  const addr = named === null ? v : (named[2] as string).trim();
  if (!ADDR.test(addr)) throw new Error(`report mail: ${field} ${JSON.stringify(value)} is not an e-mail address`);
  return v;
}

function normaliseMessageId(id: string): string {
  const v = typeof id === 'string' ? id.trim() : '';
  const bare = v.startsWith('<') && v.endsWith('>') ? v.slice(1, -1) : v;
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(bare)) {
    throw new Error(`report mail: messageId ${JSON.stringify(id)} must look like "<unique-part@domain>"`);
  }
  return `<${bare}>`;
}

function headerText(s: string): string {
  return clean(s).replace(/ {2,}/g, ' ').trim();
}

/** "[Arbiter] War of the Ring turn 3 report: Gondor" */
export function reportSubject(heading: Pick<ReportMailHeading, 'gameName' | 'turn' | 'playerName'>): string {
  return headerText(`[Arbiter] ${heading.gameName} turn ${heading.turn} report: ${heading.playerName}`);
}

/**
 * Builds the report mail for one player from a ruleset's rendered report: text and HTML, the PNG map
 * attached. `playerWord` names the player in error messages ("nation", "player").
 */
export function mailReport(input: ReportMailInput, playerWord = 'player'): ReportMail {
  const { heading } = input;
  if (!Array.isArray(input.to) || input.to.length === 0) {
    throw new Error(`report mail: no recipient for ${playerWord} ${heading.playerId} (to is empty)`);
  }
  const to = input.to.map((a, i) => checkAddress(a, `to[${i}]`, false));
  const from = checkAddress(input.from, 'from', true);
  const messageId = normaliseMessageId(input.messageId);
  if (input.png !== undefined && !(Buffer.isBuffer(input.png) && input.png.subarray(0, 8).equals(PNG_SIGNATURE))) {
    throw new Error('report mail: png is not PNG data (bad signature)');
  }
  const mail: ReportMail = {
    from,
    to,
    subject: reportSubject(heading),
    messageId,
    text: input.text,
    html: input.html,
    headers: {
      // RFC 3834: machine-generated, so vacation responders and our own intake must not answer it.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'X-Arbiter-Game': headerText(heading.gameId),
      'X-Arbiter-Turn': String(heading.turn),
      // The header's name is from the first ruleset (mepbm's nations); it carries any ruleset's player id.
      'X-Arbiter-Nation': headerText(heading.playerId),
      ...(heading.ruleset === undefined ? {} : { [RULESET_HEADER]: headerText(heading.ruleset.id) }),
    },
    attachments:
      input.png === undefined
        ? []
        : [{ filename: `map-turn-${heading.turn}.png`, content: input.png, contentType: 'image/png' }],
  };
  if (input.replyTo !== undefined) mail.replyTo = checkAddress(input.replyTo, 'replyTo', true);
  if (input.unsubscribe !== undefined) {
    const u = input.unsubscribe.trim();
    if (!/^(https:\/\/|mailto:)\S+$/.test(u)) {
      throw new Error(`report mail: unsubscribe ${JSON.stringify(input.unsubscribe)} must be an https: or mailto: URL`);
    }
    mail.list = { unsubscribe: u };
  }
  return mail;
}
