// Integration: the intake service against the real PostgreSQL (one fresh database for this file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import {
  authenticateNation,
  createGame,
  getStandingOrders,
  getStatus,
  IntakeError,
  renderReceiptText,
  replaceNationEmail,
  rotateNationSecret,
  submitOrders,
  type CreatedGame,
} from '../src/index.ts';
import { exampleScenario, players } from '../src/testing.ts';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

/** A game of the test's own, so that every test passes alone and in any order. */
async function newGame(): Promise<CreatedGame & { secretOf(nation: string): string }> {
  const game = await createGame(t.db, {
    name: 'Third Age',
    scenario: exampleScenario(),
    // Every 3 days: the deadline is always at least two days away while the tests run.
    schedule: { kind: 'every', days: 3, time: '18:00' },
    timeZone: 'Europe/Berlin',
    nations: players,
  });
  return { ...game, secretOf: (nation: string) => game.nations.find((n) => n.nationId === nation)?.secret as string };
}

/** North's first submission of the "accepts, rejects and explains" test: aragorn and frodo get orders. */
const submitNorth = (gameId: string) => submitOrders(t.db, { gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 850, no, e, e, e\nfrodo, 810, 0405\n' });

async function counts(gameId: string) {
  const [submissions, standing] = await Promise.all([t.db.prisma.submission.count({ where: { gameId } }), t.db.prisma.standingOrder.count({ where: { gameId } })]);
  return { submissions, standing };
}

describe('createGame', () => {
  it('stores the game, hashed secrets and the first turn with the engine state', async () => {
    const game = await newGame();
    expect(game.gameId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(game.nations.map((n) => n.nationId)).toEqual(['north', 'south', 'east']);
    for (const n of game.nations) expect(n.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const nations = await t.db.prisma.nation.findMany({ where: { gameId: game.gameId } });
    for (const n of nations) {
      expect(n.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(n)).not.toContain(game.secretOf(n.nationId));
    }
    const turn = await t.db.prisma.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: game.gameId, number: 1 } } });
    expect(turn.status).toBe('open');
    expect(turn.deadline.getTime()).toBe(game.deadline.getTime());
    expect((turn.state as { units: unknown[] }).units).toHaveLength(8);
    expect(game.deadline.getTime()).toBeGreaterThan(Date.now());
  });

  it('rejects a bad scenario with JSON paths, and nations that do not match', async () => {
    const gamesBefore = await t.db.prisma.game.count();
    const bad = exampleScenario();
    (bad.map as { hexes: { terrain: string }[] }).hexes[0]!.terrain = 'lava';
    const err = await createGame(t.db, {
      name: 'x', scenario: bad, schedule: { kind: 'every', days: 2, time: '18:00' }, timeZone: 'UTC', nations: players,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IntakeError);
    expect((err as IntakeError).code).toBe('invalid-scenario');
    expect((err as IntakeError).issues[0]?.path).toBe('scenario.map.hexes[0].terrain');

    const missing = await createGame(t.db, {
      name: 'x', scenario: exampleScenario(), schedule: { kind: 'every', days: 2, time: '18:00' }, timeZone: 'UTC', nations: players.slice(0, 2),
    }).catch((e: unknown) => e);
    expect((missing as IntakeError).message).toContain('the scenario\'s nation "east" needs a player email');

    const tz = await createGame(t.db, {
      name: 'x', scenario: exampleScenario(), schedule: { kind: 'every', days: 2, time: '18:00' }, timeZone: 'Middle/Earth', nations: players,
    }).catch((e: unknown) => e);
    expect((tz as IntakeError).issues).toEqual([{ path: 'timeZone', message: 'is not an IANA time zone (e.g. "Europe/Berlin")' }]);
    expect(await t.db.prisma.game.count()).toBe(gamesBefore);
  });
});

describe('authenticateNation', () => {
  it('finds the nation by its secret alone, and nothing for a wrong secret or another game', async () => {
    const game = await newGame();
    expect((await authenticateNation(t.db, game.gameId, game.secretOf('south')))?.nationId).toBe('south');
    expect(await authenticateNation(t.db, game.gameId, game.secretOf('south') + 'x')).toBeNull();
    expect(await authenticateNation(t.db, game.gameId, '')).toBeNull();
    expect(await authenticateNation(t.db, 'nosuchgame', game.secretOf('south'))).toBeNull();
  });
});

describe('submitOrders', () => {
  it('accepts, rejects and explains every order, and stores the raw text', async () => {
    const game = await newGame();
    const raw = 'aragorn, 850, no, e, e, e\nfrodo, 810, 0405\nswan, 830, no, n\ngrond, 850, no, w\n';
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: raw });
    expect(r.turn).toBe(1);
    expect(r.orders.map((o) => [o.unit, o.status])).toEqual([
      ['aragorn', 'accepted'],
      ['frodo', 'accepted'],
      ['grond', 'rejected'],
    ]);
    expect(r.orders[0]?.preview).toBeTruthy();
    expect(r.orders[2]?.reason).toBe('you have no unit "grond"; a nation may only order its own units');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 3, unit: 'swan' });
    expect(r.standingOrders.map((s) => s.unit)).toEqual(['aragorn', 'frodo']);
    expect(r.standingOrders[0]?.orders[0]).toEqual({ text: 'aragorn, 850, no, e, e, e', words: expect.stringContaining('aragorn moves') });
    const stored = await t.db.prisma.submission.findUniqueOrThrow({ where: { id: r.submissionId } });
    expect(stored.rawText).toBe(raw);
    expect(stored.source).toBe('rest');
    // The other nation's unit got no standing order.
    expect(await t.db.prisma.standingOrder.findFirst({ where: { gameId: game.gameId, unitId: 'grond' } })).toBeNull();
    const text = renderReceiptText(r);
    expect(text).toContain('line 4: grond, 850, no, w — REJECTED');
    expect(text).toContain('line 3, col');
    expect(text).toContain('Standing orders for turn 1');
  });

  it('a later submission replaces all orders of each unit it names; others keep theirs', async () => {
    const game = await newGame();
    await submitNorth(game.gameId);
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'email', rawText: 'aragorn, 840, ne\naragorn, 850, no, h', messageId: 'abc@mail' });
    expect(r.units).toEqual([expect.objectContaining({ unit: 'aragorn', outcome: 'replaced' })]);
    expect(r.orders[1]?.reason).toContain('already has order 840');
    const s = await getStandingOrders(t.db, game.gameId, 'north');
    expect(s.standingOrders.map((u) => [u.unit, u.orders.map((o) => o.text)])).toEqual([
      ['aragorn', ['aragorn, 840, ne']],
      ['frodo', ['frodo, 810, 0405']],
    ]);
    expect(s.submissions).toHaveLength(2);
    expect(s.submissions[1]?.messageId).toBe('abc@mail');
  });

  it('a unit whose every order is rejected keeps its standing orders', async () => {
    const game = await newGame();
    await submitNorth(game.gameId);
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'frodo, 810, 4439' });
    expect(r.orders[0]?.status).toBe('rejected');
    expect(r.units).toEqual([expect.objectContaining({ unit: 'frodo', outcome: 'kept' })]);
    expect(r.standingOrders.find((u) => u.unit === 'frodo')?.orders[0]?.text).toBe('frodo, 810, 0405');
  });

  it('"<unit>, cancel" removes a unit\'s orders; cancelling another nation\'s unit is rejected', async () => {
    const game = await newGame();
    await submitNorth(game.gameId);
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'frodo, cancel\ngrond, cancel\nnobody, cancel' });
    expect(r.cancels).toEqual([
      { line: 1, unit: 'frodo', status: 'accepted' },
      { line: 2, unit: 'grond', status: 'rejected', reason: 'you have no unit "grond"; a nation may only order its own units' },
      { line: 3, unit: 'nobody', status: 'rejected', reason: 'you have no unit "nobody"; a nation may only order its own units' },
    ]);
    expect(r.standingOrders.map((u) => u.unit)).toEqual(['aragorn']);
    const row = await t.db.prisma.standingOrder.findUniqueOrThrow({ where: { gameId_turnNumber_unitId: { gameId: game.gameId, turnNumber: 1, unitId: 'frodo' } } });
    expect(row.orders).toEqual([]);
    expect(row.submissionId).toBe(r.submissionId);
  });

  it('orders by server receive time: an earlier submission processed later does not overwrite', async () => {
    const game = await newGame();
    const later = new Date(Date.now() - 1000);
    const earlier = new Date(Date.now() - 60_000);
    await submitOrders(t.db, { gameId: game.gameId, nationId: 'south', source: 'rest', rawText: 'grond, 850, no, w', receivedAt: later });
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'south', source: 'email', rawText: 'grond, 850, no, h\nriders, 850, no, h', receivedAt: earlier });
    expect(r.units).toEqual([
      expect.objectContaining({ unit: 'grond', outcome: 'superseded' }),
      expect.objectContaining({ unit: 'riders', outcome: 'replaced' }),
    ]);
    const s = await getStandingOrders(t.db, game.gameId, 'south');
    expect(s.standingOrders.map((u) => u.orders[0]?.text)).toEqual(['grond, 850, no, w', 'riders, 850, no, h']);
    // History lists submissions by receive time, and keeps both.
    expect(s.submissions.map((x) => x.rawText)).toEqual(['grond, 850, no, h\nriders, 850, no, h', 'grond, 850, no, w']);
  });

  it('concurrent submissions of one nation merge one at a time; the latest receive time wins', async () => {
    const game = await newGame();
    const base = Date.now() - 30_000;
    const texts = Array.from({ length: 8 }, (_, i) => `bard, 850, no, ${['w', 'e', 'h', 'nw', 'sw', 'se', 'ne', 'w'][i]}`);
    await Promise.all(texts.map((rawText, i) => submitOrders(t.db, { gameId: game.gameId, nationId: 'east', source: 'rest', rawText, receivedAt: new Date(base + i) })));
    const s = await getStandingOrders(t.db, game.gameId, 'east');
    expect(s.standingOrders).toHaveLength(1);
    expect(s.standingOrders[0]?.orders[0]?.text).toBe(texts[7]);
    expect(s.submissions).toHaveLength(8);
  });

  it('with refuseIfNothingAccepted, a submission with nothing accepted is refused and not stored', async () => {
    const game = await newGame();
    const before = await counts(game.gameId);
    const e = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'grond, 850, no, w\nfrodo, 810', refuseIfNothingAccepted: true }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(IntakeError);
    expect((e as IntakeError).code).toBe('no-orders-accepted');
    expect((e as IntakeError).issues.map((i) => i.path)).toEqual(['line 1', 'line 2, col 11']);
    expect(await counts(game.gameId)).toEqual(before);
    // Without the option (mail), the same text is stored and answered with a receipt.
    const r = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'email', rawText: 'grond, 850, no, w' });
    expect(r.summary).toEqual({ accepted: 0, rejected: 1, unreadable: 0 });
    expect((await counts(game.gameId)).submissions).toBe(before.submissions + 1);
  });

  it('refuses unknown games and nations, oversize text and late orders, storing nothing', async () => {
    const game = await newGame();
    const before = await counts(game.gameId);
    const attempts: [() => Promise<unknown>, string][] = [
      [() => submitOrders(t.db, { gameId: 'nope', nationId: 'north', source: 'rest', rawText: 'x' }), 'game-not-found'],
      [() => submitOrders(t.db, { gameId: game.gameId, nationId: 'west', source: 'rest', rawText: 'x' }), 'nation-not-found'],
      [() => submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'x'.repeat(100_001) }), 'orders-too-long'],
      [() => submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, ne', receivedAt: new Date(game.deadline.getTime() + 1) }), 'deadline-passed'],
    ];
    for (const [attempt, code] of attempts) {
      const e = await attempt().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(IntakeError);
      expect((e as IntakeError).code).toBe(code);
    }
    expect(await counts(game.gameId)).toEqual(before);
  });

  it('freeze: a submission waits for a claim in progress and is then refused; nothing stored', async () => {
    const game = await newGame();
    const before = await counts(game.gameId);
    const claimer = await t.db.pool.connect();
    try {
      await claimer.query('BEGIN');
      await claimer.query(`UPDATE "Turn" SET status = 'adjudicating' WHERE "gameId" = $1 AND number = 1 AND status = 'open'`, [game.gameId]);
      let settled = false;
      const pending = submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, ne' }).finally(() => {
        settled = true;
      });
      pending.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      await claimer.query('COMMIT');
      await expect(pending).rejects.toMatchObject({ code: 'turn-closed' });
    } finally {
      await claimer.query(`UPDATE "Turn" SET status = 'open' WHERE "gameId" = $1 AND number = 1`, [game.gameId]);
      claimer.release();
    }
    expect(await counts(game.gameId)).toEqual(before);
  });

  it('a turn that is being adjudicated or held takes no orders', async () => {
    const game = await newGame();
    const where = { gameId: game.gameId, number: 1 };
    await t.db.prisma.turn.updateMany({ where, data: { status: 'adjudicating' } });
    const before = await counts(game.gameId);
    const e = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, ne' }).catch((x: unknown) => x);
    expect((e as IntakeError).code).toBe('turn-closed');
    expect((e as IntakeError).message).toContain('Nothing was stored');
    expect(await counts(game.gameId)).toEqual(before);
    await t.db.prisma.turn.updateMany({ where, data: { status: 'held', heldReason: 'many nations sent no orders' } });
    const held = await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, ne' }).catch((x: unknown) => x);
    expect((held as IntakeError).message).toContain('held for the game master');
    expect(await counts(game.gameId)).toEqual(before);
    await t.db.prisma.turn.updateMany({ where, data: { status: 'open', heldReason: null } });
  });
});

