// The Arbiter REST API as a fastify plugin (fastify/demo style): routes validate and translate, then call
// @arbiter/intake and @arbiter/turns. The process around it (listen, close) is server.ts.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@arbiter/db';
import { DEFAULT_SUBMISSION_QUOTA, ORDER_TEXT_LIMITS, type OrderTextLimits, type SubmissionQuota } from '@arbiter/intake';
import type { PlayerMailSettings, TurnDispatcher } from '@arbiter/turns';
import { AuthFailureLimiter, createAuthenticator, type Authenticator } from './auth.ts';
import { createMetrics } from './metrics.ts';
import { refuseDeepBodies } from './body-depth.ts';
import { refuseNulBytes } from './nul-bytes.ts';
import { readTextBodies } from './text-body.ts';
import { problems } from './schemas.ts';
import { errorHandler, problem, sendProblem } from './problem.ts';
import { gameRoutes } from './routes/games.ts';
import { gmRoutes } from './routes/gm.ts';
import { moveRoutes } from './routes/moves.ts';
import { orderRoutes } from './routes/orders.ts';
import { reportRoutes } from './routes/reports.ts';
import { webRoutes } from './routes/web.ts';

export interface AppOptions {
  db: Db;
  /** The game master's bearer token (GM_TOKEN). */
  gmToken: string;
  /** Where "run now", "release", resume and new games hand their turn: the worker's queue, or in-process. */
  dispatcher: TurnDispatcher;
  /** Failed authentications per client address per window (API_AUTH_FAILURE_*). */
  authFailureLimit: { max: number; windowMs: number };
  /** All requests per client address per window (API_RATE_LIMIT_*). */
  rateLimit: { max: number; windowMs: number };
  /**
   * Throws when the dispatcher's queue does not answer (@arbiter/turns turn-queue.ts): checked by /readyz and before "run
   * now" and "release" change a turn. Unset for the in-process dispatcher, which has no queue.
   */
  queueReady?: () => Promise<void>;
  /** Most order lines and characters one submission may carry (ORDER_MAX_*; default intake's ORDER_TEXT_LIMITS, 500 and 50,000). */
  orderLimits?: OrderTextLimits;
  /** What one nation may store per turn (INTAKE_MAX_*; default DEFAULT_SUBMISSION_QUOTA): 429 `submission-quota` past it. */
  submissionQuota?: SubmissionQuota;
  /**
   * What the welcome and notice mails need (MAIL_FROM's domain, MAIL_ORDERS_TO, PUBLIC_BASE_URL). Without
   * it, creating a game, a new secret or address and the GM's schedule changes queue no player mail.
   */
  playerMail?: PlayerMailSettings;
}

import type { RouteDeps } from './route-deps.ts';

export type { RouteDeps };

/**
 * swagger-ui's CSP for /docs without what it allows from elsewhere (`https:` fonts and styles, the
 * validator's badge) and without `upgrade-insecure-requests` (the embedded server is plain HTTP on
 * loopback); never framed; forms post nowhere else. Styles as the web client's CSP has them (Swagger UI
 * sets inline styles its hashes do not cover; a hash in the list would make browsers ignore
 * 'unsafe-inline'); scripts stay 'self' and swagger-ui's hashes.
 */
export function docsCsp(header: string): string {
  return `${header
    .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .replace(/ https:/g, '')
    .replace(/ validator\.swagger\.io/g, '')
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .trim()} form-action 'self';`;
}

/** The request pipeline before any route: schemas by zod, problem+json for every error, body checks, the 404. */
function prepareRequests(fastify: FastifyInstance): void {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler(errorHandler);
  fastify.decorateRequest('principal', null);
  refuseDeepBodies(fastify); // before the NUL check, which walks the body recursively
  refuseNulBytes(fastify);
  readTextBodies(fastify);
  fastify.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problem(404, 'route-not-found', `There is no ${request.method} ${request.url.split('?')[0]} here; see /docs for the API.`, request.url.split('?')[0])),
  );
}

