// Sequential games played move by move ("as-each-move-arrives", issue 24), end to end through the
// services: moves by REST and by mail (SMTP intake), each adjudicated at once by the worker (BullMQ on
// Redis) through the same queue as turns, the move's report and "your move" mails in the outbox and over
// SMTP, out-of-turn and racing submissions, timeouts, the GM's skip and take-back, and replays of the
// stored moves. Real PostgreSQL, Redis and SMTP on loopback.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { replayMove, replayTurn } from '@arbiter/turns';
import { replay } from '../src/commands/replay.ts';
import { sweep } from '@arbiter/worker';
import { waitFor } from '../../worker/test/helpers.ts';
import { bearer, mailOrders, newGame, submitText, MAIL_FROM, type GameServices, useGameServices } from './game-services.ts';
import { root } from './run-arbiter.ts';

const GM_TOKEN = 'gm-token-for-sequential-0123456789abcdef0123';
const gm = { authorization: `Bearer ${GM_TOKEN}` };

let services: GameServices;
useGameServices(GM_TOKEN, (started) => (services = started));

const scenarioOf = (file: string) => JSON.parse(readFileSync(join(root, 'examples/scenarios', file), 'utf8')) as Record<string, unknown> & { players: unknown[] };
const onArrival = { sequentialMode: 'as-each-move-arrives', moveTimeLimitMinutes: 60 };
const players = (...ids: string[]) => ids.map((id) => ({ nationId: id, email: `${id}@players.test`, name: id[0]!.toUpperCase() + id.slice(1) }));

/** A move's text by REST (plain text in, the receipt as text out). */
const move = (gameId: string, secret: string, orders: string) =>
  services.app.inject({ method: 'POST', url: `/v1/games/${gameId}/orders`, headers: { ...bearer(secret), 'content-type': 'text/plain', accept: 'text/plain' }, payload: orders });

/** Waits until move `seq` of `turn` is adjudicated; its stored hash. */
const moveDone = (gameId: string, turn: number, seq: number) =>
  waitFor(`move ${seq} of turn ${turn} adjudicated`, async () => {
    const m = await services.tdb.db.prisma.move.findUnique({ where: { gameId_turnNumber_seq: { gameId, turnNumber: turn, seq } } });
    return m?.status === 'done' ? m.resultHash! : undefined;
  }, 30_000);

/** Waits for a mail of game `gameId` to `to` whose subject contains `subject`. */
const mailTo = (gameId: string, to: string, subject: string) =>
  waitFor(`a mail "${subject}" to ${to}`, async () => services.sink.received.find((m) => m.envelopeTo.includes(to) && (m.parsed.subject ?? '').includes(subject) && (m.parsed.text ?? '').includes(gameId)), 30_000);

const moves = (gameId: string) => services.app.inject({ method: 'GET', url: `/v1/games/${gameId}/moves`, headers: gm });

