// The order mail: from a parsed mail to a submission (game, secret, command, order text), or the
// reason the mail cannot be read. Pure: no I/O, no clock. The format is documented for players in
// docs/orders-mepbm.md ("Orders by email"); keep the two in step.
//
// Shape of an order mail:
//
//   game: me1                         <- keyword lines, in the body (or in the subject)
//   secret: 7f3k-2p9q
//   command: orders                   <- optional; orders | status | resend-report | report-full | report-text | report-none
//
//   aragorn, 850, no, nw, nw, h       <- everything after the keyword lines is the order text
//   gandalf, 810, 2915
//   end                               <- optional; nothing after it is read
//
// Quoted text (`>` lines, "On ... wrote:" lines), signatures (`-- `), mobile footers and Outlook's
// "Original Message" blocks are dropped; a forwarded message's own text is read; a `.txt` attachment
// holds the orders when there is one.

import { ORDER_TEXT_LIMITS } from '@arbiter/intake';
import { decodeTextBytes, looksBinary, normalizeText } from './text.ts';

export type MailCommand = 'orders' | 'status' | 'resend-report' | 'report-full' | 'report-text' | 'report-none';

export interface MailAttachment {
  filename: string | null;
  /** MIME type, lower case (`text/plain`, `image/png`...). */
  contentType: string;
  /** The charset parameter of the part, if any. */
  charset: string | null;
  content: Uint8Array;
  /** An inline part of `multipart/related` (an embedded image): never an order file. */
  related: boolean;
}

/** What extraction needs of a parsed mail (see `readMail` in parse.ts, which builds it with mailparser). */
export interface MailContent {
  subject: string;
  /** The plain text body; for an HTML-only mail, the HTML converted to text. Null when there is none. */
  text: string | null;
  /** The mail had HTML that could not be converted to text. */
  htmlUnreadable: boolean;
  /** The HTML body as sent, when there is one (read only by the secret check, redact.ts). */
  html?: string | null;
  attachments: MailAttachment[];
  /** Messages forwarded as attachments (`message/rfc822`), parsed the same way. */
  forwarded: MailContent[];
}

export interface ExtractLimits {
  /** Most order lines one mail may carry. */
  maxOrderLines: number;
  /** Most characters of order text one mail may carry. */
  maxOrderChars: number;
}

/** The intake's one order text limit (ORDER_TEXT_LIMITS, configured by ORDER_MAX_*), in the extraction's names. */
export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = { maxOrderLines: ORDER_TEXT_LIMITS.maxLines, maxOrderChars: ORDER_TEXT_LIMITS.maxChars };

/** Longest body or order file read at all: 40 times the order text allowed (quotes, signatures, forwards). */
export function maxMailTextChars(limits: ExtractLimits): number {
  return 40 * limits.maxOrderChars;
}

export interface MailSubmission {
  gameId: string;
  secret: string;
  command: MailCommand;
  /** The `nation:` line, when the player wrote one (the secret alone decides the nation). */
  nation: string | null;
  /** `final: yes`: the player declares the nation's orders final for the turn (as REST's `final: true`). */
  final: boolean;
  /** Order lines for the engine's parser, `\n`-separated; empty for the other commands. */
  orderText: string;
  /** Where the orders came from: "body", "attachment orders.txt", "forwarded message". */
  source: string;
  /** Things the player should know about how the mail was read. */
  warnings: string[];
}

export type RefusalReason =
  | 'no-text'
  | 'missing-game'
  | 'missing-secret'
  | 'conflicting-lines'
  | 'bad-keyword-value'
  | 'unknown-command'
  | 'too-many-lines'
  | 'too-long';

export type Extraction =
  | { ok: true; submission: MailSubmission }
  | {
      ok: false;
      reason: RefusalReason;
      /** For the player, in words; never contains the secret. */
      message: string;
      warnings: string[];
    };

type Keyword = 'game' | 'secret' | 'nation' | 'command' | 'final';

