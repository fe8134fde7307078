import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuditLog, getGameState, getInboundMailRaw, listInboundMail, replaceNationEmail, requireGame, rotateNationSecret, setReminderHours } from '@arbiter/intake';
import {
  extendDeadline,
  finishGame,
  pauseGame,
  previewTurn,
  releaseHeldTurn,
  replaceEmailWithWelcome,
  resumeGameAndDispatch,
  rotateSecretWithWelcome,
  runNow,
} from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import {
  auditLogSchema,
  auditQuery,
  deadlineBody,
  finishedSchema,
  dispatchedSchema,
  runNowSchema,
  emailBody,
  emailSchema,
  gameParams,
  gameStateSchema,
  inboundPageSchema,
  inboundQuery,
  mailParams,
  nationParams,
  previewQuery,
  previewSchema,
  problems,
  reminderHoursBody,
  reminderHoursSchema,
  secretSchema,
  turnParams,
} from '../schemas.ts';

const ACTOR = 'gm:api';

/** A paged list's query as the intake takes it (absent values left out, not undefined). */
function pageOf(q: { limit?: number | undefined; before?: string | undefined }): { limit?: number; before?: string } {
  return { ...(q.limit === undefined ? {} : { limit: q.limit }), ...(q.before === undefined ? {} : { before: q.before }) };
}

const gm = { tags: ['game master'], security: [{ bearer: [] }] };