describe('Mage Knight played move by move', () => {
  it('the second seat\'s orders are checked against the tile the first seat\'s explore revealed; out-of-turn and racing moves; the round closes; replays match', async () => {
    const scenario = scenarioOf('mage-knight/first-reconnaissance.json');
    // Ben (Arythea, who explores) in the first seat, then Chloe, then Anna.
    scenario.players = [scenario.players[1], scenario.players[2], scenario.players[0]];
    const game = await newGame(services, { name: 'Move by move', scenario, nations: players('anna', 'ben', 'chloe') }, onArrival);

    // Ben opens the turn: his "your move" comes with the game.
    const opens = await mailTo(game.gameId, 'ben@players.test', 'turn 1, your move');
    expect(opens.parsed.text).toContain('Your welcome mail has the starting position and its map.');
    // Not Chloe's move yet: refused, naming whose move it is; nothing stored.
    const early = await move(game.gameId, game.secret('chloe'), 'goldyx, move 2+2+2+2+2+2, ne, e, e, e');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'not-your-move' });
    expect(early.body).toContain("it is Ben's move in turn 1");
    // The same orders checked before the explore: the path stops at the edge of the unrevealed position.
    const before = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders/check`, headers: { ...bearer(game.secret('chloe')), 'content-type': 'text/plain' }, payload: 'goldyx, move 2+2+2+2+2+2, ne, e, e, e' });
    expect(before.body).not.toContain('b2.w');

    // Ben explores, by mail: the receipt first, then the move's report to everyone, "your move" to Chloe.
    await mailOrders(services, game.gameId, { name: 'Ben', email: 'ben@players.test', secret: game.secret('ben') }, 'arythea, move 2+2+2+2, ne, e, e, play 2, explore', '<ben-move-1@players.test>');
    const h1 = await moveDone(game.gameId, 1, 1);
    const receipt = await mailTo(game.gameId, 'ben@players.test', 'receipt');
    expect(receipt.parsed.text).toContain('This is move 1 of turn 1: it is adjudicated now');
    const report = await mailTo(game.gameId, 'anna@players.test', 'turn 1, move 1 (Ben)');
    expect(report.parsed.text).toContain('Arythea explores from a2.se for 2 Move points: countryside tile 5 is revealed at position b2');
    expect(report.parsed.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    const yours = await mailTo(game.gameId, 'chloe@players.test', 'turn 1, your move');
    expect(yours.parsed.text).toContain('It is your move in turn 1. Send your orders before');
    expect(yours.parsed.text).toContain('move 1: Ben moved');
    expect(yours.parsed.text).toContain('goldyx, move 0');
    expect(yours.parsed.attachments[0]?.contentType).toBe('image/png');

    // Chloe's orders are checked against the state Ben's move left: the path goes on into the revealed tile
    // (the web client's dry run as well as the submission).
    const after = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/orders/check`, headers: { ...bearer(game.secret('chloe')), 'content-type': 'text/plain' }, payload: 'goldyx, move 2+2+2+2+2+2, ne, e, e, e' });
    expect(after.body).toContain('b2.w');
    const chloe = await move(game.gameId, game.secret('chloe'), 'goldyx, move 2+2+2+2+2+2, ne, e, e, e');
    expect(chloe.statusCode, chloe.body).toBe(200);
    expect(chloe.body).toContain('east to b2.w (monster-den, 3 MP, 1 left)');
    expect(chloe.body).toContain('This is move 2 of turn 1');
    await moveDone(game.gameId, 1, 2);

    // Anna's move sent twice at once: adjudicated once, the second told why.
    const [a, b] = await Promise.all([move(game.gameId, game.secret('anna'), 'tovak, move 2+2+1, ne, ne'), move(game.gameId, game.secret('anna'), 'tovak, move 2+2+1, ne, ne')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(['move-already-received', 'not-your-move']).toContain(((a.statusCode === 409 ? a : b).json() as { code: string }).code);
    await moveDone(game.gameId, 1, 3);
    expect(await services.tdb.db.prisma.move.count({ where: { gameId: game.gameId, nationId: 'anna' } })).toBe(1);
    const log = (await moves(game.gameId)).json() as { toMove: unknown[]; moves: { seq: number; player: string; status: string }[] };
    expect(log.toMove).toEqual([]);
    expect(log.moves.map((m) => `${m.seq} ${m.player} ${m.status}`)).toEqual(['1 ben done', '2 chloe done', '3 anna done']);

    // Every move replays to its stored hash.
    for (const seq of [1, 2, 3]) expect(await replayMove(services.tdb.db.prisma, game.gameId, 1, seq)).toMatchObject({ kind: 'match' });
    expect((await replayMove(services.tdb.db.prisma, game.gameId, 1, 1)) as { hash: string }).toMatchObject({ hash: h1 });

    // The round is over; the schedule's deadline opens the next one (here: the GM runs it now).
    const run = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/turns/1/run`, headers: gm });
    expect(run.statusCode, run.body).toBe(202);
    await waitFor('turn 1 closed', async () => (await services.tdb.db.prisma.turn.findUnique({ where: { gameId_number: { gameId: game.gameId, number: 2 } } })) ?? undefined, 30_000);
    expect(await replayTurn(services.tdb.db.prisma, game.gameId, 1)).toMatchObject({ kind: 'match' });
    const opening = await mailTo(game.gameId, 'ben@players.test', 'turn 2, your move');
    expect(opening.parsed.text).toContain('(no move yet: yours opens the turn)');
  }, 120_000);

  it('the GM takes back the last move: the board is as before it, the same move replays to the same hash, the taken-back move replays too', async () => {
    const game = await newGame(services, { name: 'Take it back', scenario: scenarioOf('mage-knight/first-reconnaissance.json'), nations: players('anna', 'ben', 'chloe') }, onArrival);
    expect((await move(game.gameId, game.secret('anna'), 'tovak, move 2+2+1, ne, ne')).statusCode).toBe(200);
    const first = await moveDone(game.gameId, 1, 1);
    const back = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/moves/take-back`, headers: gm });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ seq: 1, player: 'anna', hash: first });
    await mailTo(game.gameId, 'ben@players.test', 'move 1 taken back');
    // Anna's move again, as before: from the same state, the same result.
    expect((await move(game.gameId, game.secret('anna'), 'tovak, move 2+2+1, ne, ne')).statusCode).toBe(200);
    expect(await moveDone(game.gameId, 1, 2)).toBe(first);
    expect(await replayMove(services.tdb.db.prisma, game.gameId, 1, 1)).toMatchObject({ kind: 'match', hash: first });
    // `arbiter replay <game> <turn> <move>` says so too.
    let out = '';
    const code = await replay([game.gameId, '1', '1'], { env: { DATABASE_URL: services.tdb.url }, io: { out: (t) => { out += t; }, err: (t) => { out += t; } } });
    expect([code, out]).toEqual([0, `move 1 of turn 1 of game ${game.gameId}: the replay matches the stored result (sha256 ${first})\n`]);
    const log = (await moves(game.gameId)).json() as { moves: { seq: number; status: string }[]; toMove: { id: string }[] };
    expect(log.moves.map((m) => m.status)).toEqual(['takenBack', 'done']);
    expect(log.toMove.map((p) => p.id)).toEqual(['ben']);
  }, 120_000);
});

