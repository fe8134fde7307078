// What every route plugin is handed (app.ts builds it once): its own file, so that the routes and app.ts
// do not import each other.
import type { Db } from '@arbiter/db';
import type { OrderTextLimits, SubmissionQuota } from '@arbiter/intake';
import type { PlayerMailSettings, TurnDispatcher } from '@arbiter/turns';
import type { Authenticator } from './auth.ts';

export interface RouteDeps {
  db: Db;
  auth: Authenticator;
  dispatcher: TurnDispatcher;
  /** AppOptions.queueReady, or a check that always passes. */
  queueReady: () => Promise<void>;
  /** Most order lines and characters one submission may carry (intake's ORDER_TEXT_LIMITS unless configured). */
  orderLimits: OrderTextLimits;
  submissionQuota: SubmissionQuota;
  /** AppOptions.playerMail. */
  playerMail: PlayerMailSettings | undefined;
}
