// Request and response schemas (zod): validation, serialisation and the OpenAPI document.
import { z } from 'zod';
import { sequentialSchema } from './move-schemas.ts';
import { AUDIT_PAGE_MAX, createGameInputSchema, INBOUND_PAGE_MAX, reminderHoursSchema as reminderHoursSetting, scheduleSchema } from '@arbiter/intake';

export const gameIdParam = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { message: 'a game id is letters, digits, "_" and "-"' });
export const nationIdParam = z.string().min(1).max(64).regex(/^[a-z][a-z0-9_-]*$/, { message: 'a nation id is lower-case letters, digits, "_" and "-"' });
export const turnParam = z.coerce.number({ message: 'the turn is a number' }).int().min(1).max(1_000_000);

const gameStatus = z.enum(['active', 'paused', 'finished']);
const turnStatus = z.enum(['open', 'adjudicating', 'done', 'held']);
const reportDelivery = z.enum(['full', 'text', 'none']);

export const gameParams = z.strictObject({ gameId: gameIdParam });
export const turnParams = z.strictObject({ gameId: gameIdParam, turn: turnParam });
export const nationParams = z.strictObject({ gameId: gameIdParam, nationId: nationIdParam });

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (application/problem+json)' });

export const createGameBody = createGameInputSchema.extend({
  scenario: z.record(z.string(), z.unknown()).describe('The scenario document (docs/scenario-format-mepbm.md)'),
  firstDeadline: z.iso.datetime({ offset: true, message: 'is an ISO 8601 date-time with offset, e.g. 2026-12-03T18:00:00+01:00' }).optional(),
});

export const createdGameSchema = z.object({
  gameId: z.string(),
  turn: z.number().int(),
  deadline: z.string(),
  nations: z.array(z.object({ nationId: z.string(), name: z.string(), email: z.string(), secret: z.string().describe('Shown once; stored only as a hash') })),
});

const orderError = z.object({ line: z.number().int(), column: z.number().int(), message: z.string(), unit: z.string().optional() });

const standingUnit = z.object({
  unit: z.string(),
  orders: z.array(z.object({ text: z.string(), words: z.string() })),
  submissionId: z.string(),
  receivedAt: z.string(),
});

/** A ruleset's id, title and words (what a player and a unit are called), for clients that speak them. */
export const rulesetSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    words: z.object({ player: z.string(), players: z.string(), unit: z.string(), units: z.string() }),
  })
  .describe("The game's ruleset and its words: what a player is called (nation, player), a unit (unit, hero)");

export const receiptSchema = z
  .object({
    gameId: z.string(),
    gameName: z.string(),
    ruleset: rulesetSchema.describe("The game's ruleset: id (mepbm, mage-knight...), title and words; the orders' syntax and words are its"),
    nationId: z.string(),
    nationName: z.string(),
    turn: z.number().int(),
    deadline: z.string(),
    deadlineText: z.string(),
    timeZone: z.string(),
    submissionId: z.string(),
    receivedAt: z.string(),
    source: z.enum(['rest', 'email']),
    orders: z.array(
      z.object({
        line: z.number().int(),
        unit: z.string(),
        text: z.string(),
        words: z.string(),
        status: z.enum(['accepted', 'rejected']),
        reason: z.string().optional(),
        warnings: z.array(z.string()),
        preview: z.string().optional(),
        previewPath: z.array(z.string()).optional().describe('The unopposed path as space ids, start first'),
      }),
    ),
    cancels: z.array(z.object({ line: z.number().int(), unit: z.string(), status: z.enum(['accepted', 'rejected']), reason: z.string().optional() })),
    errors: z.array(orderError),
    units: z.array(z.object({ unit: z.string(), outcome: z.enum(['replaced', 'cancelled', 'kept', 'superseded']), note: z.string() })),
    standingOrders: z.array(standingUnit),
    final: z.boolean(),
    move: z.object({ seq: z.number().int() }).optional().describe('Games played as each move arrives: this submission is move `seq` of the turn, adjudicated now'),
    summary: z.object({ accepted: z.number().int(), rejected: z.number().int(), unreadable: z.number().int() }),
  })
  .meta({ id: 'Receipt' });