describe('Descent played move by move', () => {
  it('two heroes move in the order they choose, then the overlord', async () => {
    const game = await newGame(services, { name: 'Heroes first', scenario: scenarioOf('descent/gate-of-bones.json'), nations: players('anna', 'ben', 'olga') }, onArrival);
    const status = (await services.app.inject({ method: 'GET', url: `/v1/games/${game.gameId}`, headers: gm })).json() as { sequential: { toMove: { id: string }[] } };
    expect(status.sequential.toMove.map((p) => p.id)).toEqual(['anna', 'ben']);
    const overlord = await move(game.gameId, game.secret('olga'), 'skel-1, move');
    expect(overlord.statusCode).toBe(409);
    expect(overlord.body).toContain("it is Anna or Ben's move");
    // Ben (the second seat) chooses to go first.
    expect((await submitText(services, game.gameId, game.secret('ben'), 'jain, advance')).statusCode).toBe(200);
    await moveDone(game.gameId, 1, 1);
    await mailTo(game.gameId, 'anna@players.test', 'turn 1, your move');
    expect((await move(game.gameId, game.secret('olga'), 'skel-1, move')).statusCode).toBe(409);
    expect((await submitText(services, game.gameId, game.secret('anna'), 'grisban, advance')).statusCode).toBe(200);
    await moveDone(game.gameId, 1, 2);
    await mailTo(game.gameId, 'olga@players.test', 'turn 1, your move');
    expect((await move(game.gameId, game.secret('olga'), 'skel-1, move')).statusCode).toBe(200);
    await moveDone(game.gameId, 1, 3);
    const log = (await moves(game.gameId)).json() as { moves: { player: string }[]; toMove: unknown[] };
    expect(log.moves.map((m) => m.player)).toEqual(['ben', 'anna', 'olga']);
    expect(log.toMove).toEqual([]);
  }, 120_000);
});

describe('Expeditions played move by move', () => {
  it('a move whose time ran out passes (the sweep), the GM skips a seat; players and the GM are told', async () => {
    const game = await newGame(services, { name: 'Out of time', scenario: scenarioOf('expeditions/off-basecamp.json'), nations: players('ann', 'ben', 'cat') }, { ...onArrival, gmEmail: 'gm@players.test' });
    expect((await move(game.gameId, game.secret('ann'), 'red, move, 1')).statusCode).toBe(200);
    await moveDone(game.gameId, 1, 1);
    // Ben's time runs out (the clock moved on): the worker's sweep passes for him.
    await services.tdb.db.prisma.turn.update({ where: { gameId_number: { gameId: game.gameId, number: 1 } }, data: { moveDeadline: new Date(Date.now() - 1000) } });
    const swept = await sweep({ db: services.tdb.db, dispatcher: services.worker.dispatcher, log: pino({ level: 'silent' }), staleClaimMs: 60_000, moveMail: { from: MAIL_FROM, domain: 'arbiter.test' } });
    // The services' own worker sweeps on its interval too, so either sweep may be the one that passed Ben:
    // what counts is that his move is stored, once, as a timeout.
    expect(swept.timedOut).toBeLessThanOrEqual(1);
    await mailTo(game.gameId, 'gm@players.test', "Ben's move timed out");
    await mailTo(game.gameId, 'cat@players.test', "Ben's move timed out");
    // (Its notices are in the same transaction as the stored move, so the move is there now.)
    const passed = await services.tdb.db.prisma.move.findMany({ where: { gameId: game.gameId, turnNumber: 1, nationId: 'ben' } });
    expect(passed.map((m) => [m.seq, m.kind, m.status])).toEqual([[2, 'timeout', 'done']]);
    // The GM skips Cat.
    const skip = await services.app.inject({ method: 'POST', url: `/v1/games/${game.gameId}/moves/skip`, headers: gm, payload: {} });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json()).toMatchObject({ skipped: 'cat' });
    await mailTo(game.gameId, 'ann@players.test', "Cat's move skipped");
    const log = (await moves(game.gameId)).json() as { moves: { player: string; kind: string; status: string }[] };
    expect(log.moves.map((m) => `${m.player} ${m.kind} ${m.status}`)).toEqual(['ann orders done', 'ben timeout done', 'cat skip done']);
    for (const seq of [1, 2, 3]) expect(await replayMove(services.tdb.db.prisma, game.gameId, 1, seq)).toMatchObject({ kind: 'match' });
  }, 120_000);
});
