// The words of the mail intake's answers: the order-mail help, refusals, notices, the receipt mail's
// subject and notes, the status mail and the report-delivery notice. Pure: apps/mail-in decides which
// answer a mail gets and hands the facts here; nothing here reads a mail or the database. A subject quoted
// from the player's mail comes in already cut to one line with its secrets redacted (the caller's).
import type { RulesetLabel } from '@arbiter/engine';

/** The mail-intake help that ends every refusal: how to write an order mail, with each ruleset's example line. */
export function orderMailHelp(examples: readonly { line: string; title: string }[]): string {
  return [
    'How to send orders by mail: put these lines at the top of a plain-text mail',
    '',
    '  game: <game id>',
    '  secret: <your secret>',
    '',
    'followed by your orders, one per line, as your game writes them, e.g.',
    ...examples.map((e) => `  ${e.line}    (${e.title})`),
    'Other commands: a line "command: status" (standing orders and deadline) or',
    '"command: resend-report" (the last turn report again); "command: report-text"',
    '(reports as plain text, no map), "command: report-none" (no report mail) or',
    '"command: report-full" (text, HTML and map; the default).',
  ].join('\n');
}

/**
 * Refusal reasons whose extraction message quotes the mail, in words that quote nothing; the others
 * (sizes, a missing line) are said as the extraction says them.
 */
const UNREADABLE_WORDS: Partial<Record<string, string>> = {
  'unknown-command':
    'its command line is not one Arbiter knows. Write "command: orders", "command: status", "command: resend-report", or "command: report-full", "report-text" or "report-none".',
  'bad-keyword-value': 'one of its game, secret, nation or final lines does not hold one word (or, for final, yes or no).',
  'conflicting-lines': 'it holds two different values for one of its game, secret, nation, command or final lines; send one mail per game and nation.',
};

/**
 * A refusal goes to an address nobody has proved to own (From is forged at will): it quotes nothing of
 * the mail, only Arbiter's own words. `reason` and `message` are the extraction's.
 */
export function unreadableMailRefusal(reason: string, message: string, help: string): string {
  return [`Arbiter could not read your mail (the one this answers): ${UNREADABLE_WORDS[reason] ?? message}`, '', help].join('\n');
}

/** Unknown game and wrong secret get the same short answer. */
export function unauthenticatedRefusal(help: string): string {
  return [
    'Arbiter could not match your mail (the one this answers) to a game and player, so nothing was stored.',
    'Check the "game:" and "secret:" lines against your welcome mail (sent when the game was created, and again',
    'whenever the game master issues you a new secret); if you no longer have it, ask the game master for a new secret.',
    '',
    help,
  ].join('\n');
}

/** A refusal mail to an unauthenticated sender (at most one per address per hour: the caller throttles). */
export function refusalMail(text: string): { subject: string; text: string } {
  return { subject: '[Arbiter] Your mail could not be processed', text: `${text}\n\n(Arbiter sends at most one such notice per address per hour.)\n` };
}

export interface MailPlayer {
  gameId: string;
  nationId: string;
  name: string;
}

export function nationMismatchNotice(p: MailPlayer, mailSubject: string, named: string): { subject: string; text: string } {
  return {
    subject: `[Arbiter] game: ${p.gameId} ${p.name}: mail not processed`,
    text: [
      `Your mail "${mailSubject}" names nation "${named}", but its secret belongs to ${p.name} (${p.nationId}).`,
      'Nothing was stored. Fix or remove the "nation:" line and send the mail again.',
    ].join('\n'),
  };
}

/** A command the game cannot answer now (no current turn, ...): what the intake said. */
export function commandUnavailableNotice(p: MailPlayer, mailSubject: string, command: string, message: string): { subject: string; text: string } {
  return {
    subject: `[Arbiter] game: ${p.gameId} ${p.name}: ${command} not available`,
    text: `Your mail "${mailSubject}" (command: ${command}) could not be answered: ${message}\n`,
  };
}

/** Orders the intake refused (the deadline passed, the turn is closed, ...): its words. */
export function ordersNotStoredNotice(p: MailPlayer, mailSubject: string, message: string): { subject: string; text: string } {
  return {
    subject: `[Arbiter] game: ${p.gameId} ${p.name}: orders not stored`,
    text: [`Your orders in "${mailSubject}" were not stored: ${message}`, '', 'Nothing was changed.'].join('\n'),
  };
}

