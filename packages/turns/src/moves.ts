// Moves of a game played as each move arrives (docs/architecture.md, "Sequential play"): adjudicating a
// pending move exactly once (the worker's `move` job, deterministic id), passing for players whose time
// ran out or whom the GM skips, and the mails of a move: every player's report of it, and "your move" to
// whoever may move next, with the move's time limit. One transaction a move, under the lock of the turn's
// row; a move is done only by the state-guarded update of its pending row.
import type { Db, Prisma, Tx } from '@arbiter/db';
import { transaction } from '@arbiter/db';
import { rulesetLabel, sealTurn, type TurnResult } from '@arbiter/engine';
import { roundState, uuidv7, type MoveRow } from '@arbiter/intake';
import { outboxMessageId } from '@arbiter/mail';
import { moveNoticeMail, moveReportSubject, yourMoveMail, type MoveChange, type MoveSince } from '@arbiter/reports';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { queueGmNotice } from './hold.ts';
import { queuePlayerMails, withheldFor, type PlayerOutboxMail } from './player-outbox.ts';
import { mapAttachment, ReportRenderer, svgMapAttachment } from './render.ts';
import { storedOf, type StoredMoveResult } from './stored-result.ts';

export type RunMoveOutcome =
  | { kind: 'done'; gameId: string; turn: number; seq: number; hash: string; alreadyDone: boolean; mails: number; roundComplete: boolean }
  /** The ruleset failed on the move (a fault of the server): the move is set aside (taken back), the GM told, the player may send it again. */
  | { kind: 'failed'; gameId: string; turn: number; seq: number; reason: string }
  | { kind: 'not-found'; gameId: string; turn: number; seq: number; message: string };

export interface RunMoveInput {
  gameId: string;
  turn: number;
  seq: number;
  workerId: string;
}

/** What the move mails need: MAIL_FROM, whose domain names their Message-IDs. */
export interface MoveMailSettings {
  from: string;
  domain: string;
}

/** The game's row as a move needs it. */
interface MoveGame {
  id: string;
  name: string;
  ruleset: string;
  timeZone: string;
  gmEmail: string | null;
  moveTimeLimitMinutes: number;
  deadline: Date;
  /** The current move's time limit (Turn.moveDeadline). */
  moveDeadline: Date | null;
  now: Date;
}

/** Locks the turn's row (one move of a game at a time) and reads the game; null when there is no such turn. */
export async function lockRound(tx: Tx, gameId: string, turn: number): Promise<(MoveGame & { turnStatus: string }) | null> {
  const rows = await tx.$queryRaw<(MoveGame & { turnStatus: string })[]>`
    SELECT g.id, g.name, g.ruleset, g."timeZone", g."gmEmail", g."moveTimeLimitMinutes", t.deadline, t."moveDeadline", t.status::text AS "turnStatus", now() AS now
      FROM "Turn" t JOIN "Game" g ON g.id = t."gameId"
     WHERE t."gameId" = ${gameId} AND t.number = ${turn}
       FOR UPDATE OF t`;
  return rows[0] ?? null;
}

/** Adjudicates pending move `seq` of `turn` at most once, whatever calls it (duplicate jobs, retries, the sweep). */
export async function runMove(db: Db, input: RunMoveInput, mail: MoveMailSettings): Promise<RunMoveOutcome> {
  const { gameId, turn, seq } = input;
  return transaction(
    db,
    async (tx): Promise<RunMoveOutcome> => {
      const game = await lockRound(tx, gameId, turn);
      const move = await tx.move.findUnique({ where: { gameId_turnNumber_seq: { gameId, turnNumber: turn, seq } } });
      if (game === null || move === null) return { kind: 'not-found', gameId, turn, seq, message: `game ${gameId} has no move ${seq} in turn ${turn}` };
      if (move.status !== 'pending') return { kind: 'done', gameId, turn, seq, hash: move.resultHash ?? '', alreadyDone: true, mails: 0, roundComplete: false };
      const pending = { seq, nationId: move.nationId, kind: move.kind, orders: move.orders as string[] };
      const done = await adjudicateMove(tx, game, pending, input.workerId, mail).catch((err: unknown) => (err instanceof MoveFailure ? err : Promise.reject(err)));
      if (done instanceof MoveFailure) {
        await setAside(tx, game, turn, pending, done.message, input.workerId, mail);
        return { kind: 'failed', gameId, turn, seq, reason: done.message };
      }
      return { kind: 'done', gameId, turn, seq, hash: done.hash, alreadyDone: false, mails: done.mails, roundComplete: done.roundComplete };
    },
    { timeoutMs: 60_000 },
  );
}

interface PendingMove {
  seq: number;
  nationId: string;
  kind: MoveRow['kind'];
  orders: string[];
}