export const ordersJsonBody = z.strictObject({
  orders: z
    .union([z.string(), z.array(z.string()).max(5000)])
    .describe('The order text (as in a mail), or its lines'),
  final: z.boolean().optional().describe('Declare your orders final for this turn'),
});
export const ordersBody = z.union([z.string().describe('The order text, as text/plain'), ordersJsonBody]);

export const standingOrdersSchema = z.object({
  gameId: z.string(),
  nationId: z.string(),
  ruleset: rulesetSchema,
  turn: z.number().int(),
  standingOrders: z.array(standingUnit),
  submissions: z.array(
    z.object({
      id: z.string(),
      receivedAt: z.string(),
      source: z.enum(['rest', 'email']),
      messageId: z.string().nullable(),
      rawText: z.string(),
      summary: z.object({ accepted: z.number().int(), rejected: z.number().int(), unreadable: z.number().int() }),
    }),
  ),
});

export const statusSchema = z.object({
  sequential: sequentialSchema.optional().describe('Games played as each move arrives: whose move it is, its time limit, the move log'),
  gameId: z.string(),
  name: z.string(),
  ruleset: rulesetSchema,
  status: gameStatus,
  timeZone: z.string(),
  schedule: scheduleSchema,
  turn: z.number().int(),
  turnStatus: turnStatus,
  deadline: z.string(),
  heldReason: z.string().nullable(),
  nations: z.array(
    z.object({
      nationId: z.string(),
      name: z.string(),
      submitted: z.boolean(),
      final: z.boolean(),
      active: z.boolean(),
      email: z.string().optional(),
      lastBounce: z
        .object({ at: z.string(), reason: z.string().nullable() })
        .nullable()
        .optional()
        .describe("GM only: the last refusal of the nation's address by the receiving mail server"),
      reportDelivery: reportDelivery.optional().describe('GM only: how the player wants the turn report mailed'),
    }),
  ),
  undeliveredMail: z
    .array(
      z.object({
        id: z.string(),
        kind: z.string(),
        nationId: z.string().nullable(),
        to: z.array(z.string()),
        subject: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .optional()
    .describe('GM only: mails of this game that could not be delivered, newest first (at most 50)'),
  reminderHours: z.number().int().optional().describe('GM only: hours before the deadline nations without orders are reminded (0: never)'),
  you: z
    .object({
      nationId: z.string(),
      submissions: z.number().int(),
      lastReceivedAt: z.string().nullable(),
      unitsWithOrders: z.number().int(),
      reportDelivery,
    })
    .optional(),
});

export const reportJsonSchema = z.object({
  gameId: z.string(),
  turn: z.number().int(),
  nationId: z.string(),
  createdAt: z.string(),
  view: z.unknown().describe('The NationView the report was rendered from'),
});

export const dispatchedSchema = z.object({ gameId: z.string(), turn: z.number().int(), deadline: z.string(), status: z.literal('dispatched') });
/** "Run now": dispatched, and whether the worker will hold the turn for missing orders instead of running it. */
export const runNowSchema = dispatchedSchema.extend({
  /** Why the turn will be held for the GM (missing orders), or null when it will run. */
  hold: z.string().nullable(),
  /** The answer in words: "the turn runs now" or "the turn will be held: ...". */
  message: z.string(),
});
export const deadlineBody = z.strictObject({
  deadline: z.iso.datetime({ offset: true, message: 'is an ISO 8601 date-time with offset, e.g. 2026-12-03T18:00:00+01:00' }),
});
export const emailBody = z.strictObject({ email: z.string().min(3).max(254) });
export const reminderHoursBody = z.strictObject({ reminderHours: reminderHoursSetting.describe('Hours before the deadline; 0 turns reminders off') });
export const reminderHoursSchema = z.object({ gameId: z.string(), reminderHours: z.number().int() });
export const gameStateSchema = z.object({ gameId: z.string(), status: gameStatus, turn: z.number().int(), deadline: z.string() });
export const secretSchema = z.object({ nationId: z.string(), secret: z.string() });
export const emailSchema = z.object({ nationId: z.string(), email: z.string() });
export const standingQuery = z.strictObject({ turn: turnParam.optional() });

export const mailParams = z.strictObject({
  gameId: gameIdParam,
  messageId: z.string().min(3).max(998).describe('The Message-ID as listed, URL-encoded (e.g. %3Cabc%40example.org%3E)'),
});
export const inboundQuery = z.strictObject({
  limit: z.coerce.number({ message: 'limit is a number' }).int().min(1).max(INBOUND_PAGE_MAX).optional(),
  before: z.string().min(26).max(1100).optional().describe('nextBefore of the previous page'),
});
export const inboundPageSchema = z.object({
  gameId: z.string(),
  mail: z.array(
    z.object({
      messageId: z.string(),
      receivedAt: z.string(),
      from: z.string(),
      envelopeFrom: z.string().nullable(),
      status: z.enum(['processed', 'ignored', 'refused']),
      reason: z.string().nullable(),
      submissionId: z.string().nullable(),
      size: z.number().int().nullable().describe('Bytes of the stored message; null for mail received before messages were kept'),
    }),
  ),
  nextBefore: z.string().nullable(),
});

export const gamesQuery = z.strictObject({ status: gameStatus.optional() });
export const gameListSchema = z.object({
  games: z.array(
    z.object({
      gameId: z.string(),
      name: z.string(),
      status: gameStatus,
      turn: z.number().int(),
      turnStatus: turnStatus.nullable(),
      deadline: z.string().nullable(),
      nations: z.number().int(),
      submitted: z.number().int().describe('Nations that sent orders for the current turn'),
      createdAt: z.string(),
    }),
  ),
});
export const turnListSchema = z.object({
  gameId: z.string(),
  turns: z.array(
    z.object({
      turn: z.number().int(),
      status: turnStatus,
      deadline: z.string(),
      openedAt: z.string(),
      adjudicatedAt: z.string().nullable(),
      resultHash: z.string().nullable().describe('SHA-256 of the stored result; `arbiter replay` recomputes it'),
      heldReason: z.string().nullable(),
    }),
  ),
});
export const auditQuery = z.strictObject({
  limit: z.coerce.number({ message: 'limit is a number' }).int().min(1).max(AUDIT_PAGE_MAX).optional(),
  before: z.string().max(64).optional().describe('nextBefore of the previous page'),
});
export const auditLogSchema = z.object({
  gameId: z.string(),
  entries: z.array(z.object({ id: z.string(), at: z.string(), actor: z.string(), action: z.string(), detail: z.unknown(), words: z.string().describe('The entry as a sentence') })),
  nextBefore: z.string().nullable(),
});
export const finishedSchema = z.object({ gameId: z.string(), turn: z.number().int(), status: z.literal('finished') });

export const reportDeliveryBody = z.strictObject({
  reportDelivery: reportDelivery.describe('full: text, HTML and the PNG map; text: plain text only, nothing attached; none: no report mail (read it here)'),
});
export const reportDeliverySchema = z.object({ nationId: z.string(), reportDelivery });

export const previewQuery = z.strictObject({
  nation: nationIdParam.optional().describe("Also render this nation's report text as it would be mailed"),
});
export const previewSchema = z.object({
  gameId: z.string(),
  turn: z.number().int(),
  turnStatus: z.enum(['open', 'held']),
  deadline: z.string(),
  hash: z.string().describe('The hash the result would have; it changes when any standing order does'),
  unitsWithOrders: z.number().int(),
  inputErrors: z.array(z.object({ nation: z.string(), unit: z.string(), message: z.string() })),
  orderErrors: z.array(orderError),
  units: z.array(z.unknown()).describe("Each unit's result, as in the stored result (docs/rules-mepbm.md)"),
  events: z.array(z.unknown()).describe('The event log, as in the stored result'),
  report: z.object({ nationId: z.string(), text: z.string(), svg: z.string().nullable().describe("That nation's map of the previewed turn (SVG)") }).optional(),
});

/** Problem responses a route may give, for the OpenAPI document. */
export function problems(...codes: number[]): Record<number, typeof problemSchema> {
  return Object.fromEntries(codes.map((c) => [c, problemSchema]));
}