/** The receipt mail: how the mail was read, the line numbering, then the receipt's own text. */
export function receiptMail(
  p: MailPlayer,
  r: { turn: number; summary: { accepted: number; rejected: number; unreadable: number }; lines: number; text: string },
  read: { source: string; warnings: readonly string[] },
): { subject: string; text: string } {
  const numbering = r.lines > 0 ? `Line numbers count the order lines read from your mail (${read.source}), without the game/secret lines and anything before them.\n` : '';
  const s = r.summary;
  return {
    subject: `[Arbiter] game: ${p.gameId} turn ${r.turn} ${p.name}: receipt (${s.accepted} accepted, ${s.rejected} rejected${s.unreadable > 0 ? `, ${s.unreadable} unreadable` : ''})`,
    text: [mailReadNotes(read), numbering, r.text].filter((t) => t !== '').join('\n'),
  };
}

/** What the player should know about how their mail was read, above the answer. */
export function mailReadNotes(read: { source: string; warnings: readonly string[] }): string {
  if (read.warnings.length === 0 && read.source === 'body') return '';
  const lines = [`Your mail was read from: ${read.source}.`];
  for (const w of read.warnings) lines.push(`Note: ${w}`);
  return lines.join('\n') + '\n';
}

export interface StatusFacts {
  name: string;
  /** The game's ruleset: its title names the game, its words the players ("nations", "players"). */
  ruleset: RulesetLabel;
  turn: number;
  status: string;
  turnStatus: string;
  heldReason: string | null;
  deadlineText: string;
  submissions: number;
  lastReceivedAt: string | null;
  standingTurn: number;
  /** Each standing order: its line and its words. */
  standing: { text: string; words: string }[];
  nations: { nationId: string; name: string; submitted: boolean; final: boolean }[];
}

/** `command: status`: the game, the turn, the deadline, the nation's standing orders and who has sent orders. */
export function statusMail(p: MailPlayer, f: StatusFacts, read: { source: string; warnings: readonly string[] }): { subject: string; text: string } {
  const lines = [
    `Arbiter status: ${f.name} (game ${p.gameId}, a game of ${f.ruleset.title}), turn ${f.turn}, ${p.name} (${p.nationId})`,
    `The game is ${f.status}; turn ${f.turn} is ${f.turnStatus}${f.heldReason !== null ? ` (held: ${f.heldReason})` : ''}.`,
    `Deadline: ${f.deadlineText}`,
    `Your submissions this turn: ${f.submissions}${f.lastReceivedAt ? `, the last received ${f.lastReceivedAt}` : ''}`,
    '',
    `Standing orders for turn ${f.standingTurn}:`,
    ...(f.standing.length === 0 ? ['  (none)'] : f.standing.flatMap((o) => [`  ${o.text}`, `      ${o.words}`])),
    '',
    `${capitalised(f.ruleset.words.players)} that have sent orders this turn:`,
    ...f.nations.map((n) => `  ${n.name} (${n.nationId}): ${n.submitted ? 'yes' : 'not yet'}${n.final ? ', final' : ''}`),
  ];
  return {
    subject: `[Arbiter] game: ${p.gameId} turn ${f.turn} ${p.name}: status`,
    text: [mailReadNotes(read), lines.join('\n')].filter((s) => s !== '').join('\n') + '\n',
  };
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `command: report-full | report-text | report-none`: how the reports come from the next turn on. */
export function reportDeliveryNotice(p: MailPlayer, delivery: 'full' | 'text' | 'none'): { subject: string; text: string } {
  const words = {
    full: 'as text and HTML, with the map attached (the default)',
    text: 'as plain text only, with nothing attached',
    none: 'not at all: read them over the API, or send "command: resend-report" for the latest one',
  }[delivery];
  return {
    subject: `[Arbiter] game: ${p.gameId} ${p.name}: report delivery ${delivery}`,
    text: `From the next turn on, the turn reports of ${p.name} (${p.nationId}) in game ${p.gameId} are mailed ${words}.\n`,
  };
}

/** `command: resend-report` before any turn has run. */
export function noReportYetNotice(p: MailPlayer): { subject: string; text: string } {
  return {
    subject: `[Arbiter] game: ${p.gameId} ${p.name}: no report yet`,
    text: `There is no turn report for ${p.name} (${p.nationId}) in game ${p.gameId} yet: the first report is mailed when turn 1 has been run.\n`,
  };
}

/** The subject of a report mail sent again. */
export function resentSubject(subject: string): string {
  return subject.startsWith('Resent: ') ? subject : `Resent: ${subject}`;
}