/** The move on the state the turn's earlier moves left: stored, mailed, the next move's time limit set. */
async function adjudicateMove(tx: Tx, game: MoveGame, move: PendingMove, actor: string, mail: MoveMailSettings): Promise<{ hash: string; mails: number; roundComplete: boolean }> {
  const ruleset = rulesetFor(game.ruleset);
  const turn = await currentTurnOf(tx, game.id);
  const round = await roundState(tx, ruleset, game.id, turn);
  const orders = move.orders.length === 0 ? [] : ruleset.orders.parse(move.orders.join('\n')).orders;
  let result: TurnResult;
  try {
    result = sealTurn(ruleset.sequential!.move(round.state, move.nationId, orders));
  } catch (err) {
    throw new MoveFailure(`adjudicating move ${move.seq} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const stored: StoredMoveResult = { ...storedOf(ruleset, result, orders.length), seq: move.seq, player: move.nationId };
  const updated = await tx.move.updateMany({
    where: { gameId: game.id, turnNumber: turn, seq: move.seq, status: 'pending' },
    data: { status: 'done', result: stored as unknown as Prisma.InputJsonValue, resultHash: result.hash, nextState: result.nextState as Prisma.InputJsonValue, adjudicatedAt: game.now },
  });
  if (updated.count !== 1) throw new Error(`move ${move.seq} of turn ${turn} of game ${game.id} is no longer pending`);
  const roundComplete = ruleset.state.turnOf(result.nextState) !== turn;
  const moveDeadline = roundComplete ? null : new Date(game.now.getTime() + game.moveTimeLimitMinutes * 60_000);
  await tx.turn.update({ where: { gameId_number: { gameId: game.id, number: turn } }, data: { moveDeadline } });
  const moves = [...round.moves.filter((m) => m.seq !== move.seq), { seq: move.seq, nationId: move.nationId, kind: move.kind, status: 'done' as const, receivedAt: game.now }];
  const mails = await queueMoveMails(tx, { game, ruleset, turn, move, result, moves, moveDeadline, mail });
  await tx.auditEntry.create({
    data: { id: uuidv7(), gameId: game.id, actor, action: 'move.adjudicated', detail: { turn, seq: move.seq, player: move.nationId, kind: move.kind, hash: result.hash, mails } },
  });
  return { hash: result.hash, mails, roundComplete };
}

/** The ruleset threw on a move: deterministic, so not retried. */
class MoveFailure extends Error {}

/** A move the ruleset failed on: set aside (taken back, the reason kept), the GM told; the player's move is open again. */
async function setAside(tx: Tx, game: MoveGame, turn: number, move: PendingMove, reason: string, actor: string, mail: MoveMailSettings): Promise<void> {
  await tx.move.updateMany({ where: { gameId: game.id, turnNumber: turn, seq: move.seq, status: 'pending' }, data: { status: 'takenBack', result: { failure: reason }, adjudicatedAt: game.now } });
  const text = `${reason}. This is a fault of the server, not of the player's orders: report it to the operator. The move was set aside; ${move.nationId} may send it again, or skip the seat.`;
  await queueGmNotice(tx, { gameId: game.id, gmEmail: game.gmEmail, mail }, `${game.id}.move-failed.t${turn}.m${move.seq}`, `[Arbiter] ${game.name}: move ${move.seq} of turn ${turn} failed`, text);
  await tx.auditEntry.create({ data: { id: uuidv7(), gameId: game.id, actor, action: 'move.failed', detail: { turn, seq: move.seq, player: move.nationId, reason } } });
}

async function currentTurnOf(tx: Tx, gameId: string): Promise<number> {
  return (await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { currentTurn: true } })).currentTurn;
}

interface MoveMails {
  game: MoveGame;
  ruleset: AnyRuleset;
  turn: number;
  move: PendingMove;
  result: TurnResult;
  /** The turn's moves, this one done. */
  moves: MoveRow[];
  moveDeadline: Date | null;
  mail: MoveMailSettings;
}

