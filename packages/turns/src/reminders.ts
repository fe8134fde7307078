// Reminders before the deadline: once per nation and turn, to each active nation of an active game that has
// sent no orders for the open turn, from Game.reminderHours before the deadline until the deadline. The
// worker's periodic sweep calls queueDueReminders; the Message-ID (game, nation, turn) makes a second
// worker's copy of the same reminder a no-op.
import { transaction, type Db, type ReportDelivery } from '@arbiter/db';
import { outboxMessageId } from '@arbiter/mail';
import { reminderMail } from '@arbiter/reports';
import { rulesetLabel } from '@arbiter/engine';
import { rulesetFor } from '@arbiter/rulesets';
import { queuePlayerMails, withheldFor, type PlayerMailSettings, type PlayerOutboxMail } from './player-outbox.ts';

interface DueReminder {
  gameId: string;
  gameName: string;
  ruleset: string;
  timeZone: string;
  turn: number;
  deadline: Date;
  nationId: string;
  nationName: string;
  email: string;
  reportDelivery: ReportDelivery;
}

/** The Message-ID of a nation's reminder of a turn: at most one row per (game, nation, turn). */
export function reminderMessageId(gameId: string, nationId: string, turn: number, domain: string): string {
  return outboxMessageId('reminder', `${gameId}.${nationId}.t${turn}`, domain);
}

/** Queues every reminder that is due now and not written yet; returns how many were written. */
export async function queueDueReminders(db: Db, settings: PlayerMailSettings): Promise<number> {
  const due = await db.prisma.$queryRaw<DueReminder[]>`
    SELECT g."id" AS "gameId", g."name" AS "gameName", g."ruleset", g."timeZone", t."number" AS "turn", t."deadline",
           n."nationId", n."name" AS "nationName", n."email", n."reportDelivery"::text AS "reportDelivery"
      FROM "Game" g
      JOIN "Turn" t ON t."gameId" = g."id" AND t."number" = g."currentTurn"
      JOIN "Nation" n ON n."gameId" = g."id" AND n."active"
     WHERE g."status" = 'active' AND g."reminderHours" > 0 AND t."status" = 'open'
       AND t."deadline" > now() AND t."deadline" - make_interval(hours => g."reminderHours") <= now()
       AND NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."gameId" = g."id" AND s."turnNumber" = t."number" AND s."nationId" = n."nationId")
       AND NOT EXISTS (SELECT 1 FROM "OutboxMail" o WHERE o."gameId" = g."id" AND o."nationId" = n."nationId" AND o."kind" = 'reminder'
                          AND o."headers"->>'X-Arbiter-Turn' = t."number"::text)
     ORDER BY g."id", n."nationId"`;
  if (due.length === 0) return 0;
  const mails: PlayerOutboxMail[] = due.map((r) => {
    const ruleset = rulesetLabel(rulesetFor(r.ruleset));
    const words = ruleset.words;
    return {
      gameId: r.gameId,
      nationId: r.nationId,
      kind: 'reminder',
      ruleset,
      to: [r.email],
      mail: reminderMail({ gameId: r.gameId, gameName: r.gameName, words, playerId: r.nationId, playerName: r.nationName, turn: r.turn, deadline: r.deadline, timeZone: r.timeZone, ordersTo: settings.ordersTo, apiUrl: settings.apiUrl }),
      messageId: reminderMessageId(r.gameId, r.nationId, r.turn, settings.domain),
      withheld: withheldFor(r.reportDelivery),
    };
  });
  return transaction(db, (tx) => queuePlayerMails(tx, mails));
}