/**
 * The start of a keyword line, up to its `:` or `=`; the value is the rest of the line, trimmed (see
 * keywordLine: a lazy `(.*?)\s*$` here backtracked quadratically over a value with a long run of spaces).
 */
const KEYWORD_HEAD = /^\s*(game|secret|password|nation|command|final)\s*[:=]/i;
/** Line terminators that `.` does not match: a keyword value holds none inside it. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const SUBJECT_KEYWORD = /\b(game|secret|password|nation|command|final)\s*[:=]\s*([^\s,;]+)/gi;
/** A game id, nation id or secret: one word of letters, digits and `-_.+/=~!@#$%^&*`. */
const TOKEN = /^[\p{L}\p{N}\-_.+/=~!@#$%^&*]{1,128}$/u;

const FINAL_WORDS: Record<string, 'yes' | 'no'> = { yes: 'yes', true: 'yes', y: 'yes', no: 'no', false: 'no', n: 'no' };

const COMMANDS: Record<string, MailCommand> = {
  orders: 'orders',
  order: 'orders',
  status: 'status',
  'resend-report': 'resend-report',
  'resend report': 'resend-report',
  resend: 'resend-report',
  report: 'resend-report',
  'report-full': 'report-full',
  'report-text': 'report-text',
  'report-none': 'report-none',
};

// ---------------------------------------------------------------------------------------------
// Live text: the part of a body the sender wrote now, without quotes, signatures and footers.

const SIGNATURE = /^(--|__+|—+)\s*$/;
const END_MARKER = /^\s*(end|end of orders)\s*$/i;
const MOBILE_FOOTER =
  /^\s*(sent from my .{1,40}|sent from (mail|outlook|yahoo mail|aol) for .{1,30}|sent from (yahoo mail|proton ?mail|aol mobile mail).{0,30}|get outlook for .{1,20}|von meinem .{1,40} gesendet|envoyé de mon .{1,40})\s*$/i;
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original)\s*-{2,}\s*$/i;
const FORWARD_MARKER =
  /^\s*(-{2,}\s*(forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}|-{2,}\s*forwarded message\s*-{2,}|begin forwarded message:)\s*$/i;
const OUTLOOK_RULE = /^_{10,}\s*$/;
/** Header lines of a quoted or forwarded message block, in the languages mail clients write them. */
const BLOCK_HEADER =
  /^\s*\*?(from|sent|date|to|cc|bcc|subject|reply-to|von|gesendet|datum|an|betreff|de|envoyé|date|à|objet|enviado|para|asunto)\s*:\*?\s/i;
const QUOTE_ATTRIBUTION =
  /(\bwrote|\bschrieb|a écrit|escribió|scrisse|schreef)\s*:\s*$/i;
const QUOTE_ATTRIBUTION_START = /^\s*(on|am|le|el|il|op)\s/i;

export interface LiveText {
  lines: string[];
  /** What was dropped, for the warnings. */
  droppedQuoted: number;
  cutAt: string | null;
}

/**
 * Keeps the lines the sender wrote in this mail. `forwarded` says the mail is a forward (subject
 * `Fwd:`/`Fw:`/`WG:`/`TR:`): then an Outlook "Original Message" block is the forwarded text and is read
 * rather than cut.
 */