/** Every player's report of the move, and "your move" to each player who may move next. */
async function queueMoveMails(tx: Tx, m: MoveMails): Promise<number> {
  const nations = (await tx.nation.findMany({ where: { gameId: m.game.id }, orderBy: { nationId: 'asc' } })).map((n) => ({ ...n, delivery: n.reportDelivery }));
  const names = new Map(nations.map((n) => [n.nationId, n.name]));
  const renderer = new ReportRenderer({
    ruleset: m.ruleset.id, gameId: m.game.id, gameName: m.game.name, turn: m.turn, nextDeadline: m.game.deadline, timeZone: m.game.timeZone,
    gmEmail: m.game.gmEmail, nations, views: m.result.views, mail: m.mail,
  });
  const mover = names.get(m.move.nationId) ?? m.move.nationId;
  const ruleset = rulesetLabel(m.ruleset);
  const next = m.moveDeadline === null ? [] : m.ruleset.sequential!.mayMove(m.result.nextState);
  const rows: PlayerOutboxMail[] = [];
  for (const id of renderer.ids) {
    const r = renderer.render(id);
    const n = nations.find((x) => x.nationId === id)!;
    if (r.mail === null) continue;
    const heading = { gameId: m.game.id, gameName: m.game.name, playerId: id, playerName: n.name, turn: m.turn };
    const map = svgMapAttachment(`map-turn-${m.turn}-move-${m.move.seq}.png`, r.svg);
    rows.push({
      gameId: m.game.id, nationId: id, kind: 'notice', ruleset, to: r.mail.toAddresses, withheld: r.mail.withheld,
      mail: { subject: moveReportSubject(heading, m.move.seq, mover), text: r.mail.text, html: r.mail.html, headers: r.mail.headers },
      messageId: outboxMessageId('move', `${m.game.id}.${id}.t${m.turn}.m${m.move.seq}`, m.mail.domain),
      attachments: n.delivery === 'full' ? [map] : [],
    });
    if (next.includes(id) && m.moveDeadline !== null) {
      const since = movesSince(m.moves, id, names);
      const text = yourMoveMail({
        ...heading, since, report: r.text, template: m.ruleset.orders.template(m.result.nextState, id), moveDeadline: m.moveDeadline, timeZone: m.game.timeZone, ruleset,
      });
      rows.push({
        gameId: m.game.id, nationId: id, kind: 'notice', ruleset, to: [n.email], mail: text, withheld: withheldFor(n.reportDelivery), attachments: [map],
        messageId: outboxMessageId('your-move', `${m.game.id}.${id}.t${m.turn}.m${m.move.seq}`, m.mail.domain),
      });
    }
  }
  return queuePlayerMails(tx, rows);
}

/** The done moves after `player`'s last one in the turn (all of them when they have not moved yet). */
function movesSince(moves: readonly MoveRow[], player: string, names: ReadonlyMap<string, string>): MoveSince[] {
  const done = moves.filter((x) => x.status === 'done');
  const last = done.map((x) => x.nationId).lastIndexOf(player);
  return done.slice(last + 1).map((x) => ({ seq: x.seq, by: names.get(x.nationId) ?? x.nationId, kind: x.kind }));
}

/** Why a pass cannot be made now, or null. */
export type PassRefusal = { code: 'turn-not-found' | 'conflict' | 'invalid'; message: string };

/**
 * Passes for players whose move it is (the ruleset's move with no orders): `timeout` for every player
 * whose time ran out, `skip` for the one the GM names (or the first whose move it is). Each pass is a
 * move of its own, adjudicated and mailed like any other, with a notice to the players and the GM.
 */
export async function passMoves(
  db: Db,
  p: { gameId: string; kind: 'timeout' | 'skip'; nationId?: string; actor: string; mail: MoveMailSettings; turnStatus?: 'open' | 'adjudicating' },
): Promise<{ turn: number; passed: string[] } | PassRefusal> {
  return transaction(db, async (tx) => {
    const turn = await currentTurnOf(tx, p.gameId).catch(() => null);
    const game = turn === null ? null : await lockRound(tx, p.gameId, turn);
    if (turn === null || game === null) return { code: 'turn-not-found' as const, message: `game ${p.gameId} does not exist or has no open turn` };
    if (game.turnStatus !== (p.turnStatus ?? 'open')) return { code: 'conflict' as const, message: `turn ${turn} is ${game.turnStatus}: no move can be passed now` };
    const ruleset = rulesetFor(game.ruleset);
    if (ruleset.sequential === undefined) return { code: 'conflict' as const, message: `${ruleset.title} is not played move by move` };
    // A timeout in an open turn only when the limit has passed, asked under the lock: two sweeps at once
    // pass the waiting move once (the second finds the next move's fresh limit).
    if (p.kind === 'timeout' && game.turnStatus === 'open' && (game.moveDeadline === null || game.moveDeadline.getTime() > game.now.getTime())) {
      return { code: 'conflict' as const, message: `the time for the move in turn ${turn} has not run out` };
    }
    const round = await roundState(tx, ruleset, p.gameId, turn);
    if (round.pending !== null) return { code: 'conflict' as const, message: `move ${round.pending.seq} is being adjudicated; try again in a moment` };
    if (ruleset.state.turnOf(round.state) !== turn) return { code: 'conflict' as const, message: `every seat has moved in turn ${turn}` };
    const may = ruleset.sequential.mayMove(round.state);
    if (p.nationId !== undefined && !may.includes(p.nationId)) {
      return { code: 'invalid' as const, message: `it is not ${p.nationId}'s move (it is ${may.join(' or ')}'s)` };
    }
    const who = p.nationId !== undefined ? [p.nationId] : p.kind === 'timeout' ? may : may.slice(0, 1);
    let seq = round.moves.length;
    for (const nationId of who) {
      seq += 1;
      await tx.move.create({ data: { gameId: p.gameId, turnNumber: turn, seq, nationId, kind: p.kind, orders: [] } });
      await adjudicateMove(tx, game, { seq, nationId, kind: p.kind, orders: [] }, p.actor, p.mail);
      const names = await playerNames(tx, p.gameId);
      await queueMoveNotices(tx, game, turn, { kind: p.kind === 'timeout' ? 'timed-out' : 'skipped', by: names.get(nationId) ?? nationId }, p.mail);
    }
    return { turn, passed: who };
  }, { timeoutMs: 60_000 });
}

