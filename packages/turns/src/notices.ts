// Notices to every active nation when the game master moves a deadline, pauses, resumes or finishes the
// game (gm.ts calls this inside the action's transaction): what changed and the deadline now.
import type { Tx } from '@arbiter/db';
import { rulesetLabel } from '@arbiter/engine';
import { uuidv7 } from '@arbiter/intake';
import { outboxMessageId } from '@arbiter/mail';
import { noticeMail, type GameChange } from '@arbiter/reports';
import { rulesetFor } from '@arbiter/rulesets';
import { queuePlayerMails, withheldFor, type PlayerMailSettings } from './player-outbox.ts';

/** Queues one notice of `change` to each active nation; returns how many were written. */
export async function queueGameNotices(tx: Tx, gameId: string, change: GameChange, settings: PlayerMailSettings): Promise<number> {
  const game = await tx.game.findUniqueOrThrow({
    where: { id: gameId },
    select: { name: true, ruleset: true, timeZone: true, currentTurn: true, nations: { where: { active: true }, orderBy: { nationId: 'asc' } } },
  });
  const turn = await tx.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: game.currentTurn } }, select: { deadline: true } });
  // One key per action: every nation's notice of it shares it, a later action gets a new one.
  const action = uuidv7();
  const ruleset = rulesetLabel(rulesetFor(game.ruleset));
  return queuePlayerMails(
    tx,
    game.nations.map((n) => ({
      gameId,
      nationId: n.nationId,
      kind: 'notice' as const,
      ruleset,
      to: [n.email],
      mail: noticeMail({ gameId, gameName: game.name, playerId: n.nationId, playerName: n.name, turn: game.currentTurn, deadline: turn.deadline, timeZone: game.timeZone, change }),
      messageId: outboxMessageId('notice', `${gameId}.${n.nationId}.${action}`, settings.domain),
      withheld: withheldFor(n.reportDelivery),
    })),
  );
}