/** Every request counted against a limit: per address unauthenticated, per nation with its secret, the GM token apart. */
async function limitRequests(fastify: FastifyInstance, limit: AppOptions['rateLimit'], auth: Authenticator): Promise<void> {
  await fastify.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    // Unauthenticated traffic is counted per address, a correct secret per nation, the GM token apart.
    keyGenerator: (request) => auth.rateLimitKey(request),
    errorResponseBuilder: (_request, context) => {
      // Counted per client address, per nation (its secret) or for the GM token: see auth.ts rateLimitKey.
      const e = new Error(`Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds.`) as Error & { statusCode: number; code: string };
      e.statusCode = 429;
      e.code = 'FST_RATE_LIMITED';
      return e;
    },
  });
}

/** The OpenAPI document (from the routes' zod schemas) and its pages at /docs. */
async function documentRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Arbiter',
        description: 'Play-by-email order adjudication: games, orders, receipts and reports. See docs/api.md.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: "The GM token, or a nation's secret" } } },
      tags: [
        { name: 'players', description: 'Routes for a nation (its secret as the bearer token)' },
        { name: 'game master', description: 'Routes for the game master (the GM token)' },
        { name: 'operations', description: 'Health and readiness' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    // The documentation shares the origin where the browser keeps the GM token: its page gets a CSP
    // (swagger-ui's own, with the hashes of its inline scripts), made stricter (issue 27).
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });
}

/** The operations routes: the OpenAPI JSON, liveness, readiness (database and turn queue) and metrics. */
function operationRoutes(fastify: FastifyInstance, db: Db, deps: Pick<RouteDeps, 'auth' | 'queueReady'>, metrics: ReturnType<typeof createMetrics>): void {
  const { auth, queueReady } = deps;
  const typed = fastify.withTypeProvider<ZodTypeProvider>();
  typed.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
  typed.get('/healthz', {
    config: { rateLimit: false },
    schema: { tags: ['operations'], summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  typed.get('/readyz', {
    config: { rateLimit: false },
    schema: { tags: ['operations'], summary: 'The database and the turn queue answer', response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), detail: z.string() }) } },
    handler: async (request, reply) => {
      try {
        await db.pool.query('SELECT 1');
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, detail: 'the database does not answer' });
      }
      try {
        await queueReady();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, detail: 'the turn queue (Redis) does not answer' });
      }
      return { status: 'ready' as const };
    },
  });
  typed.get('/metrics', {
    config: { rateLimit: false },
    schema: {
      tags: ['operations'],
      summary: 'Prometheus metrics of this API process and of the server (GM token)',
      description:
        'Text format 0.0.4: HTTP request durations by route, Node runtime, submission batches, and read from the database at ' +
        'scrape time: current turns by status (held = waiting for the GM), overdue turns, undelivered and waiting mail. ' +
        'docs/operations.md, "Monitoring".',
      security: [{ bearer: [] }],
      response: { 200: z.string(), ...problems(401, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (_request, reply) => reply.type(metrics.registry.contentType).send((await metrics.registry.metrics()) as never),
  });
}

async function app(fastify: FastifyInstance, opts: AppOptions): Promise<void> {
  if (opts.gmToken.length < 32) throw new Error('the GM token must be at least 32 characters');
  prepareRequests(fastify);
  const auth = createAuthenticator(opts.db, opts.gmToken, new AuthFailureLimiter(opts.authFailureLimit.max, opts.authFailureLimit.windowMs));
  await limitRequests(fastify, opts.rateLimit, auth);
  await documentRoutes(fastify);

  const metrics = createMetrics(opts.db);
  metrics.observe(fastify);
  const queueReady = opts.queueReady ?? (async () => undefined);
  const deps: RouteDeps = {
    db: opts.db,
    auth,
    dispatcher: opts.dispatcher,
    queueReady,
    orderLimits: opts.orderLimits ?? ORDER_TEXT_LIMITS,
    submissionQuota: opts.submissionQuota ?? DEFAULT_SUBMISSION_QUOTA,
    playerMail: opts.playerMail,
  };
  operationRoutes(fastify, opts.db, deps, metrics);

  await fastify.register(gameRoutes, deps);
  await fastify.register(orderRoutes, deps);
  await fastify.register(reportRoutes, deps);
  await fastify.register(gmRoutes, deps);
  await fastify.register(moveRoutes, deps);
  await fastify.register(webRoutes, deps); // the web client (apps/web), the dry-run check, scenario maps
}

export default fp(app, { name: 'arbiter-api', fastify: '5.x' });