export function liveText(text: string, forwarded: boolean): LiveText {
  const all = normalizeText(text).split('\n');
  const lines: string[] = [];
  let droppedQuoted = 0;
  let cutAt: string | null = null;
  let i = 0;
  const skipHeaderBlock = (): void => {
    while (i < all.length) {
      const l = all[i] ?? '';
      // Header lines, blank lines, and a folded continuation of the header line above.
      const continuation = /^\s+\S/.test(l) && i > 0 && BLOCK_HEADER.test(all[i - 1] ?? '');
      if (BLOCK_HEADER.test(l) || l.trim() === '' || continuation) {
        i++;
        continue;
      }
      break;
    }
  };
  while (i < all.length) {
    const line = all[i] ?? '';
    const next = all[i + 1] ?? '';
    if (END_MARKER.test(line)) {
      cutAt = 'end line';
      break;
    }
    if (SIGNATURE.test(line)) {
      cutAt = 'signature';
      break;
    }
    if (MOBILE_FOOTER.test(line)) {
      cutAt = 'mail client footer';
      break;
    }
    if (FORWARD_MARKER.test(line)) {
      i++;
      skipHeaderBlock();
      continue;
    }
    const outlookBlock =
      ORIGINAL_MESSAGE.test(line) ||
      (OUTLOOK_RULE.test(line) && BLOCK_HEADER.test(next)) ||
      (/^\s*\*?from\s*:\*?\s/i.test(line) && /^\s*\*?(sent|date)\s*:\*?\s/i.test(next) && lines.some((l) => l.trim() !== ''));
    if (outlookBlock) {
      if (forwarded) {
        i++;
        skipHeaderBlock();
        continue;
      }
      cutAt = 'quoted message';
      break;
    }
    if (/^\s*>/.test(line)) {
      droppedQuoted++;
      i++;
      continue;
    }
    if (QUOTE_ATTRIBUTION.test(line) && (QUOTE_ATTRIBUTION_START.test(line) || line.includes('@'))) {
      droppedQuoted++;
      i++;
      continue;
    }
    // "On Mon, 30 Nov 2026 at 09:00, Someone <a@b.c>\n wrote:" wrapped over two lines.
    if (QUOTE_ATTRIBUTION_START.test(line) && !line.includes(',,') && QUOTE_ATTRIBUTION.test(next) && next.trim().split(/\s+/).length <= 6) {
      droppedQuoted += 2;
      i += 2;
      continue;
    }
    lines.push(line);
    i++;
  }
  return { lines, droppedQuoted, cutAt };
}

// ---------------------------------------------------------------------------------------------
// Keyword lines.

interface KeywordHit {
  key: Keyword;
  value: string;
  where: 'subject' | 'body';
}

function canonicalKey(word: string): Keyword {
  const w = word.toLowerCase();
  return w === 'password' ? 'secret' : (w as Keyword);
}

/** The value without the `.`, `)` and `]` that end it ("game: me1." in a sentence); linear, unlike /[.)\]]+$/. */
function withoutClosingPunctuation(value: string): string {
  let end = value.length;
  while (end > 0 && (value[end - 1] === '.' || value[end - 1] === ')' || value[end - 1] === ']')) end--;
  return value.slice(0, end);
}

/** A keyword line's key and value (trimmed), or null when the line is not one. */
function keywordLine(line: string): { key: string; value: string } | null {
  const m = KEYWORD_HEAD.exec(line);
  if (m === null) return null;
  const value = line.slice(m[0].length).trim();
  return LINE_TERMINATOR.test(value) ? null : { key: m[1] ?? '', value };
}

function subjectKeywords(subject: string): KeywordHit[] {
  const hits: KeywordHit[] = [];
  for (const m of normalizeText(subject).matchAll(SUBJECT_KEYWORD)) {
    hits.push({ key: canonicalKey(m[1] ?? ''), value: withoutClosingPunctuation(m[2] ?? ''), where: 'subject' });
  }
  return hits;
}

interface SplitBody {
  keywords: KeywordHit[];
  /** Line index (in `lines`) of the first keyword line, or -1. */
  firstKeywordLine: number;
  /** Lines that are not keyword lines, with their index. */
  rest: { index: number; line: string }[];
}

function splitKeywords(lines: string[]): SplitBody {
  const keywords: KeywordHit[] = [];
  const rest: { index: number; line: string }[] = [];
  let firstKeywordLine = -1;
  lines.forEach((line, index) => {
    const m = keywordLine(line);
    if (m) {
      keywords.push({ key: canonicalKey(m.key), value: m.value, where: 'body' });
      if (firstKeywordLine < 0) firstKeywordLine = index;
    } else {
      rest.push({ index, line });
    }
  });
  return { keywords, firstKeywordLine, rest };
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? '').trim() === '') start++;
  while (end > start && (lines[end - 1] ?? '').trim() === '') end--;
  return lines.slice(start, end);
}

