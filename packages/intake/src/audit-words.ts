// The audit log in words (issue #25, the GM desk): each entry's action and detail as a sentence. An
// action written by a newer version than this reader is shown by its name and detail, never dropped.

type Detail = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?');
const when = (v: unknown): string => (typeof v === 'string' ? v.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : '?');

const SENTENCES: Readonly<Record<string, (d: Detail) => string>> = {
  'game.create': (d) => `The game was created; turn ${str(d.turn)} is due ${when(d.deadline)}.`,
  'game.pause': () => 'The game was paused.',
  'game.resume': (d) => `The game was resumed; turn ${str(d.turn)} is due ${when(d.deadline)}.`,
  'game.finish': (d) => `The game was finished at turn ${str(d.turn)}.`,
  'game.reminder-hours': (d) => (d.reminderHours === 0 ? 'Reminders were turned off.' : `Reminders are sent ${str(d.reminderHours)} hours before each deadline.`),
  'turn.run-now': (d) => `Turn ${str(d.turn)} was run now (its deadline was ${when(d.originalDeadline)}).`,
  'turn.extend': (d) => `Turn ${str(d.turn)}'s deadline was moved from ${when(d.from)} to ${when(d.to)}.`,
  'turn.hold': (d) => `Turn ${str(d.turn)} was held for the game master: ${str(d.reason)}.`,
  'turn.release': (d) => `Turn ${str(d.turn)} was released${d.by === 'extend' ? ' by moving its deadline' : ''}.`,
  'turn.adjudicated': (d) => `Turn ${str(d.turn)} was adjudicated (${str(d.mails)} mails; result ${str(d.hash).slice(0, 12)}…); the next deadline is ${when(d.nextDeadline)}.`,
  'nation.email': (d) => `${str(d.nationId)}'s address was replaced.`,
  'nation.secret': (d) => `${str(d.nationId)} was issued a new secret.`,
  'nation.report-delivery': (d) => `${str(d.nationId)}'s reports are now mailed: ${str(d.reportDelivery)}.`,
};

/** One audit entry as a sentence. */
export function auditWords(action: string, detail: unknown): string {
  const d = typeof detail === 'object' && detail !== null ? (detail as Detail) : {};
  const say = SENTENCES[action];
  return say === undefined ? `${action} ${JSON.stringify(detail)}` : say(d);
}
