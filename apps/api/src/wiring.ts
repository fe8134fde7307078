// From the process's configuration (`loadConfig()` of @arbiter/config) to the API server's options: the one
// composition used by apps/api's main.ts and by `arbiter start` (apps/cli).
import type { Config } from '@arbiter/config';
import type { Db } from '@arbiter/db';
import { playerMailSettings, type TurnDispatcher } from '@arbiter/turns';
import type { ServerOptions } from './server.ts';

export function serverOptionsFor(
  config: Config,
  db: Db,
  turns: { dispatcher: TurnDispatcher; queueReady?: (() => Promise<void>) | undefined },
  prettyLogs: boolean,
): ServerOptions {
  return {
    db,
    gmToken: config.gmToken ?? '',
    dispatcher: turns.dispatcher,
    ...(turns.queueReady !== undefined ? { queueReady: turns.queueReady } : {}),
    authFailureLimit: config.api.authFailureLimit,
    rateLimit: config.api.rateLimit,
    bodyLimit: config.api.bodyLimit,
    requestTimeoutMs: config.api.requestTimeoutMs,
    orderLimits: config.api.orderLimits,
    submissionQuota: config.submissionQuota,
    playerMail: playerMailSettings(config.mail.from, config.mail.ordersTo, config.api.publicUrl),
    trustProxy: config.api.trustProxy,
    logLevel: config.logLevel,
    prettyLogs,
  };
}
