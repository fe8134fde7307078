// The mails of a game played as each move arrives: "your move" to the player whose move it is now (what
// changed since their last move, the order template, the move's time limit; the map is attached), and the
// subject of a move's report. Pure: no clock, no I/O.
import type { RulesetLabel } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
import { playerMailHeaders, playerMailSubject, type PlayerMail } from './player-mail.ts';

/** One move made since the reader's last move, in words. */
export interface MoveSince {
  seq: number;
  /** The mover's name. */
  by: string;
  /** orders (the mover's), timeout (the time limit ran out: a pass), skip (the game master passed for them). */
  kind: 'orders' | 'timeout' | 'skip';
}

export interface YourMoveMailInput {
  gameId: string;
  gameName: string;
  playerId: string;
  playerName: string;
  turn: number;
  /** The moves since the reader's last one (or since the turn opened), oldest first. */
  since: MoveSince[];
  /** The reader's report of the last move, as text (what the board looks like now, as they see it). */
  report: string;
  /** The order template lines for the reader's units. */
  template: string[];
  /** When the move's time limit runs out. */
  moveDeadline: Date;
  timeZone: string;
  /** The game's ruleset: its title names the game at the top. */
  ruleset: RulesetLabel;
}

/** The first line of a move mail: the game, its ruleset and the reader. */
function moveMailOpening(m: { gameId: string; gameName: string; playerId: string; playerName: string; ruleset: RulesetLabel }): string {
  return `"${m.gameName}" (game ${m.gameId}, a game of ${m.ruleset.title}), for ${m.playerName} (${m.playerId}):`;
}

const KIND_WORDS: Readonly<Record<MoveSince['kind'], string>> = {
  orders: 'moved',
  timeout: 'passed (the time limit ran out)',
  skip: 'was skipped by the game master',
};

export function yourMoveMail(m: YourMoveMailInput): PlayerMail {
  checkDeadline(m.moveDeadline, m.timeZone);
  const heading = { gameId: m.gameId, gameName: m.gameName, playerId: m.playerId, playerName: m.playerName, turn: m.turn };
  const since = m.since.length === 0 ? ['  (no move yet: yours opens the turn)'] : m.since.map((s) => `  move ${s.seq}: ${s.by} ${KIND_WORDS[s.kind]}`);
  const text = [
    moveMailOpening(m),
    '',
    `It is your move in turn ${m.turn}. Send your orders before`,
    `  ${deadlineInZone(m.moveDeadline, m.timeZone)}`,
    `  = ${deadlineUtc(m.moveDeadline)}`,
    'or the move passes. Your move is adjudicated as soon as it arrives; every line of it must be accepted.',
    '',
    'Since your last move:',
    ...since,
    '',
    'Your orders (a template: change it and send it back):',
    ...m.template.map((l) => `  ${l}`),
    '',
    ...(m.report === '' ? ['Your welcome mail has the starting position and its map.'] : ['The board as you see it now (the map is attached):', '', m.report]),
    '',
  ].join('\n');
  return { subject: playerMailSubject(heading, `turn ${m.turn}, your move`), text, html: null, headers: playerMailHeaders(heading) };
}

/** A move's report mail subject: "[Arbiter] Game: turn 3, move 2 (Bea), Anna". */
export function moveReportSubject(h: { gameId: string; gameName: string; playerId: string; playerName: string; turn: number }, seq: number, mover: string): string {
  return playerMailSubject(h, `turn ${h.turn}, move ${seq} (${mover})`);
}

/** What the game master did to the moves, for the notice to every player. */
export type MoveChange =
  | { kind: 'taken-back'; seq: number; by: string }
  | { kind: 'extended'; moveDeadline: Date; by: string }
  | { kind: 'timed-out'; by: string }
  | { kind: 'skipped'; by: string };

export interface MoveNoticeInput {
  gameId: string;
  gameName: string;
  playerId: string;
  playerName: string;
  turn: number;
  timeZone: string;
  change: MoveChange;
  /** The game's ruleset: its title names the game at the top. */
  ruleset: RulesetLabel;
}

/** The notice of a taken-back move, an extended time limit, a move timed out or skipped (every player gets it). */
export function moveNoticeMail(n: MoveNoticeInput): PlayerMail {
  const heading = { gameId: n.gameId, gameName: n.gameName, playerId: n.playerId, playerName: n.playerName, turn: n.turn };
  const c = n.change;
  const [subject, lines] = ((): [string, string[]] => {
    switch (c.kind) {
      case 'taken-back':
        return [`move ${c.seq} taken back`, [`The game master took back move ${c.seq} of turn ${n.turn} (${c.by}'s): the board is as it was before it, and it is ${c.by}'s move again.`, 'The move stays in the game\'s record.']];
      case 'extended':
        checkDeadline(c.moveDeadline, n.timeZone);
        return ['the move has more time', [`The game master gave ${c.by} more time for their move in turn ${n.turn}: it is now due`, `  ${deadlineInZone(c.moveDeadline, n.timeZone)}`, `  = ${deadlineUtc(c.moveDeadline)}`]];
      case 'timed-out':
        return [`${c.by}'s move timed out`, [`${c.by}'s time for their move in turn ${n.turn} ran out: the move passed (the game's rule for a missed move).`]];
      case 'skipped':
        return [`${c.by}'s move skipped`, [`The game master skipped ${c.by}'s move in turn ${n.turn}: the move passed.`]];
    }
  })();
  const text = [moveMailOpening(n), '', ...lines, ''].join('\n');
  return { subject: playerMailSubject(heading, subject), text, html: null, headers: playerMailHeaders(heading) };
}
