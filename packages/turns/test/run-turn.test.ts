// runTurn against the real PostgreSQL: exactly once, holds, recovery, and what it stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@arbiter/db/testing';
import type { TestDatabase } from '@arbiter/db/testing';
import { sealTurn } from '@arbiter/engine';
import { adjudicate, parseOrders } from '@arbiter/ruleset-mepbm';
import { extendDeadline, GmActionError, pauseGame, releaseHeldTurn, replayTurn, resumeGame, runNow, runTurn } from '../src/index.ts';
import type { StoredTurnResult } from '../src/index.ts';
import { buildScenario, seedGame } from '../src/testing.ts';
import { config, daily1800, minutesAgo } from './helpers.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ poolMax: 12 });
});
afterAll(async () => {
  await tdb?.drop();
});

const W = { workerId: 'test-worker' };

async function counts(gameId: string) {
  const p = tdb.db.prisma;
  const [turns, reports, mails, audits] = await Promise.all([
    p.turn.count({ where: { gameId } }),
    p.nationReport.count({ where: { gameId } }),
    p.outboxMail.count({ where: { gameId } }),
    p.auditEntry.count({ where: { gameId } }),
  ]);
  return { turns, reports, mails, audits };
}

describe('runTurn', () => {
  it('adjudicates a due turn once, stores result, reports, mails and the next turn; a second call writes nothing', async () => {
    const deadline = minutesAgo(1);
    const { gameId, nations } = await seedGame(tdb.db, { nations: 3, unitsPerNation: 5, deadline });
    const first = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(first).toMatchObject({ kind: 'done', turn: 1, alreadyDone: false, recovered: false, nextTurn: 2, reports: 3, mails: 3 });
    if (first.kind !== 'done') throw new Error('unreachable');
    // The schedule's next slot after the old deadline, at least 12 hours away.
    let expected = daily1800(deadline);
    while (expected.getTime() < Date.now() + 12 * 3_600_000) expected = daily1800(expected);
    expect(first.nextDeadline).toEqual(expected);
    expect(first.nextDeadline.getTime() - Date.now()).toBeLessThan(48 * 3_600_000);
    expect(first.timings!.total).toBeGreaterThan(0);

    // The hash is the engine's own for the same inputs.
    const { state, orders } = buildScenario({ nations: 3, unitsPerNation: 5 });
    const lines = [...orders.values()].flatMap((m) => [...m.values()].flat());
    expect(first.hash).toBe(sealTurn(adjudicate(state, parseOrders(lines.join('\n')).orders)).hash);

    const p = tdb.db.prisma;
    const t1 = await p.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
    expect(t1.status).toBe('done');
    expect(t1.resultHash).toBe(first.hash);
    const stored = t1.result as unknown as StoredTurnResult;
    expect(stored.hash).toBe(first.hash);
    expect(stored.orderCount).toBe(15);
    expect(stored.inputErrors).toEqual([]);
    expect(stored.units).toHaveLength(15);
    const t2 = await p.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 2 } } });
    expect(t2.status).toBe('open');
    expect(t2.deadline).toEqual(first.nextDeadline);
    expect((t2.state as { turn: number }).turn).toBe(2);
    expect((await p.game.findUniqueOrThrow({ where: { id: gameId } })).currentTurn).toBe(2);

    const reports = await p.nationReport.findMany({ where: { gameId }, orderBy: { nationId: 'asc' } });
    expect(reports.map((r) => r.nationId)).toEqual([...nations].sort());
    for (const r of reports) {
      expect(r.text).toContain('turn 1');
      expect(r.html).toContain('<svg');
      expect(r.svg).toMatch(/^<svg/);
    }
    const mails = await p.outboxMail.findMany({ where: { gameId }, orderBy: { nationId: 'asc' } });
    expect(mails.map((m) => [m.nationId, m.kind, m.status, m.toAddresses, m.messageId])).toEqual(
      [...nations].sort().map((n) => [n, 'report', 'pending', [`${n}@players.example`], `report.${gameId}.${n}.t1@arbiter.example`]),
    );
    expect(mails[0]!.attachments).toEqual([{ filename: 'map-turn-1.png', contentType: 'image/png', source: { kind: 'nation-report-map', turn: 1 } }]);
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe': expect.stringMatching(/^<mailto:gm@arbiter\.example\?subject=Leave/) });

    const before = await counts(gameId);
    const again = await runTurn(tdb.db, { gameId, turn: 1, workerId: 'another' }, config());
    expect(again).toMatchObject({ kind: 'done', hash: first.hash, alreadyDone: true, reports: 3, mails: 3, nextDeadline: first.nextDeadline, timings: null });
    expect(await counts(gameId)).toEqual(before);
    expect(await replayTurn(p, gameId, 1)).toEqual({ kind: 'match', gameId, turn: 1, hash: first.hash });
  });

  it('never adjudicates twice when many runs race for the same turn', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 4, unitsPerNation: 6, deadline: minutesAgo(1) });
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => runTurn(tdb.db, { gameId, turn: 1, workerId: `w${i}` }, config())));
    const fresh = outcomes.filter((o) => o.kind === 'done' && !o.alreadyDone);
    expect(fresh).toHaveLength(1);
    for (const o of outcomes) expect(['done', 'busy']).toContain(o.kind);
    expect(await counts(gameId)).toMatchObject({ turns: 2, reports: 4, mails: 4 });
    expect(await tdb.db.prisma.auditEntry.count({ where: { gameId, action: 'turn.adjudicated' } })).toBe(1);
  });

  it('does nothing before the deadline, unless every nation marked its orders final and the game runs early', async () => {
    const deadline = new Date(Date.now() + 3_600_000);
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 3, deadline, runEarlyWhenAllFinal: true });
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toEqual({ kind: 'not-due', gameId, turn: 1, deadline });
    await tdb.db.prisma.nation.updateMany({ where: { gameId, nationId: 'n1' }, data: { ordersFinal: true } });
    expect((await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).kind).toBe('not-due');
    await tdb.db.prisma.nation.updateMany({ where: { gameId }, data: { ordersFinal: true } });
    const done = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(done).toMatchObject({ kind: 'done', alreadyDone: false });
    // Running early never shortens the next turn: its deadline is the slot after the original one.
    if (done.kind === 'done') expect(done.nextDeadline.getTime()).toBeGreaterThan(deadline.getTime());
    expect(await tdb.db.prisma.nation.count({ where: { gameId, ordersFinal: true } })).toBe(0);
  });

  it('holds a turn when too many nations sent no orders, tells the GM, and runs it once released', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 4, unitsPerNation: 3, deadline: minutesAgo(1), silentNations: ['n2', 'n4'], missingOrdersHoldShare: 0.5 });
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(held).toMatchObject({ kind: 'held', alreadyHeld: false });
    if (held.kind !== 'held') throw new Error('unreachable');
    expect(held.reason).toMatch(/^missing orders: 2 of 4 active nations sent no orders \(50%, the game holds at 50%\): n2, n4\./);
    const p = tdb.db.prisma;
    const turn = await p.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } } });
    expect([turn.status, turn.heldReason]).toEqual(['held', held.reason]);
    const notice = await p.outboxMail.findFirstOrThrow({ where: { gameId, kind: 'notice' } });
    expect(notice.toAddresses).toEqual(['gm@arbiter.example']);
    expect(notice.subject).toBe(`Arbiter: turn 1 of Fixture ${gameId} is held for you`);
    expect(notice.text).toContain(held.reason);
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'held', alreadyHeld: true });
    expect(await p.outboxMail.count({ where: { gameId, kind: 'notice' } })).toBe(1);

    await expect(runNow(tdb.db, gameId, 1, 'gm')).rejects.toThrow('turn 1 is held: release it instead');
    const released = await releaseHeldTurn(tdb.db, gameId, 1, 'gm');
    expect(released.deadline.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'done', alreadyDone: false, mails: 4 });
    await expect(releaseHeldTurn(tdb.db, gameId, 1, 'gm')).rejects.toThrow('turn 1 is not the current turn (2)');
  });

  it('"run now" says when the turn will be held for missing orders, and the claim then holds it with the same reason (issue 26)', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 4, unitsPerNation: 2, deadline: minutesAgo(-60), silentNations: ['n2', 'n4'], missingOrdersHoldShare: 0.5 });
    const run = await runNow(tdb.db, gameId, 1, 'gm');
    expect(run.hold).toMatch(/^missing orders: 2 of 4 active nations sent no orders \(50%, the game holds at 50%\): n2, n4\./);
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(held).toMatchObject({ kind: 'held', reason: run.hold });
    // Released, it runs as it is; a second game with every nation's orders is not held.
    await releaseHeldTurn(tdb.db, gameId, 1, 'gm');
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'done' });
    const full = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(-60) });
    expect((await runNow(tdb.db, full.gameId, 1, 'gm')).hold).toBeNull();
  });

  it('does not hold when fewer nations than the threshold are silent', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 4, unitsPerNation: 2, deadline: minutesAgo(1), silentNations: ['n3'], missingOrdersHoldShare: 0.5 });
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'done' });
  });

  it('holds a turn that is more than one deadline overdue (outage) instead of running it blindly', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(60 * 50) });
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(held).toMatchObject({ kind: 'held' });
    if (held.kind === 'held') expect(held.reason).toMatch(/^outage: the deadline .* passed and so did the next scheduled one/);
    // Extending is the GM's other answer: a fresh deadline, and the turn is not held again when it comes.
    const soon = new Date(Date.now() + 4000);
    await extendDeadline(tdb.db, gameId, 1, soon, 'gm');
    expect((await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).kind).toBe('not-due');
    await new Promise((r) => setTimeout(r, soon.getTime() - Date.now() + 50));
    const done = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(done).toMatchObject({ kind: 'done', alreadyDone: false });
  });

  it('holds a turn first run long after its deadline (the worker was down), even if no second deadline passed', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(180), schedule: { kind: 'every', days: 7, time: '18:00' } });
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(held).toMatchObject({ kind: 'held' });
    if (held.kind === 'held') expect(held.reason).toMatch(/^outage: the deadline .* passed 3 hours ago and the turn was not run/);
    const g2 = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(180), schedule: { kind: 'every', days: 7, time: '18:00' } });
    expect(await runTurn(tdb.db, { gameId: g2.gameId, turn: 1, ...W }, config({ outageGraceMs: 4 * 3_600_000 }))).toMatchObject({ kind: 'done' });
  });

  it('takes over the claim of a crashed run at once, and reports a live one as busy', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 3, deadline: minutesAgo(1) });
    const p = tdb.db.prisma;
    await p.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { status: 'adjudicating', claimedBy: 'dead/0000', claimedAt: new Date() } });
    // A live claimant holds the advisory lock on its own connection.
    const live = await tdb.db.pool.connect();
    try {
      await live.query('SELECT pg_advisory_lock(hashtext($1), $2)', [`arbiter-turn/${gameId}`, 1]);
      expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toEqual({ kind: 'busy', gameId, turn: 1, claimedBy: 'dead/0000' });
      // ... unless its claim is older than the claim timeout (a hung worker).
      await p.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { claimedAt: minutesAgo(30) } });
      expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config({ claimTimeoutMs: 60_000 }))).toMatchObject({ kind: 'done', recovered: true });
    } finally {
      live.release(true);
    }
    // Lock gone (the claimant's connection died): a fresh claim is taken over immediately.
    const g2 = await seedGame(tdb.db, { nations: 2, unitsPerNation: 3, deadline: minutesAgo(1) });
    await p.turn.update({ where: { gameId_number: { gameId: g2.gameId, number: 1 } }, data: { status: 'adjudicating', claimedBy: 'dead/0001', claimedAt: new Date() } });
    expect(await runTurn(tdb.db, { gameId: g2.gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'done', recovered: true, alreadyDone: false });
  });

  it('supersedes report mail of a nation that has not gone out when a newer report is written', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(1) });
    const p = tdb.db.prisma;
    const old = await p.outboxMail.create({ data: { gameId, nationId: 'n1', kind: 'report', toAddresses: ['n1@players.example'], subject: 'old', text: 'old', messageId: `old.${gameId}@arbiter.example` } });
    const receipt = await p.outboxMail.create({ data: { gameId, nationId: 'n1', kind: 'receipt', toAddresses: ['n1@players.example'], subject: 'receipt', text: 'r', messageId: `receipt.${gameId}@arbiter.example` } });
    await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect((await p.outboxMail.findUniqueOrThrow({ where: { id: old.id } })).status).toBe('superseded');
    expect((await p.outboxMail.findUniqueOrThrow({ where: { id: receipt.id } })).status).toBe('pending');
  });

  it('answers for turns that do not exist, and for paused games', async () => {
    expect(await runTurn(tdb.db, { gameId: 'nope', turn: 1, ...W }, config())).toEqual({ kind: 'not-found', gameId: 'nope', turn: 1, message: 'game nope has no turn 1' });
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(1) });
    expect(await runTurn(tdb.db, { gameId, turn: 7, ...W }, config())).toMatchObject({ kind: 'not-found', message: `game ${gameId} has no turn 7` });
    await pauseGame(tdb.db, gameId, 'gm');
    await expect(pauseGame(tdb.db, gameId, 'gm')).rejects.toThrow(`game ${gameId} is paused, not active`);
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toEqual({ kind: 'paused', gameId, turn: 1 });
    const resumed = await resumeGame(tdb.db, gameId, 'gm', daily1800);
    expect(resumed.deadline.getTime()).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 5_000);
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'not-due', deadline: resumed.deadline });
    await runNow(tdb.db, gameId, 1, 'gm');
    expect(await runTurn(tdb.db, { gameId, turn: 1, ...W }, config())).toMatchObject({ kind: 'done' });
    const err = await extendDeadline(tdb.db, gameId, 2, new Date(Date.now() - 1000), 'gm').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GmActionError);
    expect((err as GmActionError).code).toBe('invalid');
    expect((err as Error).message).toMatch(/^the new deadline .* is not in the future$/);
  });
});

