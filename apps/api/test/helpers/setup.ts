import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@arbiter/db/testing';
import { exampleScenario, players } from '@arbiter/intake/testing';
import { InProcessTurnDispatcher, runTurn } from '@arbiter/turns';
import { buildServer } from '../../src/server.ts';
import type { ApiTurnQueue } from '@arbiter/turns';

export const GM_TOKEN = 'gm-token-for-tests-0123456789abcdef0123456789';

export { exampleScenario, players };

export interface Harness {
  t: TestDatabase;
  app: FastifyInstance;
  dispatcher: InProcessTurnDispatcher;
  errors: unknown[];
  close(): Promise<void>;
}

/** A fresh database and the API over it, with the real in-process turn runner. */
export async function harness(options: { authFailureMax?: number; bodyLimit?: number; rateLimitMax?: number; trustProxy?: false | string[]; queue?: ApiTurnQueue } = {}): Promise<Harness> {
  const t = await createTestDatabase();
  const errors: unknown[] = [];
  const dispatcher = new InProcessTurnDispatcher(
    (gameId, turn) => runTurn(t.db, { gameId, turn, workerId: 'api-test' }, { mailFrom: 'Arbiter <arbiter@example.org>' }),
    (err) => errors.push(err),
  );
  const app = await buildServer({
    db: t.db,
    gmToken: GM_TOKEN,
    dispatcher: options.queue?.dispatcher ?? dispatcher,
    ...(options.queue !== undefined ? { queueReady: options.queue.ready } : {}),
    authFailureLimit: { max: options.authFailureMax ?? 1000, windowMs: 60_000 },
    rateLimit: { max: options.rateLimitMax ?? 100_000, windowMs: 60_000 },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: options.trustProxy ?? false,
    logLevel: 'silent',
  });
  await app.ready();
  return {
    t,
    app,
    dispatcher,
    errors,
    async close() {
      await dispatcher.close();
      await app.close();
      await t.drop();
    },
  };
}

/** One harness for the whole test file: made before its tests (handed to `use`), closed after them. */
export function useHarness(use: (made: Harness) => void): void {
  let made: Harness | undefined;
  beforeAll(async () => {
    made = await harness();
    use(made);
  }, 60_000);
  afterAll(async () => {
    await made?.close();
  });
}

export const gm = { authorization: `Bearer ${GM_TOKEN}` };
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export interface NewGame {
  gameId: string;
  turn: number;
  deadline: string;
  nations: { nationId: string; secret: string }[];
}

export async function newGame(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<NewGame & { secret: (n: string) => string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/games',
    headers: gm,
    payload: {
      name: 'Third Age',
      scenario: exampleScenario(),
      schedule: { kind: 'every', days: 3, time: '18:00' },
      timeZone: 'Europe/Berlin',
      nations: players,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create game failed: ${res.statusCode} ${res.body}`);
  const g = res.json() as NewGame;
  return { ...g, secret: (n: string) => g.nations.find((x) => x.nationId === n)?.secret as string };
}
