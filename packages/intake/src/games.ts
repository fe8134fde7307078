// Games: creation from a scenario, status, and the game master's player controls (email, secret).
// Pause, resume, deadlines and "run now" are the turn pipeline's (@arbiter/turns gm.ts).
import { ReportDelivery, transaction, type Db, type Tx } from '@arbiter/db';
import { rulesetLabel, type RulesetLabel, type SequentialMode } from '@arbiter/engine';
import { type AnyRuleset, RULESET_IDS, isRulesetId, rulesetFor } from '@arbiter/rulesets';
import { z } from 'zod';
import { forgetGameAuth } from './auth.ts';
import { IntakeError } from './errors.ts';
import { generateGameId, generateSecret, hashSecret } from './secrets.ts';
import { isValidTimeZone, nextDeadline, reminderHoursSchema, scheduleSchema, type Schedule } from './schedule.ts';

const email = z.string().trim().max(254).regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/, {
  message: 'is not an email address (e.g. player@example.org)',
});

/**
 * A name or id the GM gives (game, nation): no control characters. They go into mail subjects and
 * headers, where a line break would split the header (the nation's mail then fails for good: issue 13).
 */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, { message: 'must not hold control characters (line breaks, tabs, NUL)' });

export const createGameInputSchema = z.strictObject({
  name: plainText(200),
  /** The scenario document (docs/scenario-format-mepbm.md); its `ruleset` names the game's ruleset, which checks it. */
  scenario: z.unknown(),
  schedule: scheduleSchema,
  timeZone: z.string().refine(isValidTimeZone, { message: 'is not an IANA time zone (e.g. "Europe/Berlin")' }),
  nations: z
    .array(z.strictObject({ nationId: z.string().min(1).max(64).regex(/^[^\p{Cc}\s]*$/u, { message: 'must not hold spaces or control characters' }), email, name: plainText(200).optional() }))
    .min(1),
  gmEmail: email.optional(),
  runEarlyWhenAllFinal: z.boolean().default(false),
  /**
   * Sequential rulesets: when moves are adjudicated (docs/api.md, "Sequential games"). `at-deadline`: every
   * move at the deadline, in the ruleset's order (seat order for Mage Knight). `as-each-move-arrives` is
   * for the sequential rulesets with moves one after another (see sequentialModeProblem).
   */
  sequentialMode: z.enum(['at-deadline', 'as-each-move-arrives']).default('at-deadline'),
  /**
   * Games played as each move arrives: minutes a player has for a move (default 48 hours; 5 minutes to
   * 30 days); when it runs out the worker passes for them (docs/operations.md, "Sequential games").
   */
  moveTimeLimitMinutes: z.number().int().min(5).max(30 * 24 * 60).default(48 * 60),
  missingOrdersHoldShare: z.number().min(0).max(1).default(0.5),
  /** Hours before the deadline a nation without orders is reminded; 0: no reminders (docs/operations.md). */
  reminderHours: reminderHoursSchema.default(24),
  /** Overrides the first deadline computed from the schedule. */
  firstDeadline: z.coerce.date().optional(),
});
export type CreateGameInput = z.input<typeof createGameInputSchema>;

export interface CreatedGame {
  gameId: string;
  turn: number;
  deadline: Date;
  /** Each nation's secret: shown once, stored only as its SHA-256. */
  nations: { nationId: string; name: string; email: string; secret: string }[];
}

