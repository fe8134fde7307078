// Holding a turn for the GM, and telling the GM by mail.
import type { Tx } from '@arbiter/db';
import { outboxMessageId, queueMailInTx } from '@arbiter/mail';
import { withRulesetHeader } from '@arbiter/reports';

export interface HoldInput {
  gameId: string;
  gameName: string;
  turn: number;
  reason: string;
  gmEmail: string | null;
  actor: string;
  mail: { from: string; domain: string };
}

/**
 * Sets the turn `held` with its reason, records it in the audit log and queues a notice to the GM.
 * With `claimToken`, only while that run still holds the claim; returns false when it does not.
 */
export async function holdTurnInTx(tx: Tx, h: HoldInput & { claimToken?: string }): Promise<boolean> {
  const updated = await tx.turn.updateMany({
    where: { gameId: h.gameId, number: h.turn, ...(h.claimToken === undefined ? {} : { status: 'adjudicating' as const, claimedBy: h.claimToken }) },
    data: { status: 'held', heldReason: h.reason, claimedAt: null, claimedBy: null },
  });
  if (updated.count !== 1) return false;
  const earlier = await tx.auditEntry.count({ where: { gameId: h.gameId, action: 'turn.hold', detail: { path: ['turn'], equals: h.turn } } });
  await tx.auditEntry.create({ data: { gameId: h.gameId, actor: h.actor, action: 'turn.hold', detail: { turn: h.turn, reason: h.reason } } });
  await queueGmNotice(tx, h, `hold.${h.gameId}.t${h.turn}.n${earlier + 1}`, `Arbiter: turn ${h.turn} of ${h.gameName} is held for you`, [
    `Turn ${h.turn} of "${h.gameName}" (game ${h.gameId}) was not adjudicated and is held for you.`,
    '',
    `Why: ${h.reason}`,
    '',
    'What you can do, with the GM routes of the API:',
    '  - release the turn: it runs at once, with the orders it has;',
    '  - or extend its deadline: players can keep sending orders until then, and it runs at the new deadline.',
    '',
    'Nothing happens to the turn until you decide.',
  ].join('\n'));
  return true;
}

/** A plain-text notice to the GM through the outbox (no-op when the game has no GM address). */
export async function queueGmNotice(
  tx: Tx,
  h: { gameId: string; gmEmail: string | null; mail: { domain: string } },
  key: string,
  subject: string,
  text: string,
): Promise<boolean> {
  if (h.gmEmail === null || h.gmEmail.trim() === '') return false;
  // Like every mail of a game, the GM's names the game's ruleset (X-Arbiter-Ruleset).
  const game = await tx.game.findUnique({ where: { id: h.gameId }, select: { ruleset: true } });
  const headers = { 'X-Arbiter-Game': h.gameId };
  const written = await queueMailInTx(
    tx,
    [
      {
        gameId: h.gameId, nationId: null, kind: 'notice', toAddresses: [h.gmEmail], subject, text: `${text}\n`, messageId: outboxMessageId('notice', key, h.mail.domain),
        headers: game === null ? headers : withRulesetHeader(headers, { id: game.ruleset }),
      },
    ],
    { onDuplicate: 'skip' },
  );
  return written === 1;
}
