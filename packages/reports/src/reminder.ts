// The reminder before the deadline to a nation that has sent no orders for the turn. Pure: no clock, no I/O.
import { checkDeadline, deadlineInZone, deadlineUtc } from './deadline.ts';
import { playerMailHeaders, playerMailSubject, type PlayerMail } from './player-mail.ts';

export interface ReminderMailInput {
  gameId: string;
  gameName: string;
  words: { player: string; units: string };
  playerId: string;
  playerName: string;
  turn: number;
  deadline: Date;
  timeZone: string;
  /** The address orders are mailed to, and the API's public base URL (no trailing slash). */
  ordersTo: string;
  apiUrl: string;
}

/** "Turn 3 of War of the Ring is due ... and we have no orders from you yet." */
export function reminderMail(r: ReminderMailInput): PlayerMail {
  checkDeadline(r.deadline, r.timeZone);
  const heading = { gameId: r.gameId, gameName: r.gameName, playerId: r.playerId, playerName: r.playerName, turn: r.turn };
  const text = [
    `Arbiter has no orders from ${r.playerName} (${r.playerId}) for turn ${r.turn} of "${r.gameName}" (game ${r.gameId}).`,
    '',
    `Orders are due ${deadlineInZone(r.deadline, r.timeZone)}`,
    `  = ${deadlineUtc(r.deadline)}`,
    '',
    `Without orders your ${r.words.units} stay where they are this turn. Send them by mail to ${r.ordersTo}`,
    `(the "game:" and "secret:" lines first, as in your welcome mail), on the web at ${r.apiUrl}/#/play or with`,
    `POST ${r.apiUrl}/v1/games/${r.gameId}/orders. Your last report has an order template.`,
    '',
    'This is the only reminder for this turn.',
    '',
  ].join('\n');
  return { subject: playerMailSubject(heading, `orders for turn ${r.turn} are due`), text, html: null, headers: playerMailHeaders(heading) };
}
