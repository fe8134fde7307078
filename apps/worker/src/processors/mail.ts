// The outbox processor: sends due mail in batches until the outbox is drained or the time budget is used.
import type { Db } from '@arbiter/db';
import { sendOutboxBatch } from '@arbiter/mail';
import type { AttachmentResolver, MailTransport, SendOutboxResult } from '@arbiter/mail';
import type { Logger } from 'pino';

export interface MailDeps {
  db: Db;
  transport: MailTransport;
  from: string;
  batch: number;
  resolveAttachment: AttachmentResolver;
  log: Logger;
  /** Stop starting new batches after this long (ms), so one job never holds the queue for long. */
  budgetMs?: number;
}

export function mailProcessor(deps: MailDeps) {
  return async (): Promise<SendOutboxResult> => {
    const total: SendOutboxResult = { claimed: 0, sent: 0, refused: 0, deferred: 0, failed: 0 };
    const until = Date.now() + (deps.budgetMs ?? 30_000);
    for (;;) {
      const r = await sendOutboxBatch(deps.db, deps.transport, { limit: deps.batch, from: deps.from, resolveAttachment: deps.resolveAttachment });
      for (const k of Object.keys(total) as (keyof SendOutboxResult)[]) total[k] += r[k];
      if (r.claimed < deps.batch || Date.now() >= until) break;
    }
    if (total.claimed > 0) deps.log.info(total, 'outbox batch sent');
    if (total.refused > 0 || total.failed > 0) deps.log.warn({ refused: total.refused, failed: total.failed }, 'some mail was refused or given up; see OutboxMail.lastError and Nation.lastBounceReason');
    return total;
  };
}