function isForwardSubject(subject: string): boolean {
  return /^\s*((re|aw|sv)\s*:\s*)*(fwd?|wg|tr|rv|enc)\s*:/i.test(subject);
}

const ORDER_FILE = /\.(txt|text|ord|orders?)$/i;

function isOrderFile(a: MailAttachment): boolean {
  if (a.related) return false;
  if (a.filename !== null) return ORDER_FILE.test(a.filename) || (a.contentType === 'text/plain' && !/\.\w{1,5}$/.test(a.filename));
  return a.contentType === 'text/plain';
}

/**
 * Whether a text is an order file some ruleset reads whatever its name (JOverseer's for mepbm): the
 * rulesets' `orders.recognises` (apps/mail-in/src/order-files.ts asks them all). Extraction runs before
 * the game is known, and knows no order file's format itself.
 */
export type RecognisesOrderFile = (text: string) => boolean;

const RECOGNISES_NONE: RecognisesOrderFile = () => false;

/**
 * An attachment that is not an order file by its name (`me03v0.077`, `orders.csv`), of any MIME type
 * (`application/octet-stream` too): read when a ruleset recognises its text and the mail body has no
 * orders. Not one a mail client adds on its own, and within the size read at all.
 */
function mayBeRecognised(a: MailAttachment, maxChars: number): boolean {
  return !a.related && !isOrderFile(a) && !isQuietAttachment(a) && a.content.length <= maxChars && !looksBinary(a.content);
}