describe('runTurn when the turn itself fails', () => {
  it('holds the turn with the error instead of retrying it forever, and notifies the GM each time', async () => {
    const p = tdb.db.prisma;
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(1) });
    await p.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { state: { broken: true } } });
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(held).toMatchObject({ kind: 'held', alreadyHeld: false });
    if (held.kind === 'held') expect(held.reason).toBe(`reading the turn's stored inputs failed: turn 1 of game ${gameId} has no usable stored state. This is a fault of the server, not of the players' orders: report it to the operator; release the turn once it is fixed.`);
    // The engine throwing on a state it cannot use: held again after the GM released it.
    const { state } = buildScenario({ nations: 2, unitsPerNation: 2 });
    await p.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { state: { ...state, map: null } as never } });
    await releaseHeldTurn(tdb.db, gameId, 1, 'gm');
    const again = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    expect(again).toMatchObject({ kind: 'held' });
    if (again.kind === 'held') expect(again.reason).toMatch(/^adjudication failed: /);
    expect(await p.outboxMail.count({ where: { gameId, kind: 'notice' } })).toBe(2);
    expect(await p.turn.count({ where: { gameId } })).toBe(1);
    expect(await p.nationReport.count({ where: { gameId } })).toBe(0);
  });

  it('holds the turn when a report cannot be rendered, writing nothing of it', async () => {
    const p = tdb.db.prisma;
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 2, deadline: minutesAgo(1), timeZone: 'Europe/London' });
    // A time zone the renderer refuses (stored behind intake's back).
    await p.game.update({ where: { id: gameId }, data: { timeZone: 'Mars/Olympus' } });
    const held = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config({ nextSlotFor: () => daily1800 }));
    expect(held).toMatchObject({ kind: 'held' });
    if (held.kind === 'held') expect(held.reason).toMatch(/^rendering the reports failed: report context: unknown time zone "Mars\/Olympus"/);
    expect(await p.nationReport.count({ where: { gameId } })).toBe(0);
    expect(await p.outboxMail.count({ where: { gameId, kind: 'report' } })).toBe(0);
    expect(await p.turn.count({ where: { gameId } })).toBe(1);
  });
});

