// The one place the welcome, reminder, notice and move mails are written into the outbox (OutboxMail), with
// the settings they need to tell players where to send orders; each row carries its game's ruleset id in
// the X-Arbiter-Ruleset header.
import type { ReportDelivery, Tx } from '@arbiter/db';
import type { RulesetLabel } from '@arbiter/engine';
import { messageIdDomain, queueMailInTx } from '@arbiter/mail';
import { withRulesetHeader, type PlayerMail } from '@arbiter/reports';

/** What player mails need besides the game: the sender's domain, where orders go, the API's address. */
export interface PlayerMailSettings {
  /** MAIL_FROM (the turn service's renderer checks it as a report mail's sender). */
  from: string;
  /** The domain of MAIL_FROM: names the Message-IDs. */
  domain: string;
  /** The address players mail orders to (MAIL_ORDERS_TO). */
  ordersTo: string;
  /** The API's public base URL without a trailing slash (PUBLIC_BASE_URL). */
  apiUrl: string;
}

/** The settings from MAIL_FROM, MAIL_ORDERS_TO and the API's public URL (@arbiter/config's mail and api). */
export function playerMailSettings(mailFrom: string, ordersTo: string, apiUrl: string): PlayerMailSettings {
  return { from: mailFrom, domain: messageIdDomain(mailFrom), ordersTo, apiUrl: apiUrl.replace(/\/+$/, '') };
}

export interface PlayerOutboxMail {
  gameId: string;
  nationId: string;
  kind: 'welcome' | 'reminder' | 'notice';
  /** The game's ruleset: every mail of a game carries its id (X-Arbiter-Ruleset). */
  ruleset: RulesetLabel;
  to: string[];
  mail: PlayerMail;
  /** Stable Message-ID without angle brackets: a second row with the same id is not written. */
  messageId: string;
  /** The nation's secret the text carries in place of SECRET_PLACEHOLDER (welcome mails); cleared once sent. */
  secret?: string;
  attachments?: { filename: string; contentType: string; source: unknown }[];
  /** The player asked for no mail of this kind: kept as `withheld`, never sent. */
  withheld?: boolean;
}

/** Writes the mails that are not there yet (by Message-ID), through the outbox's one writer; returns how many were written. */
export async function queuePlayerMails(tx: Tx, mails: readonly PlayerOutboxMail[]): Promise<number> {
  return queueMailInTx(
    tx,
    mails.map((m) => ({
      gameId: m.gameId,
      nationId: m.nationId,
      kind: m.kind,
      toAddresses: m.to,
      subject: m.mail.subject,
      text: m.mail.text,
      html: m.mail.html,
      attachments: m.attachments ?? [],
      messageId: m.messageId,
      headers: withRulesetHeader(m.mail.headers, m.ruleset),
      secret: m.secret ?? null,
      status: m.withheld === true ? 'withheld' : 'pending',
    })),
    { onDuplicate: 'skip' },
  );
}

/** A nation's welcome mails not sent yet are superseded by a new one; their secrets are cleared. */
export async function supersedeUnsentWelcomes(tx: Tx, gameId: string, nationId: string): Promise<void> {
  await tx.outboxMail.updateMany({
    where: { gameId, nationId, kind: 'welcome', status: { in: ['pending', 'sending'] } },
    data: { status: 'superseded', secret: null },
  });
}

/** Reminders and notices are plain text: `full` and `text` get them, `none` (no mail wanted) keeps them withheld. */
export function withheldFor(delivery: ReportDelivery): boolean {
  return delivery === 'none';
}