/** Attachments that mail clients add on their own and that need no warning. */
function isQuietAttachment(a: MailAttachment): boolean {
  return (
    a.related ||
    a.contentType === 'application/pgp-signature' ||
    a.contentType === 'application/pkcs7-signature' ||
    a.contentType === 'application/x-pkcs7-signature' ||
    a.contentType === 'text/vcard' ||
    a.contentType === 'text/x-vcard' ||
    a.contentType === 'application/ms-tnef' ||
    a.contentType === 'text/calendar'
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads a mail: finds the game, the secret and the command in the subject and the body, and the
 * order text in the body, a `.txt` attachment, or a forwarded message.
 */
export function extractSubmission(mail: MailContent, limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS, recognises: RecognisesOrderFile = RECOGNISES_NONE): Extraction {
  const warnings: string[] = [];
  // Size first, before any line is looked at: a text far past what any order mail needs is refused
  // unread (the reading below is linear, but need not run over megabytes of it).
  const maxTextChars = maxMailTextChars(limits);
  const longest = Math.max(mail.text?.length ?? 0, ...mail.attachments.map((a) => (isOrderFile(a) ? a.content.length : 0)));
  if (longest > maxTextChars) {
    return refuse('too-long', `The mail's text is ${longest} characters long; at most ${maxTextChars} are read in one mail. Nothing was stored.`, warnings);
  }
  const texts = candidateTexts(mail, maxTextChars, recognises, warnings);
  // Keywords: the body, the order files and forwarded messages first (a mistake there is refused);
  // the subject only fills in what they leave out, because subjects are free text ("Game: Fourth Age").
  const hits: KeywordHit[] = [...(texts.body?.split.keywords ?? []), ...texts.files.flatMap((f) => f.split.keywords), ...texts.forwarded.flatMap((f) => f.keywords)];
  const values = keywordValues(hits, warnings);
  if (!(values instanceof Map)) return values;
  subjectKeywordValues(mail.subject, values, warnings);

  const gameId = values.get('game');
  const secret = values.get('secret');
  const command = (values.get('command') ?? 'orders') as MailCommand;
  const nation = values.get('nation') ?? null;
  const final = values.get('final') === 'yes';
  const hasAnyText = (texts.body !== null && texts.body.live.lines.some((l) => l.trim() !== '')) || texts.files.length > 0 || texts.recognised.length > 0 || texts.forwarded.length > 0 || hits.length > 0;
  if (!hasAnyText) {
    return refuse('no-text', 'The mail has no readable text. Write your orders as plain text in the mail body or in a .txt attachment.', warnings);
  }
  if (gameId === undefined) {
    return refuse('missing-game', 'The mail has no "game:" line. Start your orders with "game: <game id>" and "secret: <your secret>".', warnings);
  }
  if (secret === undefined) {
    return refuse('missing-secret', 'The mail has no "secret:" line. Start your orders with "game: <game id>" and "secret: <your secret>".', warnings);
  }
  const { lines: orderLines, source } = orderLinesOf(texts, warnings);
  if (command !== 'orders') {
    if (orderLines.some((l) => l.trim() !== '')) {
      warnings.push(`With "command: ${command}" the ${orderLines.length} other line${orderLines.length === 1 ? '' : 's'} of the mail ${orderLines.length === 1 ? 'was' : 'were'} not read as orders.`);
    }
    return { ok: true, submission: { gameId, secret, command, nation, final, orderText: '', source, warnings } };
  }
  const orderText = withinLimits(orderLines, limits, warnings);
  if (typeof orderText !== 'string') return orderText;
  return { ok: true, submission: { gameId, secret, command, nation, final, orderText, source, warnings } };
}

/** The texts of a mail that may hold keyword lines and orders, in the order they are tried for orders. */
interface CandidateTexts {
  body: { live: LiveText; split: SplitBody } | null;
  /** Order files by their name (`.txt`...), their live text split. */
  files: { name: string; split: SplitBody }[];
  /** Attachments a ruleset recognises as its order file, whatever their name. */
  recognised: { name: string; lines: string[] }[];
  /** Forwarded messages (message/rfc822 attachments): their live text, split. */
  forwarded: SplitBody[];
}

function candidateTexts(mail: MailContent, maxTextChars: number, recognises: RecognisesOrderFile, warnings: string[]): CandidateTexts {
  const live = mail.text !== null ? liveText(mail.text, isForwardSubject(mail.subject)) : null;
  const body = live !== null ? { live, split: splitKeywords(live.lines) } : null;
  if (mail.htmlUnreadable) warnings.push('The HTML part of your mail could not be converted to text; send plain text.');
  const { files, recognised } = attachedOrderFiles(mail.attachments, maxTextChars, recognises, warnings);
  const forwarded = mail.forwarded.filter((f) => f.text !== null).map((f) => splitKeywords(liveText(f.text ?? '', false).lines));
  return { body, files: files.map((f) => ({ name: f.name, split: splitKeywords(f.lines) })), recognised, forwarded };
}

/** The order files among the attachments: by their name, and those a ruleset recognises; a warning for each other attachment. */
function attachedOrderFiles(
  attachments: readonly MailAttachment[],
  maxTextChars: number,
  recognises: RecognisesOrderFile,
  warnings: string[],
): { files: { name: string; lines: string[] }[]; recognised: { name: string; lines: string[] }[] } {
  const files: { name: string; lines: string[] }[] = [];
  const recognised: { name: string; lines: string[] }[] = [];
  for (const a of attachments) {
    const name = a.filename ?? `(unnamed ${a.contentType} part)`;
    const decoded = mayBeRecognised(a, maxTextChars) ? decodeTextBytes(a.content, a.charset ?? undefined) : null;
    if (decoded !== null && recognises(decoded.text)) {
      recognised.push({ name, lines: normalizeText(decoded.text).split('\n') });
    } else if (isOrderFile(a)) {
      if (looksBinary(a.content)) {
        warnings.push(`Attachment ${name} is not a text file and was ignored.`);
        continue;
      }
      const text = decodeTextBytes(a.content, a.charset ?? undefined);
      if (text.note !== undefined) warnings.push(`Attachment ${name}: ${text.note}.`);
      files.push({ name, lines: liveText(text.text, false).lines });
    } else if (!isQuietAttachment(a)) {
      warnings.push(`Attachment ${name} (${a.contentType}) was ignored: it is not an order file (orders go in the mail body, in a .txt attachment, or in an order file your game reads under any name).`);
    }
  }
  return { files, recognised };
}

/** Game ids and secrets are case-sensitive; nation ids and commands are not. */
function sameValue(key: Keyword, a: string, b: string): boolean {
  return key === 'game' || key === 'secret' ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** The keyword lines' values (commands and final words in their one spelling), or the refusal of a bad or conflicting one. */
function keywordValues(hits: readonly KeywordHit[], warnings: string[]): Map<Keyword, string> | Extraction {
  const values = new Map<Keyword, string>();
  for (const hit of hits) {
    const value = keywordValue(hit, warnings);
    if (typeof value !== 'string') return value;
    const previous = values.get(hit.key);
    if (previous !== undefined && !sameValue(hit.key, previous, value)) {
      return refuse(
        'conflicting-lines',
        hit.key === 'secret'
          ? 'The mail holds two different secrets; send one mail per player with one secret line.'
          : hit.key === 'final'
            ? 'The mail says both "final: yes" and "final: no"; keep one of them.'
            : `The mail names two different ${hit.key === 'game' ? 'games' : hit.key === 'nation' ? 'nations' : 'commands'} ("${clip(previous)}" and "${clip(value)}"); send one mail per game and nation.`,
        warnings,
      );
    }
    if (previous === undefined) values.set(hit.key, value);
  }
  return values;
}

/** One keyword line's value in its one spelling, or the refusal of a value that is not one. */
function keywordValue(hit: KeywordHit, warnings: string[]): string | Extraction {
  const value = hit.value;
  if (hit.key === 'command') {
    const command = COMMANDS[value.toLowerCase()];
    if (command !== undefined) return command;
    return refuse(
      'unknown-command',
      `The command "${clip(value)}" is not known. Write "command: orders", "command: status", "command: resend-report", or "command: report-full", "report-text" or "report-none" (how turn reports are mailed).`,
      warnings,
    );
  }
  if (hit.key === 'final') {
    const final = FINAL_WORDS[value.toLowerCase()];
    return final ?? refuse('bad-keyword-value', `The final line is "final: yes" (your orders are final for this turn) or "final: no"; found "${clip(value)}".`, warnings);
  }
  if (TOKEN.test(value)) return value;
  return refuse(
    'bad-keyword-value',
    hit.key === 'secret' ? 'The secret line must hold one word (your secret), with nothing else on the line.' : `The ${hit.key} line must hold one word; found "${clip(value)}".`,
    warnings,
  );
}

/** The subject's keywords fill in what the mail's lines left out; a bad value there is passed over. */
function subjectKeywordValues(subject: string, values: Map<Keyword, string>, warnings: string[]): void {
  for (const hit of subjectKeywords(subject)) {
    const value =
      hit.key === 'command' ? COMMANDS[hit.value.toLowerCase()] : hit.key === 'final' ? FINAL_WORDS[hit.value.toLowerCase()] : TOKEN.test(hit.value) ? hit.value : undefined;
    if (value === undefined) continue;
    const previous = values.get(hit.key);
    if (previous === undefined) values.set(hit.key, value);
    else if (hit.key === 'game' && !sameValue('game', previous, value)) {
      warnings.push(`The subject names game "${clip(value)}"; the game line of the mail ("${clip(previous)}") was used.`);
    }
  }
}

/** The body's lines after its keyword lines (a warning for lines before them). */
function bodyOrderLines(body: CandidateTexts['body'], warnings: string[]): string[] {
  if (body === null) return [];
  const { rest, firstKeywordLine } = body.split;
  if (firstKeywordLine < 0) return rest.map((r) => r.line);
  const before = trimBlankEdges(rest.filter((r) => r.index < firstKeywordLine).map((r) => r.line));
  if (before.length > 0) {
    warnings.push(
      `${before.length} line${before.length === 1 ? '' : 's'} before the game/secret lines ${before.length === 1 ? 'was' : 'were'} ignored (starting "${clip(before[0] ?? '')}"); orders go after those lines.`,
    );
  }
  return rest.filter((r) => r.index > firstKeywordLine).map((r) => r.line);
}

/**
 * The order lines and where they came from: the order files when there are any (the body is then not
 * read as orders); else the body; else a recognised order file; else a forwarded message.
 */
function orderLinesOf(texts: CandidateTexts, warnings: string[]): { lines: string[]; source: string } {
  let lines: string[];
  let source = 'body';
  if (texts.files.length > 0) {
    lines = texts.files.flatMap((f) => f.split.rest.map((r) => r.line));
    source = `attachment ${texts.files.map((f) => f.name).join(', ')}`;
    const ignoredBody = trimBlankEdges(bodyOrderLines(texts.body, warnings));
    if (ignoredBody.length > 0) {
      warnings.push(
        `The orders were read from ${source}; the ${ignoredBody.length} other line${ignoredBody.length === 1 ? '' : 's'} of the mail body ${ignoredBody.length === 1 ? 'was' : 'were'} not read as orders.`,
      );
    }
    if (texts.files.length > 1) warnings.push(`Orders were read from ${texts.files.length} attachments, one after the other.`);
  } else {
    lines = bodyOrderLines(texts.body, warnings);
    const bodyEmpty = trimBlankEdges(lines).length === 0;
    const recognisedNames = texts.recognised.map((f) => f.name).join(', ');
    if (bodyEmpty && texts.recognised.length > 0) {
      lines = texts.recognised.flatMap((f) => f.lines);
      source = `attachment ${recognisedNames}`;
    } else if (texts.recognised.length > 0) {
      warnings.push(`The orders were read from the mail body; the order file in ${recognisedNames} was not read (send it without orders in the body).`);
    }
    if (bodyEmpty && texts.recognised.length === 0 && texts.forwarded.length > 0) {
      lines = texts.forwarded.flatMap((f) => (f.firstKeywordLine < 0 ? f.rest : f.rest.filter((r) => r.index > f.firstKeywordLine)).map((r) => r.line));
      source = 'forwarded message';
    }
  }
  const dropped = texts.body?.live.droppedQuoted ?? 0;
  if (dropped > 0 && source === 'body') {
    warnings.push(`${dropped} quoted line${dropped === 1 ? '' : 's'} (starting with ">" or "... wrote:") ${dropped === 1 ? 'was' : 'were'} not read.`);
  }
  return { lines: trimBlankEdges(lines), source };
}

/** The order text within the mail's limits (lines, characters), or the refusal of one past them. */
function withinLimits(orderLines: readonly string[], limits: ExtractLimits, warnings: string[]): string | Extraction {
  const nonBlank = orderLines.filter((l) => l.trim() !== '').length;
  if (nonBlank > limits.maxOrderLines) {
    return refuse('too-many-lines', `The mail holds ${nonBlank} order lines; at most ${limits.maxOrderLines} are accepted in one mail. Nothing was stored.`, warnings);
  }
  const orderText = orderLines.join('\n');
  if (orderText.length > limits.maxOrderChars) {
    return refuse('too-long', `The order text is ${orderText.length} characters long; at most ${limits.maxOrderChars} are accepted in one mail. Nothing was stored.`, warnings);
  }
  if (nonBlank === 0) warnings.push('The mail holds no order lines; your standing orders are unchanged.');
  return orderText;
}

function refuse(reason: RefusalReason, message: string, warnings: string[]): Extraction {
  return { ok: false, reason, message, warnings };
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}