function issuesOf(error: z.ZodError, prefix = ''): { path: string; message: string }[] {
  return error.issues.map((i) => ({
    path: prefix + (i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(root)'),
    message: i.message,
  }));
}

/** Why a game of this ruleset cannot have this sequential mode, or null when it can. */
export function sequentialModeProblem(ruleset: AnyRuleset, mode: SequentialMode): string | null {
  if (mode === 'at-deadline') return null;
  if (ruleset.turnStructure.kind === 'simultaneous') {
    return `"${mode}" is for sequential games; in ${ruleset.title} every ${ruleset.words.player} moves at once at the deadline (use "at-deadline")`;
  }
  // Guards of Atlantis: every player chooses a card at once; only their resolution is in initiative order.
  if (ruleset.sequential === undefined) {
    return `"${mode}" needs moves made one after another; in ${ruleset.title} every ${ruleset.words.player} chooses at once and the choices resolve in ${ruleset.turnStructure.order} order at the deadline (use "at-deadline")`;
  }
  return null;
}

/**
 * A scenario document checked by the ruleset its `ruleset` field names: that ruleset and the parsed
 * scenario, or an IntakeError `invalid-scenario` listing every problem by path (`scenario.<path>`).
 */
export function checkScenario(document: unknown): { ruleset: AnyRuleset; scenario: unknown } {
  const rulesetId = document !== null && typeof document === 'object' ? (document as { ruleset?: unknown }).ruleset : undefined;
  if (typeof rulesetId !== 'string' || !isRulesetId(rulesetId)) {
    const issue = { path: 'scenario.ruleset', message: `must name the game's ruleset, one of ${RULESET_IDS.map((id) => `"${id}"`).join(', ')}${typeof rulesetId === 'string' ? `; "${rulesetId}" is not one` : ''}` };
    throw new IntakeError('invalid-scenario', `The scenario has 1 problem(s): ${issue.path}: ${issue.message}`, [issue]);
  }
  const ruleset = rulesetFor(rulesetId);
  const parsed = ruleset.scenario.parse(document);
  if (!parsed.ok) {
    const issues = parsed.issues.map((i) => ({ path: `scenario.${i.path}`, message: i.message }));
    throw new IntakeError('invalid-scenario', `The scenario has ${issues.length} problem(s): ${issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  }
  return { ruleset, scenario: parsed.scenario };
}

/** Longest the creating transaction may run (ms), with its welcome mails. */
const CREATE_GAME_TIMEOUT_MS = 120_000;

/**
 * Create a game: its nations with fresh secrets and its first turn, with the ruleset's initial state.
 * `afterCreate` runs in the same transaction (the turn service queues the welcome mails there).
 */
export async function createGame(
  db: Db,
  input: CreateGameInput,
  now: Date = new Date(),
  afterCreate?: (tx: Tx, created: CreatedGame) => Promise<void>,
): Promise<CreatedGame> {
  const parsedInput = createGameInputSchema.safeParse(input);
  if (!parsedInput.success) {
    const issues = issuesOf(parsedInput.error);
    throw new IntakeError('invalid-input', `The game is not valid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues);
  }
  const g = parsedInput.data;
  const { ruleset, scenario } = checkScenario(g.scenario);
  const modeProblem = sequentialModeProblem(ruleset, g.sequentialMode);
  if (modeProblem !== null) throw new IntakeError('invalid-input', `The game is not valid: sequentialMode ${modeProblem}`, [{ path: 'sequentialMode', message: modeProblem }]);
  const state = ruleset.scenario.initialState(scenario);
  const scenarioNations = new Map(ruleset.scenario.players(state).map((n) => [n.id, n]));
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  g.nations.forEach((n, i) => {
    if (!scenarioNations.has(n.nationId)) issues.push({ path: `nations[${i}].nationId`, message: `"${n.nationId}" is not a ${ruleset.words.player} of the scenario (${[...scenarioNations.keys()].join(', ')})` });
    if (seen.has(n.nationId)) issues.push({ path: `nations[${i}].nationId`, message: `"${n.nationId}" is listed twice` });
    seen.add(n.nationId);
  });
  for (const id of scenarioNations.keys()) {
    if (!seen.has(id)) issues.push({ path: 'nations', message: `the scenario's ${ruleset.words.player} "${id}" needs a player email` });
  }
  if (issues.length > 0) throw new IntakeError('invalid-input', `The nations do not match the scenario: ${issues.map((i) => i.message).join('; ')}`, issues);

  const deadline = g.firstDeadline ?? nextDeadline(g.schedule as Schedule, g.timeZone, now);
  if (deadline.getTime() <= now.getTime()) {
    throw new IntakeError('invalid-input', 'The first deadline must be in the future.', [{ path: 'firstDeadline', message: 'is in the past' }]);
  }
  const turn = ruleset.state.turnOf(state);
  const gameId = generateGameId();
  const nations = g.nations.map((n) => ({
    nationId: n.nationId,
    name: n.name ?? scenarioNations.get(n.nationId)?.name ?? n.nationId,
    email: n.email,
    secret: generateSecret(),
  }));
  await transaction(db, async (tx) => {
    await tx.game.create({
      data: {
        id: gameId,
        name: g.name,
        ruleset: ruleset.id,
        settings: ruleset.scenario.settings(scenario) as object,
        scenario: g.scenario as object,
        timeZone: g.timeZone,
        schedule: g.schedule,
        currentTurn: turn,
        runEarlyWhenAllFinal: g.runEarlyWhenAllFinal,
        sequentialMode: g.sequentialMode,
        moveTimeLimitMinutes: g.moveTimeLimitMinutes,
        missingOrdersHoldShare: g.missingOrdersHoldShare,
        reminderHours: g.reminderHours,
        gmEmail: g.gmEmail ?? null,
      },
    });
    await tx.nation.createMany({
      data: nations.map((n) => ({ gameId, nationId: n.nationId, name: n.name, email: n.email, secretHash: hashSecret(n.secret) })),
    });
    // Played as each move arrives: the first move's time limit runs from now.
    const moveDeadline = g.sequentialMode === 'as-each-move-arrives' ? new Date(Date.now() + g.moveTimeLimitMinutes * 60_000) : null;
    await tx.turn.create({ data: { gameId, number: turn, deadline, state: state as object, moveDeadline } });
    await tx.auditEntry.create({ data: { gameId, actor: 'gm', action: 'game.create', detail: { turn, deadline: deadline.toISOString() } } });
    await afterCreate?.(tx, { gameId, turn, deadline, nations });
    // The hook renders every nation's welcome (about 10 ms a nation: docs/benchmarks.md); the rows are the
    // new game's own, so a long transaction blocks nobody.
  }, { timeoutMs: CREATE_GAME_TIMEOUT_MS });
  return { gameId, turn, deadline, nations };
}

export type Viewer = { kind: 'gm' } | { kind: 'nation'; nationId: string };

export interface GameStatusView {
  gameId: string;
  name: string;
  /** The game's ruleset and its words ("nation"/"player", "unit"/"hero"), for clients that speak them. */
  ruleset: RulesetLabel;
  status: 'active' | 'paused' | 'finished';
  timeZone: string;
  schedule: unknown;
  turn: number;
  turnStatus: 'open' | 'adjudicating' | 'done' | 'held';
  deadline: string;
  heldReason: string | null;
  /** Every nation: whether it sent orders for the current turn (no detail of other nations' orders). */
  nations: {
    nationId: string;
    name: string;
    submitted: boolean;
    final: boolean;
    active: boolean;
    email?: string;
    /** GM only: the last refusal of this nation's address by the receiving mail server (cleared when the GM replaces the address). */
    lastBounce?: { at: string; reason: string | null } | null;
    /** GM only: how the player wants the turn report mailed. */
    reportDelivery?: ReportDelivery;
  }[];
  /** GM only: this game's mails that could not be delivered (newest first, at most 50), so the GM can act. */
  undeliveredMail?: { id: string; kind: string; nationId: string | null; to: string[]; subject: string; attempts: number; lastError: string | null; createdAt: string }[];
  /** GM only: hours before the deadline nations without orders are reminded (0: never). */
  reminderHours?: number;
  /** The viewer's own nation, when a nation asks. */
  you?: { nationId: string; submissions: number; lastReceivedAt: string | null; unitsWithOrders: number; reportDelivery: ReportDelivery };
}

const UNDELIVERED_SHOWN = 50;

type StatusGame = NonNullable<Awaited<ReturnType<typeof statusGame>>>;
type SubmissionCounts = Map<string, { _count: { _all: number }; _max: { receivedAt: Date | null } }>;

function statusGame(db: Db, gameId: string) {
  return db.prisma.game.findUnique({
    where: { id: gameId },
    select: { id: true, name: true, ruleset: true, status: true, timeZone: true, schedule: true, currentTurn: true, reminderHours: true, nations: { orderBy: { nationId: 'asc' } } },
  });
}

/** Current turn, deadline and who has submitted. A nation sees only its own details; the GM also sees
 * emails, refused addresses and undelivered mail. */
export async function getStatus(db: Db, gameId: string, viewer: Viewer): Promise<GameStatusView> {
  const game = await statusGame(db, gameId);
  if (game === null) throw new IntakeError('game-not-found', `There is no game "${gameId}".`);
  const turn = await db.prisma.turn.findUnique({
    where: { gameId_number: { gameId, number: game.currentTurn } },
    select: { status: true, deadline: true, heldReason: true },
  });
  if (turn === null) throw new IntakeError('turn-not-found', `Game "${gameId}" has no turn ${game.currentTurn}.`);
  const counts = await db.prisma.submission.groupBy({
    by: ['nationId'],
    where: { gameId, turnNumber: game.currentTurn },
    _count: { _all: true },
    _max: { receivedAt: true },
  });
  const byNation: SubmissionCounts = new Map(counts.map((c) => [c.nationId, c]));
  const view: GameStatusView = {
    gameId: game.id,
    name: game.name,
    ruleset: rulesetLabel(rulesetFor(game.ruleset)),
    status: game.status,
    timeZone: game.timeZone,
    schedule: game.schedule,
    turn: game.currentTurn,
    turnStatus: turn.status,
    deadline: turn.deadline.toISOString(),
    heldReason: turn.heldReason,
    nations: nationsSeenBy(game, byNation, viewer),
  };
  if (viewer.kind === 'gm') Object.assign(view, await gmStatus(db, game));
  if (viewer.kind === 'nation') view.you = await ownStatus(db, game, byNation, viewer.nationId);
  return view;
}

/** Every nation: whether it has sent orders; the GM also sees its address, refusals and report delivery. */
function nationsSeenBy(game: StatusGame, byNation: SubmissionCounts, viewer: Viewer): GameStatusView['nations'] {
  return game.nations.map((n) => {
    const out: GameStatusView['nations'][number] = {
      nationId: n.nationId,
      name: n.name,
      submitted: byNation.has(n.nationId),
      final: n.ordersFinal,
      active: n.active,
    };
    if (viewer.kind === 'gm') {
      out.email = n.email;
      out.lastBounce = n.lastBounceAt === null ? null : { at: n.lastBounceAt.toISOString(), reason: n.lastBounceReason };
      out.reportDelivery = n.reportDelivery;
    }
    return out;
  });
}

/** What only the GM sees: the reminder setting and the game's undelivered mail. */
async function gmStatus(db: Db, game: StatusGame): Promise<Pick<GameStatusView, 'reminderHours' | 'undeliveredMail'>> {
  const failed = await db.prisma.outboxMail.findMany({
    where: { gameId: game.id, status: 'failed' },
    orderBy: { createdAt: 'desc' },
    take: UNDELIVERED_SHOWN,
    select: { id: true, kind: true, nationId: true, toAddresses: true, subject: true, attempts: true, lastError: true, createdAt: true },
  });
  return {
    reminderHours: game.reminderHours,
    undeliveredMail: failed.map((m) => ({
      id: m.id,
      kind: m.kind,
      nationId: m.nationId,
      to: m.toAddresses,
      subject: m.subject,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** What a nation sees of itself: its submissions this turn, its units with orders, its report delivery. */
async function ownStatus(db: Db, game: StatusGame, byNation: SubmissionCounts, nationId: string): Promise<NonNullable<GameStatusView['you']>> {
  const mine = byNation.get(nationId);
  const units = await db.prisma.standingOrder.findMany({
    where: { gameId: game.id, turnNumber: game.currentTurn, nationId },
    select: { orders: true },
  });
  return {
    nationId,
    submissions: mine?._count._all ?? 0,
    lastReceivedAt: mine?._max.receivedAt?.toISOString() ?? null,
    unitsWithOrders: units.filter((u) => Array.isArray(u.orders) && u.orders.length > 0).length,
    reportDelivery: game.nations.find((n) => n.nationId === nationId)?.reportDelivery ?? 'full',
  };
}

async function audit(db: Db, gameId: string, action: string, detail: object, actor = 'gm'): Promise<void> {
  await db.prisma.auditEntry.create({ data: { gameId, actor, action, detail } });
}

/** How a turn report can be mailed (the schema's ReportDelivery): full (text, HTML, PNG map), text (plain text only), none (no mail). */
export const REPORT_DELIVERIES: readonly ReportDelivery[] = Object.values(ReportDelivery);

/**
 * Set how a nation's turn reports are mailed from the next report on (by the player or the GM; recorded in
 * the audit log with who did it). A report mail withheld with `none` is still sent on "resend-report".
 */
export async function setReportDelivery(
  db: Db,
  gameId: string,
  nationId: string,
  delivery: string,
  by: 'gm' | 'nation',
): Promise<{ nationId: string; reportDelivery: ReportDelivery }> {
  if (!(REPORT_DELIVERIES as readonly string[]).includes(delivery)) {
    throw new IntakeError('invalid-input', `"${delivery}" is not a report delivery; use one of ${REPORT_DELIVERIES.join(', ')}.`, [
      { path: 'reportDelivery', message: `is one of ${REPORT_DELIVERIES.join(', ')}` },
    ]);
  }
  await requireGame(db, gameId);
  const updated = await db.prisma.nation.updateMany({ where: { gameId, nationId }, data: { reportDelivery: delivery as ReportDelivery } });
  if (updated.count === 0) throw new IntakeError('nation-not-found', `Game "${gameId}" has no nation "${nationId}".`);
  await audit(db, gameId, 'nation.report-delivery', { nationId, reportDelivery: delivery }, by === 'gm' ? 'gm' : `nation:${nationId}`);
  return { nationId, reportDelivery: delivery as ReportDelivery };
}

/** Set how many hours before the deadline nations without orders are reminded (0: never); recorded in the audit log. */
export async function setReminderHours(db: Db, gameId: string, hours: unknown): Promise<{ gameId: string; reminderHours: number }> {
  const parsed = reminderHoursSchema.safeParse(hours);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'is not a number of hours';
    throw new IntakeError('invalid-input', `reminderHours ${message} (got ${JSON.stringify(hours)}).`, [{ path: 'reminderHours', message }]);
  }
  await requireGame(db, gameId);
  await db.prisma.game.update({ where: { id: gameId }, data: { reminderHours: parsed.data } });
  await audit(db, gameId, 'game.reminder-hours', { reminderHours: parsed.data });
  return { gameId, reminderHours: parsed.data };
}

/** A game's status, current turn and its deadline (what the GM's actions answer with); `game-not-found` when there is none. */
export async function getGameState(db: Db, gameId: string): Promise<{ gameId: string; status: 'active' | 'paused' | 'finished'; turn: number; deadline: string }> {
  const g = await db.prisma.game.findUnique({ where: { id: gameId }, select: { status: true, currentTurn: true, turns: { orderBy: { number: 'desc' }, take: 1, select: { deadline: true } } } });
  if (g === null) throw new IntakeError('game-not-found', `There is no game "${gameId}".`);
  return { gameId, status: g.status, turn: g.currentTurn, deadline: g.turns[0]?.deadline.toISOString() ?? '' };
}

/** Throws `game-not-found` unless the game exists (the intake's one check of it, for every read and GM action). */
export async function requireGame(db: Db, gameId: string): Promise<void> {
  const game = await db.prisma.game.findUnique({ where: { id: gameId }, select: { id: true } });
  if (game === null) throw new IntakeError('game-not-found', `There is no game "${gameId}".`);
}

/** Replace a player's registered address (reports and receipts go there from now on); `afterReplace` runs in the same transaction. */
export async function replaceNationEmail(
  db: Db,
  gameId: string,
  nationId: string,
  newEmail: string,
  afterReplace?: (tx: Tx) => Promise<void>,
): Promise<{ nationId: string; email: string }> {
  const parsed = email.safeParse(newEmail);
  if (!parsed.success) throw new IntakeError('invalid-input', `"${newEmail}" is not an email address.`, [{ path: 'email', message: 'is not an email address' }]);
  await requireGame(db, gameId);
  await transaction(db, async (tx) => {
    const updated = await tx.nation.updateMany({ where: { gameId, nationId }, data: { email: parsed.data, lastBounceAt: null, lastBounceReason: null } });
    if (updated.count === 0) throw new IntakeError('nation-not-found', `Game "${gameId}" has no nation "${nationId}".`);
    await tx.auditEntry.create({ data: { gameId, actor: 'gm', action: 'nation.email', detail: { nationId } } });
    await afterReplace?.(tx);
  });
  forgetGameAuth(db, gameId);
  return { nationId, email: parsed.data };
}

/**
 * Issue a nation a new secret (the old one stops working at once). Returned once; `afterRotate` runs in the
 * same transaction with the new secret (the turn service mails it there).
 */
export async function rotateNationSecret(
  db: Db,
  gameId: string,
  nationId: string,
  afterRotate?: (tx: Tx, secret: string) => Promise<void>,
): Promise<{ nationId: string; secret: string }> {
  await requireGame(db, gameId);
  const secret = generateSecret();
  await transaction(db, async (tx) => {
    const updated = await tx.nation.updateMany({ where: { gameId, nationId }, data: { secretHash: hashSecret(secret) } });
    if (updated.count === 0) throw new IntakeError('nation-not-found', `Game "${gameId}" has no nation "${nationId}".`);
    await tx.auditEntry.create({ data: { gameId, actor: 'gm', action: 'nation.secret', detail: { nationId } } });
    await afterRotate?.(tx, secret);
  });
  forgetGameAuth(db, gameId);
  return { nationId, secret };
}