async function playerNames(tx: Tx, gameId: string): Promise<Map<string, string>> {
  return new Map((await tx.nation.findMany({ where: { gameId }, select: { nationId: true, name: true } })).map((n) => [n.nationId, n.name]));
}

/** A notice of `change` to every active player and the GM (one Message-ID key per action). */
export async function queueMoveNotices(
  tx: Tx,
  game: { id: string; name: string; ruleset: string; timeZone: string; gmEmail: string | null },
  turn: number,
  change: MoveChange,
  mail: MoveMailSettings,
): Promise<number> {
  const nations = await tx.nation.findMany({ where: { gameId: game.id, active: true }, orderBy: { nationId: 'asc' } });
  const action = uuidv7();
  const ruleset = rulesetLabel(rulesetFor(game.ruleset));
  const rows: PlayerOutboxMail[] = nations.map((n) => ({
    gameId: game.id, nationId: n.nationId, kind: 'notice', ruleset, to: [n.email], withheld: withheldFor(n.reportDelivery),
    mail: moveNoticeMail({ gameId: game.id, gameName: game.name, playerId: n.nationId, playerName: n.name, turn, timeZone: game.timeZone, change, ruleset }),
    messageId: outboxMessageId('move-notice', `${game.id}.${n.nationId}.${action}`, mail.domain),
  }));
  const gm = moveNoticeMail({ gameId: game.id, gameName: game.name, playerId: 'gm', playerName: 'the game master', turn, timeZone: game.timeZone, change, ruleset });
  await queueGmNotice(tx, { gameId: game.id, gmEmail: game.gmEmail, mail }, `${game.id}.gm.${action}`, gm.subject, gm.text);
  return queuePlayerMails(tx, rows);
}

/**
 * "Your move" to each player who may open turn `turn` (a game played as each move arrives, after runTurn
 * closed the turn before it): the board as their report of the turn before shows it, its map, the order
 * template and the first move's time limit. Idempotent (one Message-ID a player and turn).
 */
export async function queueTurnOpening(db: Db, gameId: string, turn: number, mail: MoveMailSettings): Promise<number> {
  return transaction(db, async (tx) => {
    const game = await lockRound(tx, gameId, turn);
    if (game === null) return 0;
    const ruleset = rulesetFor(game.ruleset);
    const label = rulesetLabel(ruleset);
    const round = await roundState(tx, ruleset, gameId, turn);
    const at = await tx.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: turn } }, select: { moveDeadline: true } });
    if (ruleset.sequential === undefined || at.moveDeadline === null) return 0;
    const may = new Set(ruleset.sequential.mayMove(round.state));
    const nations = await tx.nation.findMany({ where: { gameId, active: true }, orderBy: { nationId: 'asc' } });
    const reports = new Map((await tx.nationReport.findMany({ where: { gameId, turnNumber: turn - 1 }, select: { nationId: true, text: true } })).map((r) => [r.nationId, r.text]));
    const rows: PlayerOutboxMail[] = nations
      .filter((n) => may.has(n.nationId))
      .map((n) => ({
        gameId, nationId: n.nationId, kind: 'notice', ruleset: label, to: [n.email], withheld: withheldFor(n.reportDelivery), attachments: reports.has(n.nationId) ? [mapAttachment(turn - 1)] : [],
        mail: yourMoveMail({
          gameId, gameName: game.name, playerId: n.nationId, playerName: n.name, turn, since: [], report: reports.get(n.nationId) ?? '', template: ruleset.orders.template(round.state, n.nationId),
          moveDeadline: at.moveDeadline!, timeZone: game.timeZone, ruleset: label,
        }),
        messageId: outboxMessageId('your-move', `${gameId}.${n.nationId}.t${turn}.m0`, mail.domain),
      }));
    return queuePlayerMails(tx, rows);
  });
}
