// Benchmark: a game played as each move arrives, in embedded mode (the worker on BullMQ's PostgreSQL
// backend, as `arbiter start` runs it, and the SMTP intake in the same process): from sending a move's
// mail to the SMTP intake to the next player's "your move" mail in the outbox. A three-player
// Expeditions game; each player sends the first line of the order template their last mail gave them.
// The third move of a round closes nothing (the round waits for its deadline), so the bench runs the
// round now (as the GM's "run now") and measures the first two moves of each round. Target: p95 < 2 s.
//
//   npm run bench:move -w @arbiter/cli      (BENCH_ROUNDS=15 to change the number of rounds)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createPostgresBackend } from 'bullmq';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { createTestDatabase } from '@arbiter/db/testing';
import { createGame } from '@arbiter/intake';
import { outboxMessageId } from '@arbiter/mail';
import { startSmtpSink } from '@arbiter/mail/testing';
import { MailPipeline, startSmtpIntake } from '@arbiter/mail-in';
import { runNow } from '@arbiter/turns';
import { startWorker } from '@arbiter/worker';
import { quietLog, testSettings, waitFor } from '../../worker/test/helpers.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const MAIL_FROM = 'Arbiter <orders@arbiter.bench>';
const root = new URL('../../../', import.meta.url).pathname;

const tdb = await createTestDatabase({ poolMax: 10 });
const sink = await startSmtpSink();
const worker = await startWorker({
  db: tdb.db,
  queue: { kind: 'postgres', connection: { connectionString: tdb.url, schema: 'bullmq_move_bench', migrate: true, max: 4 }, backend: createPostgresBackend, workerOptions: { drainDelay: 1 } },
  smtpUrl: sink.url,
  mailFrom: MAIL_FROM,
  settings: testSettings({ renderThreads: 0 }),
  log: quietLog,
});
const intake = await startSmtpIntake({
  host: '127.0.0.1',
  port: 0,
  acceptedDomains: ['arbiter.bench'],
  maxMessageBytes: 2 * 1024 * 1024,
  processor: new MailPipeline({ db: tdb.db, mailFrom: MAIL_FROM, logger: pino({ level: 'silent' }), dispatcher: worker.dispatcher }),
  logger: pino({ level: 'silent' }),
});
const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });

/** The first order line of the template in the player's latest "your move" mail of the turn. */
async function templateLine(gameId: string, player: string, turn: number): Promise<string> {
  const { rows } = await tdb.db.pool.query<{ text: string }>(
    `SELECT text FROM "OutboxMail" WHERE "gameId" = $1 AND "nationId" = $2 AND subject LIKE $3 ORDER BY "createdAt" DESC LIMIT 1`,
    [gameId, player, `%: turn ${turn}, your move,%`],
  );
  const text = rows[0]?.text ?? '';
  const start = text.indexOf('Your orders (a template');
  const line = text.slice(start).split('\n').slice(1).map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#'));
  if (line === undefined) throw new Error(`no template for ${player} in turn ${turn}`);
  return line;
}

const yourMoveQueued = (gameId: string, player: string, turn: number, seq: number) =>
  tdb.db.pool
    .query(`SELECT 1 FROM "OutboxMail" WHERE "messageId" = $1`, [outboxMessageId('your-move', `${gameId}.${player}.t${turn}.m${seq}`, 'arbiter.bench')])
    .then((r) => (r.rowCount ?? 0) > 0);

try {
  const scenario = JSON.parse(readFileSync(`${root}examples/scenarios/expeditions/off-basecamp.json`, 'utf8')) as unknown;
  const seats = ['ann', 'ben', 'cat'];
  const game = await createGame(tdb.db, {
    name: 'Move bench',
    scenario,
    schedule: { kind: 'every', days: 7, time: '18:00' },
    timeZone: 'Europe/London',
    nations: seats.map((id) => ({ nationId: id, email: `${id}@players.bench` })),
    sequentialMode: 'as-each-move-arrives',
  });
  const secret = new Map(game.nations.map((n) => [n.nationId, n.secret]));
  const samples: number[] = [];
  for (let turn = game.turn; turn < game.turn + ROUNDS; turn++) {
    for (const [i, player] of seats.entries()) {
      const orders = i === 0 && turn === game.turn ? 'red, move, 1' : await templateLine(game.gameId, player, turn);
      const t0 = performance.now();
      await mailer.sendMail({ from: `${player}@players.bench`, to: 'orders@arbiter.bench', subject: 'my move', text: `game: ${game.gameId}\nsecret: ${secret.get(player)}\n\n${orders}\n` });
      const next = seats[i + 1];
      if (next === undefined) {
        await waitFor(`move ${i + 1} of turn ${turn}`, async () => (await tdb.db.prisma.move.count({ where: { gameId: game.gameId, turnNumber: turn, status: 'done' } })) === 3, 30_000, 5);
        continue;
      }
      await waitFor(`"your move" to ${next} in turn ${turn}`, () => yourMoveQueued(game.gameId, next, turn, i + 1), 30_000, 2);
      samples.push(performance.now() - t0);
    }
    // The round is complete: open the next one now (the GM's "run now"; its deadline would).
    await runNow(tdb.db, game.gameId, turn, 'bench');
    await worker.dispatcher.dispatch(game.gameId, turn);
    await waitFor(`turn ${turn + 1} opened`, () => yourMoveQueued(game.gameId, seats[0]!, turn + 1, 0), 60_000, 5);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(`embedded mode (BullMQ on PostgreSQL), Expeditions, ${samples.length} moves over ${ROUNDS} rounds:`);
  console.log(`move mail sent -> next player's "your move" in the outbox: p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`);
} finally {
  mailer.close();
  await intake.close();
  await worker.close();
  await Promise.all([sink.close(), tdb.drop()]);
}
