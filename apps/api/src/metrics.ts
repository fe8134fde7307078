// GET /metrics (Prometheus text format, GM token): this API process's HTTP figures and Node runtime, how
// its submissions were grouped into transactions, and what every operator should be alerted on, read from
// the database at scrape time: turns held for the GM, turns overdue (the worker is down or stuck), mail
// that cannot be delivered or waits too long. docs/operations.md, "Monitoring".
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@arbiter/db';
import { submissionBatchStats } from '@arbiter/intake';

/** An open turn of an active game this long past its deadline counts as overdue. */
export const OVERDUE_AFTER_MS = 5 * 60_000;

export function createMetrics(db: Db): { registry: Registry; observe(fastify: FastifyInstance): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: 'arbiter_http_request_duration_seconds',
    help: 'HTTP requests answered by this API process, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  });

  submissionCounters(db, registers);
  databaseGauges(db, registers);

  return {
    registry,
    observe(fastify) {
      fastify.addHook('onResponse', (request, reply, done) => {
        http.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

/** How this process's submissions were grouped into transactions (the intake's batch statistics). */
function submissionCounters(db: Db, registers: Registry[]): void {
  new Counter({
    name: 'arbiter_submission_batches_total',
    help: 'Transactions (group-commit batches) this process stored submissions in',
    registers,
    collect() {
      this.reset();
      this.inc(submissionBatchStats(db).batches);
    },
  });
  new Counter({
    name: 'arbiter_submissions_total',
    help: 'Submissions this process queued for storing (in batches; each stored or refused on its own)',
    registers,
    collect() {
      this.reset();
      this.inc(submissionBatchStats(db).items);
    },
  });
}

/** What an operator is alerted on, read from the database at scrape time (at most once a second). */
function databaseGauges(db: Db, registers: Registry[]): void {
  // The database figures: read once per scrape (at most once a second), shared by the gauges below.
  let cached: { at: number; figures: Promise<Figures | null> } | null = null;
  const read = (): Promise<Figures | null> => {
    const now = Date.now();
    if (cached === null || now - cached.at > 1000) cached = { at: now, figures: readFigures(db).catch(() => null) };
    return cached.figures;
  };
  new Gauge({
    name: 'arbiter_database_up',
    help: '1 when the database answered this scrape, 0 when it did not (the other database figures are then missing)',
    registers,
    async collect() {
      this.set((await read()) === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'arbiter_current_turns',
    help: 'Current turns of active and paused games, by status (held: waiting for the GM)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const f = await read();
      this.reset();
      if (f !== null) for (const s of ['open', 'adjudicating', 'held', 'done'] as const) this.set({ status: s }, f.turns[s] ?? 0);
    },
  });
  new Gauge({
    name: 'arbiter_turns_overdue',
    help: `Open turns of active games more than ${OVERDUE_AFTER_MS / 60_000} minutes past their deadline (the worker is down or stuck)`,
    registers,
    async collect() {
      const f = await read();
      this.reset();
      if (f !== null) this.set(f.overdue);
    },
  });
  new Gauge({
    name: 'arbiter_outbox_mails',
    help: 'Mail in the outbox that is not sent yet or could not be delivered, by status',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const f = await read();
      this.reset();
      if (f !== null) for (const s of ['pending', 'sending', 'failed', 'withheld'] as const) this.set({ status: s }, f.outbox[s] ?? 0);
    },
  });
  new Gauge({
    name: 'arbiter_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail waiting to be sent (0 when none waits)',
    registers,
    async collect() {
      const f = await read();
      this.reset();
      if (f !== null) this.set(f.oldestPendingSeconds);
    },
  });
}

interface Figures {
  turns: Partial<Record<'open' | 'adjudicating' | 'held' | 'done', number>>;
  overdue: number;
  outbox: Partial<Record<'pending' | 'sending' | 'failed' | 'withheld', number>>;
  oldestPendingSeconds: number;
}

async function readFigures(db: Db): Promise<Figures> {
  const [turns, overdue, outbox, oldest] = await Promise.all([
    db.pool.query<{ status: keyof Figures['turns']; n: number }>(
      `SELECT t.status::text AS status, count(*)::int AS n FROM "Game" g JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
        WHERE g.status IN ('active', 'paused') GROUP BY t.status`,
    ),
    db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Game" g JOIN "Turn" t ON t."gameId" = g.id AND t.number = g."currentTurn"
        WHERE g.status = 'active' AND t.status = 'open' AND t.deadline < now() - make_interval(secs => $1)`,
      [OVERDUE_AFTER_MS / 1000],
    ),
    // Only the statuses that stay small: sent and superseded mail grows without bound.
    db.pool.query<{ status: keyof Figures['outbox']; n: number }>(
      `SELECT status::text AS status, count(*)::int AS n FROM "OutboxMail" WHERE status IN ('pending', 'sending', 'failed', 'withheld') GROUP BY status`,
    ),
    db.pool.query<{ s: number | null }>(`SELECT extract(epoch FROM now() - min("createdAt"))::float8 AS s FROM "OutboxMail" WHERE status = 'pending'`),
  ]);
  return {
    turns: Object.fromEntries(turns.rows.map((r) => [r.status, r.n])),
    overdue: overdue.rows[0]?.n ?? 0,
    outbox: Object.fromEntries(outbox.rows.map((r) => [r.status, r.n])),
    oldestPendingSeconds: oldest.rows[0]?.s ?? 0,
  };
}