/** The game's inbound mail: the list and one mail as it arrived. */
const gmMailRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth }) => {
  app.get('/v1/games/:gameId/mail', {
    schema: {
      ...gm,
      summary: "The game's inbound mail, newest first",
      description:
        'Every mail the mail intake tied to this game: when, from whom, what became of it (processed, ignored as a robot or ' +
        'a loop, refused with the reason) and the submission it made. `limit` (default 50, at most 200) per page; pass ' +
        '`nextBefore` as `before` for older mail. Mail from unknown senders is not tied to a game and is not listed.',
      params: gameParams,
      querystring: inboundQuery,
      response: { 200: inboundPageSchema, ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => listInboundMail(db, request.params.gameId, pageOf(request.query)),
  });

  app.get('/v1/games/:gameId/mail/:messageId/raw', {
    schema: {
      ...gm,
      summary: 'One inbound mail exactly as it arrived',
      description: 'The message as `message/rfc822` (save it as a .eml file to open it in a mail program).',
      params: mailParams,
      response: { 200: z.string().describe('The message (message/rfc822)'), ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      const raw = await getInboundMailRaw(db, request.params.gameId, request.params.messageId);
      return reply.type('message/rfc822').header('content-disposition', 'attachment; filename="message.eml"').send(raw as never);
    },
  });

};

/** The open turn: preview, run now, release a held turn, move its deadline. */
const gmTurnRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, dispatcher, queueReady, playerMail }) => {
  app.get('/v1/games/:gameId/turns/:turn/preview', {
    schema: {
      ...gm,
      summary: 'What the open turn would do if it ran now (nothing is stored)',
      description:
        "The engine run on the turn's stored state and the standing orders as they are now. The state carries the turn's " +
        'random source, so this is exactly what the turn will do if no order changes before it runs: for the game master ' +
        "only. `nation` adds that nation's report text as it would be mailed and its map. Only an open or held turn can be previewed.",
      params: turnParams,
      querystring: previewQuery,
      response: { 200: previewSchema, ...problems(400, 401, 404, 409, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const { nation } = request.query;
      return previewTurn(db.prisma, request.params.gameId, request.params.turn, nation === undefined ? {} : { nation });
    },
  });

  app.post('/v1/games/:gameId/turns/:turn/run', {
    schema: {
      ...gm,
      summary: 'Adjudicate the open turn now',
      description:
        'Makes the turn due now and hands it to the worker. The answer comes at once (202); the results and reports follow. ' +
        'When the worker will hold the turn for missing orders instead of running it, `hold` says why (release the turn to run it as it is).',
      params: turnParams,
      response: { 202: runNowSchema, ...problems(400, 401, 404, 409, 429, 503) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      // The queue first: with Redis down the deadline is left as it was (503), not moved to now.
      await queueReady();
      const t = await runNow(db, request.params.gameId, request.params.turn, ACTOR);
      await dispatcher.dispatch(t.gameId, t.turn, t.deadline);
      const message = t.hold === null ? `turn ${t.turn} runs now` : `turn ${t.turn} will be held for you, not run: ${t.hold}`;
      return reply.code(202).send({ gameId: t.gameId, turn: t.turn, deadline: t.deadline.toISOString(), status: 'dispatched' as const, hold: t.hold, message });
    },
  });

  app.post('/v1/games/:gameId/turns/:turn/release', {
    schema: { ...gm, summary: 'Release a held turn: it runs now', params: turnParams, response: { 202: dispatchedSchema, ...problems(400, 401, 404, 409, 429, 503) } },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      await queueReady();
      const t = await releaseHeldTurn(db, request.params.gameId, request.params.turn, ACTOR);
      await dispatcher.dispatch(t.gameId, t.turn, t.deadline);
      return reply.code(202).send({ gameId: t.gameId, turn: t.turn, deadline: t.deadline.toISOString(), status: 'dispatched' as const });
    },
  });

  app.put('/v1/games/:gameId/turns/:turn/deadline', {
    schema: {
      ...gm,
      summary: "Move the open (or held) turn's deadline",
      params: turnParams,
      body: deadlineBody,
      response: { 200: gameStateSchema, ...problems(400, 401, 404, 409, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const t = await extendDeadline(db, request.params.gameId, request.params.turn, new Date(request.body.deadline), ACTOR, playerMail);
      await dispatcher.dispatch(t.gameId, t.turn, t.deadline);
      return getGameState(db, t.gameId);
    },
  });

};

/** The game as a whole: finish, pause, resume, the audit log, reminders. */
const gmGameRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, dispatcher, playerMail }) => {
  app.post('/v1/games/:gameId/finish', {
    schema: {
      ...gm,
      summary: 'End the game: no more turns, no more orders (final)',
      description: 'Every stored turn, report and submission stays readable. Refused (409) while a turn is being adjudicated, and for a finished game.',
      params: gameParams,
      response: { 200: finishedSchema, ...problems(400, 401, 404, 409, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => ({ ...(await finishGame(db, request.params.gameId, ACTOR, playerMail)), status: 'finished' as const }),
  });

  app.get('/v1/games/:gameId/audit', {
    schema: {
      ...gm,
      summary: "The game's audit log, newest first",
      description:
        'Every game-master action, report-delivery change, turn hold, release and adjudication, with who and when. ' +
        '`limit` (default 100, at most 500) per page; pass `nextBefore` as `before` for older entries.',
      params: gameParams,
      querystring: auditQuery,
      response: { 200: auditLogSchema, ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => getAuditLog(db, request.params.gameId, pageOf(request.query)),
  });

  app.post('/v1/games/:gameId/pause', {
    schema: { ...gm, summary: 'Pause the game: no turn runs until it is resumed (orders are still taken)', params: gameParams, response: { 200: gameStateSchema, ...problems(400, 401, 404, 409, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      await pauseGame(db, request.params.gameId, ACTOR, playerMail);
      return getGameState(db, request.params.gameId);
    },
  });

  app.post('/v1/games/:gameId/resume', {
    schema: { ...gm, summary: 'Resume a paused game', params: gameParams, response: { 200: gameStateSchema, ...problems(400, 401, 404, 409, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const t = await resumeGameAndDispatch(db, dispatcher, request.params.gameId, ACTOR, playerMail);
      return getGameState(db, t.gameId);
    },
  });


  app.put('/v1/games/:gameId/reminder-hours', {
    schema: {
      ...gm,
      summary: 'How many hours before the deadline nations without orders are reminded (0: no reminders)',
      description: 'A nation that has sent no orders for the open turn gets one reminder mail this many hours before its deadline (0 to 336).',
      params: gameParams,
      body: reminderHoursBody,
      response: { 200: reminderHoursSchema, ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => setReminderHours(db, request.params.gameId, request.body.reminderHours),
  });
};

/** A player's address and secret. */
const gmNationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, playerMail }) => {
  app.put('/v1/games/:gameId/nations/:nationId/email', {
    schema: { ...gm, summary: "Replace a player's email address", params: nationParams, body: emailBody, response: { 200: emailSchema, ...problems(400, 401, 404, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const { gameId, nationId } = request.params;
      return playerMail === undefined ? replaceNationEmail(db, gameId, nationId, request.body.email) : replaceEmailWithWelcome(db, gameId, nationId, request.body.email, playerMail);
    },
  });

  app.post('/v1/games/:gameId/nations/:nationId/secret', {
    schema: { ...gm, summary: "Issue a nation a new secret (the old one stops working); shown once", params: nationParams, response: { 200: secretSchema, ...problems(400, 401, 404, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const { gameId, nationId } = request.params;
      return playerMail === undefined ? rotateNationSecret(db, gameId, nationId) : rotateSecretWithWelcome(db, gameId, nationId, playerMail);
    },
  });

};

/**
 * The game master's routes, by group. A game that does not exist is `game-not-found` on every one of them
 * (intake's requireGame, after authentication), the code the players' routes give for the same fact.
 */
export const gmRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preHandler', async (request) => {
    const { gameId } = request.params as { gameId?: unknown };
    if (typeof gameId === 'string') await requireGame(deps.db, gameId);
  });
  await app.register(gmMailRoutes, deps);
  await app.register(gmTurnRoutes, deps);
  await app.register(gmGameRoutes, deps);
  await app.register(gmNationRoutes, deps);
};
