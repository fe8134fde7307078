// A nation's welcome mail: the game, the nation, its secret, where and how to send orders, the deadline,
// the order syntax in short, an order template and the starting position as a report with its map.
// Pure: no clock, no I/O; the secret is whatever text the caller gives (the outbox's placeholder).
import type { RulesetLabel } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
import { playerMailHeaders, playerMailSubject, textAsHtml, type PlayerMail } from './player-mail.ts';

/** Why the welcome is sent: the game began, the GM issued a new secret, or the GM replaced the address. */
export type WelcomeReason = 'game-created' | 'secret-replaced' | 'email-replaced';

export interface WelcomeMailInput {
  reason: WelcomeReason;
  gameId: string;
  gameName: string;
  /** The game's ruleset: its title ("Middle-earth PBM") introduces the game, its words ("nation", "unit", "units") name the player's things. */
  ruleset: RulesetLabel;
  playerId: string;
  playerName: string;
  /** The secret as it goes into the text (the outbox's placeholder); null when it did not change (a new address). */
  secret: string | null;
  /** The open turn, its deadline and the game's time zone. */
  turn: number;
  deadline: Date;
  timeZone: string;
  /** The address orders are mailed to, and the API's public base URL (no trailing slash). */
  ordersTo: string;
  apiUrl: string;
  /**
   * Where the ruleset's orders are explained, as the mail says it: a built-in ruleset's document
   * ("docs/orders-mepbm.md (Arbiter's documentation)"), or the server's page of a ruleset's own guide.
   */
  ordersGuide: string;
  /** One order line as a player writes it (Ruleset.orders.example). */
  example: string;
  /** The order template for the player's own units (Ruleset.orders.template). */
  template: string[];
  /** The position as the ruleset's report shows it, or null when the player asked for no report mail. */
  report: { text: string; html: string | null } | null;
}

const RULE = '='.repeat(78);

/** What each reason's welcome says first, and its subject (a Record, so every reason has both). */
const REASONS: Record<WelcomeReason, { subject: string; opening: (w: WelcomeMailInput) => string[] }> = {
  'game-created': {
    subject: 'welcome',
    opening: (w) => [`Welcome to "${w.gameName}", a game of ${w.ruleset.title} run by Arbiter. You play the ${w.ruleset.words.player} ${w.playerName} (${w.playerId}).`],
  },
  'secret-replaced': {
    subject: 'your new secret',
    opening: (w) => [
      `The game master issued a new secret for ${w.playerName} (${w.playerId}) in "${w.gameName}", a game of ${w.ruleset.title}.`,
      'The old secret no longer works; use the one below from now on.',
    ],
  },
  'email-replaced': {
    subject: 'your game',
    opening: (w) => [
      `The game master registered this address for ${w.playerName} (${w.playerId}) in "${w.gameName}", a game of ${w.ruleset.title}.`,
      'Reports, receipts and notices of the game come here from now on.',
    ],
  },
};

function secretLines(w: WelcomeMailInput): string[] {
  if (w.secret === null) {
    return [
      `Your ${w.ruleset.words.player}'s secret has not changed, and this mail does not carry it (Arbiter keeps only`,
      'a hash of it). If you do not have it, ask the game master to issue a new one: it comes by mail.',
    ];
  }
  return [
    `Your secret: ${w.secret}`,
    '',
    `It alone says that orders are from ${w.playerName}: keep it private and keep this mail. Arbiter does`,
    'not keep it readable, so it cannot send it again; the game master can issue a new one.',
  ];
}

/** The welcome mail's plain text (the report's text, when there is one, follows it). */
export function welcomeText(w: WelcomeMailInput): string {
  checkDeadline(w.deadline, w.timeZone);
  const secret = w.secret ?? '<your secret>';
  const lines = [
    RULE,
    `Arbiter: ${w.gameName} (game ${w.gameId})`,
    `${capitalise(w.ruleset.words.player)}: ${w.playerName} (${w.playerId})`,
    RULE,
    '',
    ...REASONS[w.reason].opening(w),
    '',
    ...secretLines(w),
    '',
    `ORDERS FOR TURN ${w.turn}`,
    '-'.repeat(`ORDERS FOR TURN ${w.turn}`.length),
    `Due ${deadlineInZone(w.deadline, w.timeZone)}`,
    `  = ${deadlineUtc(w.deadline)}`,
    'You may send orders as often as you like before then; each mail or request replaces the orders',
    `of the ${w.ruleset.words.units} it names, and you get a receipt at once.`,
    '',
    `By mail: to ${w.ordersTo}, plain text, with these two lines first and then your orders:`,
    '',
    `  game: ${w.gameId}`,
    `  secret: ${secret}`,
    '',
    `Over the web: ${w.apiUrl}/#/play (the player's page; sign in with the game id and your secret)`,
    `Over the REST API: POST ${w.apiUrl}/v1/games/${w.gameId}/orders`,
    `  with the header "Authorization: Bearer ${secret}" and the orders as text/plain.`,
    '',
    `One order a line, one ${w.ruleset.words.unit} per line, for example:`,
    `  ${w.example}`,
    `The whole syntax is in ${w.ordersGuide}; "command: status" in a mail`,
    'answers with your standing orders.',
    '',
    `YOUR ORDER TEMPLATE`,
    '-------------------',
    `Complete the lines (one per ${w.ruleset.words.unit} of yours; # starts a comment) and send them:`,
    '',
    `game: ${w.gameId}`,
    `secret: ${secret}`,
    '',
    ...(w.template.length === 0 ? [`# (no ${w.ruleset.words.units} of yours can take orders now)`] : w.template.map((l) => l.trimEnd())),
    '',
  ];
  if (w.report === null) {
    lines.push('You asked for no report mails: read your reports over the web or the REST API.', '');
  } else {
    lines.push(
      'YOUR POSITION',
      '-------------',
      `Below is your position as a turn report draws it: turn ${w.turn} as it would end if nobody sent`,
      `orders. Its lines about the next turn are for later; what you send now are your orders for turn ${w.turn},`,
      'due as above.',
      '',
    );
  }
  return lines.join('\n');
}

/** The whole welcome mail: text (with the report's text), HTML (with the report's HTML and map) when the player takes HTML. */
export function welcomeMail(w: WelcomeMailInput): PlayerMail {
  const heading = { gameId: w.gameId, gameName: w.gameName, playerId: w.playerId, playerName: w.playerName, turn: w.turn };
  const intro = welcomeText(w);
  const text = w.report === null ? intro : `${intro}\n${w.report.text}`;
  const reportHtml = w.report?.html ?? null;
  return {
    subject: playerMailSubject(heading, REASONS[w.reason].subject),
    text: text.endsWith('\n') ? text : `${text}\n`,
    html: reportHtml === null ? null : withIntro(reportHtml, textAsHtml(intro)),
    headers: playerMailHeaders(heading),
  };
}

/** The report's HTML with the welcome before its content (after <body>, or first when it has none). */
function withIntro(reportHtml: string, introHtml: string): string {
  const body = /<body[^>]*>/i.exec(reportHtml);
  if (body === null) return `${introHtml}\n${reportHtml}`;
  const at = body.index + body[0].length;
  return `${reportHtml.slice(0, at)}\n${introHtml}\n${reportHtml.slice(at)}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
