// @arbiter/turns: the turn pipeline's service. The worker, the API's GM routes and `arbiter replay` use it.
export { runTurn } from './run.ts';
export type { RunTurnInput, RunTurnOutcome, StageTimings, TurnServiceConfig } from './run.ts';
export type { StoredMoveResult, StoredTurnResult } from './stored-result.ts';
export { loadTurnInputs, parseStandingOrders, TurnInputError } from './inputs.ts';
export type { TurnInputs } from './inputs.ts';
export { replayMove, replayTurn } from './replay.ts';
export { runMove, passMoves, queueTurnOpening, type RunMoveOutcome, type RunMoveInput, type MoveMailSettings } from './moves.ts';
export { extendMoveLimit, skipMove, takeBackMove } from './move-gm.ts';
export { finishRound, playsMoveByMove, replayMoves, roundResult, type ReplayedMove } from './round.ts';
export { movesDue, sequentialStatus, type SequentialStatus } from './move-status.ts';
export { sweepDeadlines, turnDue, type SweepFailure, type SweepOptions, type SweepResult, type TurnDue } from './sweep.ts';
export { previewTurn } from './preview.ts';
export { boardMap, openingMap, planningMap, type PlanningMap } from './planning-map.ts';
export { mapOrderStep, mapOrderUnits, withMapLine, type MapOrdersUnits, type MapPoint, type MapStep } from './map-orders.ts';
export type { TurnPreview } from './preview.ts';
export type { ReplayOutcome } from './replay.ts';
export { deadlineAfter, missedMoreThanOneDeadline, scheduleSlots, MIN_TURN_LENGTH_MS } from './deadlines.ts';
export type { NextSlot } from './deadlines.ts';
export { pauseGame, resumeGame, finishGame, extendDeadline, runNow, releaseHeldTurn, GmActionError, type RunNowOutcome } from './gm.ts';
export type { TurnToDispatch } from './gm.ts';
export { openGame, resumeGameAndDispatch } from './lifecycle.ts';
export { queueGmNotice } from './hold.ts';
export { ReportRenderer, renderReports, reportMapResolver, mapAttachment, svgMapAttachment } from './render.ts';
export { queuePlayerMails, playerMailSettings, type PlayerMailSettings, type PlayerOutboxMail } from './player-outbox.ts';
export { queueWelcomeMails, welcomeMailsFor, createGameWithWelcome, rotateSecretWithWelcome, replaceEmailWithWelcome, ordersGuideOf, type Welcome, type WelcomeGame } from './welcome.ts';
export { queueDueReminders, reminderMessageId } from './reminders.ts';
export { queueGameNotices } from './notices.ts';
export type { RenderedReport, RenderInput } from './render.ts';
export { RenderPool, RenderThreadError } from './render-pool.ts';
export {
  TURN_QUEUE,
  TURN_JOB_OPTIONS,
  ADJUDICATE_JOB,
  MOVE_JOB,
  moveJobData,
  moveJobId,
  adjudicateJobData,
  adjudicateJobId,
  QueueTurnDispatcher,
  InProcessTurnDispatcher,
} from './dispatch.ts';
export type { AdjudicateJobData, MoveJobData, TurnDispatcher, TurnQueue } from './dispatch.ts';
export { createTurnQueue, QueueUnavailableError, type ApiTurnQueue, type TurnQueueOptions } from './turn-queue.ts';
export { scenarioMaps, checkOrdersOnMap, type ScenarioMaps, type ScenarioMapsWanted, type OrderCheckOnMap, type CheckedPath } from './scenario-maps.ts';
