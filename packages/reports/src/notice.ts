// A notice to every nation when the game master moves a deadline, pauses, resumes or finishes the game.
// Pure: no clock, no I/O.
import { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
import { playerMailHeaders, playerMailSubject, type PlayerMail } from './player-mail.ts';

/** What the game master changed. */
export type GameChange =
  | { kind: 'deadline-moved'; from: Date; to: Date }
  | { kind: 'paused' }
  | { kind: 'resumed'; deadlineMoved: boolean }
  | { kind: 'finished' };

export interface NoticeMailInput {
  gameId: string;
  gameName: string;
  playerId: string;
  playerName: string;
  /** The open turn and its deadline after the change. */
  turn: number;
  deadline: Date;
  timeZone: string;
  change: GameChange;
}

function due(n: NoticeMailInput, d: Date): string[] {
  return [`  ${deadlineInZone(d, n.timeZone)}`, `  = ${deadlineUtc(d)}`];
}

/** What the notice says about the change, and its subject (a Record of the union's kinds: every kind has one). */
const CHANGES: { [K in GameChange['kind']]: { subject: string; lines: (n: NoticeMailInput, c: Extract<GameChange, { kind: K }>) => string[] } } = {
  'deadline-moved': {
    subject: 'the deadline moved',
    lines: (n, c) => [
      `The game master moved the deadline of turn ${n.turn} ${c.to.getTime() > c.from.getTime() ? 'later' : 'earlier'}.`,
      '',
      'It was',
      ...due(n, c.from),
      `Orders for turn ${n.turn} are now due`,
      ...due(n, c.to),
    ],
  },
  paused: {
    subject: 'the game is paused',
    lines: (n) => [
      'The game master paused the game: no turn runs until it is resumed. You may still send orders.',
      '',
      `The deadline of turn ${n.turn} stands for now; when the game resumes you get a notice with the`,
      'deadline then (a deadline that passed, or is less than 12 hours away, moves to the next scheduled one).',
      'It was',
      ...due(n, n.deadline),
    ],
  },
  resumed: {
    subject: 'the game resumed',
    lines: (n, c) => [
      `The game master resumed the game${c.deadlineMoved ? ', and the deadline moved to the next scheduled one' : ''}.`,
      '',
      `Orders for turn ${n.turn} are due`,
      ...due(n, n.deadline),
    ],
  },
  finished: {
    subject: 'the game is over',
    lines: (n) => [
      `The game master finished the game: turn ${n.turn} and later turns will not run, and no more orders are taken.`,
      'Every report and order stays readable on the web and over the REST API.',
    ],
  },
};

export function noticeMail(n: NoticeMailInput): PlayerMail {
  checkDeadline(n.deadline, n.timeZone);
  const heading = { gameId: n.gameId, gameName: n.gameName, playerId: n.playerId, playerName: n.playerName, turn: n.turn };
  const change = CHANGES[n.change.kind] as { subject: string; lines: (n: NoticeMailInput, c: GameChange) => string[] };
  const text = [`"${n.gameName}" (game ${n.gameId}), for ${n.playerName} (${n.playerId}):`, '', ...change.lines(n, n.change), ''].join('\n');
  return { subject: playerMailSubject(heading, change.subject), text, html: null, headers: playerMailHeaders(heading) };
}