describe('replayTurn', () => {
  it('reports a mismatch when the stored inputs were changed, and refuses turns without a result', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 4, deadline: minutesAgo(1) });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toEqual({ kind: 'not-replayable', gameId, turn: 1, message: `turn 1 of game ${gameId} is open: it has no stored result yet` });
    const done = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    if (done.kind !== 'done') throw new Error(`expected done, got ${done.kind}`);
    await tdb.db.prisma.standingOrder.update({
      where: { gameId_turnNumber_unitId: { gameId, turnNumber: 1, unitId: 'n1-a0' } },
      data: { orders: ['n1-a0, 850, no, w'] },
    });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toMatchObject({ kind: 'mismatch', storedHash: done.hash });
    expect(await replayTurn(tdb.db.prisma, gameId, 9)).toMatchObject({ kind: 'not-replayable', message: `game ${gameId} has no turn 9` });
  });

  it('stores the rules version a turn ran under, and says so when a replay differs under other rules', async () => {
    const { gameId } = await seedGame(tdb.db, { nations: 2, unitsPerNation: 4, deadline: minutesAgo(1) });
    const done = await runTurn(tdb.db, { gameId, turn: 1, ...W }, config());
    if (done.kind !== 'done') throw new Error(`expected done, got ${done.kind}`);
    const row = await tdb.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId, number: 1 } }, select: { result: true } });
    const stored = row.result as unknown as StoredTurnResult;
    expect(stored.rulesVersion).toBe(3);
    // The same result, as if it had run under version 1 (a result stored before versions were kept has
    // none): a replay under today's rules that matches is still a match ...
    const { rulesVersion: _v, ...unversioned } = stored;
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { result: unversioned as object } });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toEqual({ kind: 'match', gameId, turn: 1, hash: done.hash });
    // ... and one that differs is put down to the rules, not to changed inputs.
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { resultHash: 'f'.repeat(64) } });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toEqual({
      kind: 'other-rules',
      gameId,
      turn: 1,
      ruleset: 'mepbm',
      storedVersion: 1,
      version: 3,
      storedHash: 'f'.repeat(64),
      hash: done.hash,
    });
    // A turn stored under version 2 (issue 20's rules) that replays to another hash is put down to the
    // rules too (issue 26 raised mepbm to 3).
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { result: { ...stored, rulesVersion: 2 } as unknown as object } });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toMatchObject({ kind: 'other-rules', storedVersion: 2, version: 3, hash: done.hash });
    // Under the same version, a difference is a mismatch.
    await tdb.db.prisma.turn.update({ where: { gameId_number: { gameId, number: 1 } }, data: { result: stored as unknown as object } });
    expect(await replayTurn(tdb.db.prisma, gameId, 1)).toMatchObject({ kind: 'mismatch', storedHash: 'f'.repeat(64), hash: done.hash });
  });
});