describe('status and GM controls', () => {
  it('a nation sees who submitted and its own details only; the GM sees emails', async () => {
    const game = await newGame();
    await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, ne' });
    await submitOrders(t.db, { gameId: game.gameId, nationId: 'south', source: 'rest', rawText: 'grond, 850, no, w' });
    await submitOrders(t.db, { gameId: game.gameId, nationId: 'east', source: 'rest', rawText: 'bard, 840, e' });
    const north = await getStatus(t.db, game.gameId, { kind: 'nation', nationId: 'north' });
    expect(north.nations.map((n) => [n.nationId, n.submitted])).toEqual([['east', true], ['north', true], ['south', true]]);
    expect(JSON.stringify(north)).not.toContain('@example.org');
    expect(north.you?.nationId).toBe('north');
    expect(north.you?.unitsWithOrders).toBe(1);
    const gm = await getStatus(t.db, game.gameId, { kind: 'gm' });
    expect(gm.nations.find((n) => n.nationId === 'east')?.email).toBe('east@example.org');
    expect(gm.you).toBeUndefined();
  });

  it('a paused game still takes orders; email replacement and secret rotation are recorded', async () => {
    const game = await newGame();
    await t.db.prisma.game.update({ where: { id: game.gameId }, data: { status: 'paused' } });
    await submitOrders(t.db, { gameId: game.gameId, nationId: 'north', source: 'rest', rawText: 'aragorn, 840, e' });
    await t.db.prisma.game.update({ where: { id: game.gameId }, data: { status: 'active' } });
    const rotated = await rotateNationSecret(t.db, game.gameId, 'east');
    expect(await authenticateNation(t.db, game.gameId, game.secretOf('east'))).toBeNull();
    expect((await authenticateNation(t.db, game.gameId, rotated.secret))?.nationId).toBe('east');
    await expect(replaceNationEmail(t.db, game.gameId, 'north', 'not-an-address')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(replaceNationEmail(t.db, game.gameId, 'west', 'a@b.org')).rejects.toMatchObject({ code: 'nation-not-found' });
    expect(await replaceNationEmail(t.db, game.gameId, 'north', 'aragorn@gondor.example')).toEqual({ nationId: 'north', email: 'aragorn@gondor.example' });
    const actions = (await t.db.prisma.auditEntry.findMany({ where: { gameId: game.gameId }, orderBy: { at: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['game.create', 'nation.secret', 'nation.email']);
  });
});

describe('authentication cache', () => {
  it('a rotated secret stops working at once in this process; a new one works at once', async () => {
    const game = await newGame();
    const before = await authenticateNation(t.db, game.gameId, game.secretOf('north'));
    expect(before?.nationId).toBe('north');
    const rotated = await rotateNationSecret(t.db, game.gameId, 'north');
    expect(await authenticateNation(t.db, game.gameId, game.secretOf('north'))).toBeNull();
    expect((await authenticateNation(t.db, game.gameId, rotated.secret))?.nationId).toBe('north');
  });

  it('a secret changed behind the cache (another process) stops working within the TTL', async () => {
    const game = await newGame();
    const { hashSecret, AUTH_CACHE_TTL_MS } = await import('../src/index.ts');
    const now = Date.now();
    const s = (await rotateNationSecret(t.db, game.gameId, 'south')).secret;
    expect((await authenticateNation(t.db, game.gameId, s, now))?.nationId).toBe('south');
    await t.db.prisma.nation.update({ where: { gameId_nationId: { gameId: game.gameId, nationId: 'south' } }, data: { secretHash: hashSecret('replaced-elsewhere') } });
    expect((await authenticateNation(t.db, game.gameId, s, now + 1))?.nationId).toBe('south');
    expect(await authenticateNation(t.db, game.gameId, s, now + AUTH_CACHE_TTL_MS + 1)).toBeNull();
    expect((await authenticateNation(t.db, game.gameId, 'replaced-elsewhere', now + 2))?.nationId).toBe('south');
  });
});
