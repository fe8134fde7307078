// @arbiter/intake: the one intake service that REST (apps/api) and mail (apps/mail-in) both use.
// Exports documented in docs/api.md ("For developers: the intake service").
export { authenticateNation, forgetGameAuth, AUTH_CACHE_TTL_MS, type AuthenticatedNation } from './auth.ts';
export { receiveOrders, submitOrders, submissionBatchStats, SUBMIT_BATCH, type SubmitOrdersInput } from './submit.ts';
export { ORDER_TEXT_LIMITS, orderTextRefusal, nonBlankLines, type OrderTextLimits } from './order-text.ts';
export { DEFAULT_SUBMISSION_QUOTA, type SubmissionQuota } from './submission-quota.ts';
export { type SubmissionOutcome, type SubmissionRefusal, type SubmissionRefusalCode, type Refused } from './outcome.ts';
export { checkOrders, type OrderCheckOutcome } from './check.ts';
export { loadState as loadTurnState } from './turn-state.ts';
export { planSubmission } from './plan.ts';
export { extractCancels } from './cancel.ts';
export { turnDueEarly, ALL_ACTIVE_NATIONS_FINAL } from './run-early.ts';
export { renderReceiptText, receiptJson, receiptSummary, type Receipt, type ReceiptSummary, type ReceiptOrder, type ReceiptCancel, type ReceiptUnitOutcome, type StandingUnitOrders } from './receipt.ts';
export { getStandingOrders, getNationReport, type StandingOrdersView, type SubmissionSummary, type NationReportView } from './standing.ts';
export {
  checkScenario,
  createGame,
  createGameInputSchema,
  sequentialModeProblem,
  getStatus,
  getGameState,
  requireGame,
  replaceNationEmail,
  rotateNationSecret,
  setReportDelivery,
  setReminderHours,
  REPORT_DELIVERIES,
  type CreateGameInput,
  type CreatedGame,
  type GameStatusView,
  type Viewer,
} from './games.ts';
export { nextDeadline, formatDeadline, isValidTimeZone, reminderHoursSchema, scheduleSchema, WEEKDAYS, type Schedule, type Weekday } from './schedule.ts';
export { listInboundMail, getInboundMailRaw, INBOUND_PAGE_MAX, type InboundMailSummary, type InboundMailPage } from './inbound.ts';
export { listGames, listTurns, getAuditLog, AUDIT_PAGE_MAX, type GameListEntry, type TurnListEntry, type AuditLogEntry } from './history.ts';
export { IntakeError, type IntakeErrorCode } from './errors.ts';
export { generateSecret, hashSecret, secretDigest, tokenMatcher, generateGameId } from './secrets.ts';
export { uuidv7 } from './uuid.ts';
export { REDACTED_SECRET, redactSecretText, secretValuesIn } from './secret-lines.ts';
export {
  recordRefusal,
  auditRefusedMail,
  helpRulesets,
  latestReportMail,
  recordInboundMany,
  type InboundWrite,
  type InboundRecord,
  type InboundStatus,
  type PriorState,
  type ReplyKind,
  type ReplyRow,
  type RefusalAudit,
  type RefusalThrottle,
} from './mail-records.ts';
export { MailBatcher, MAIL_BATCH, lockMessages, unlockMessages, type MailClaim, type ClaimedMail, type HandledMail } from './mail-batch.ts';
export { strangerAnswer, authenticatedAnswer, DEFAULT_MAIL_QUOTA, type MailQuota, type MailSource, type QuotaAnswer, type StrangerUsage } from './mail-quota.ts';
export { AS_EACH_MOVE_ARRIVES, movers, roundState, sequentialModeOf, type MoveRow, type RoundState } from './moves.ts';
export type { OutOfTurn } from './outcome.ts';
