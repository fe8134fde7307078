import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStatus, listGames, listTurns, setReportDelivery } from '@arbiter/intake';
import { sequentialStatus } from '@arbiter/turns';
import { openGame } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { HttpProblem } from '../problem.ts';
import {
  createdGameSchema,
  createGameBody,
  gameListSchema,
  gameParams,
  gamesQuery,
  nationParams,
  problems,
  reportDeliveryBody,
  reportDeliverySchema,
  statusSchema,
  turnListSchema,
} from '../schemas.ts';

/** The game master's: create a game, list the games. */
const gameListRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, dispatcher, playerMail }) => {
  app.post('/v1/games', {
    schema: {
      tags: ['game master'],
      summary: 'Create a game from a scenario, a schedule and player emails',
      description:
        "Returns the game id and each nation's secret, once. The first turn opens at once; its deadline comes from the schedule in the game's time zone. " +
        'Every nation gets a welcome mail with its secret, where to send orders and its starting position.',
      security: [{ bearer: [] }],
      body: createGameBody,
      response: { 201: createdGameSchema, ...problems(400, 401, 413, 422, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      const { firstDeadline, ...rest } = request.body;
      const created = await openGame(db, dispatcher, firstDeadline === undefined ? rest : { ...rest, firstDeadline: new Date(firstDeadline) }, playerMail);
      return reply.code(201).send({ ...created, deadline: created.deadline.toISOString() });
    },
  });

  app.get('/v1/games', {
    schema: {
      tags: ['game master'],
      summary: 'Every game on this server (or those with `status`), newest first',
      security: [{ bearer: [] }],
      querystring: gamesQuery,
      response: { 200: gameListSchema, ...problems(400, 401, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const { status } = request.query;
      return { games: await listGames(db, status === undefined ? {} : { status }) };
    },
  });
};

/** One game, for its players and the GM: its status, its turns, a nation's report delivery. */
const oneGameRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth }) => {
  app.get('/v1/games/:gameId/turns', {
    schema: {
      tags: ['players', 'game master'],
      summary: "The game's turns, oldest first, with each result's hash",
      description: 'Status, deadline, when each turn opened and was adjudicated, and the SHA-256 of its stored result.',
      security: [{ bearer: [] }],
      params: gameParams,
      response: { 200: turnListSchema, ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('any'),
    handler: async (request) => listTurns(db, request.params.gameId),
  });

  app.get('/v1/games/:gameId', {
    schema: {
      tags: ['game master', 'players'],
      summary: 'Current turn, deadline, and which nations have submitted orders',
      description: 'A nation sees its own details only; the game master also sees the players\' emails.',
      security: [{ bearer: [] }],
      params: gameParams,
      response: { 200: statusSchema, ...problems(400, 401, 404, 429) },
    },
    preParsing: auth.hook('any'),
    handler: async (request) => {
      const who = principalOf(request);
      const viewer = who.kind === 'gm' ? ({ kind: 'gm' } as const) : ({ kind: 'nation', nationId: who.nation.nationId } as const);
      const [status, sequential] = await Promise.all([getStatus(db, request.params.gameId, viewer), sequentialStatus(db, request.params.gameId)]);
      // `sequential`: whose move it is, its limit and the move log (games played as each move arrives).
      return (sequential === null ? status : { ...status, sequential }) as never;
    },
  });

  app.put('/v1/games/:gameId/nations/:nationId/report-delivery', {
    schema: {
      tags: ['players', 'game master'],
      summary: 'How the turn report is mailed: full, text or none',
      description:
        '`full` (the default): text, HTML and the PNG map; `text`: plain text only, nothing attached; `none`: no report mail ' +
        '(read the report with GET .../turns/:turn/report; "command: resend-report" by mail still sends it). ' +
        'A nation sets its own, the game master any nation\'s. Applies from the next report on.',
      security: [{ bearer: [] }],
      params: nationParams,
      body: reportDeliveryBody,
      response: { 200: reportDeliverySchema, ...problems(400, 401, 403, 404, 429) },
    },
    preParsing: auth.hook('any'),
    handler: async (request) => {
      const who = principalOf(request);
      const { gameId, nationId } = request.params;
      if (who.kind === 'nation' && who.nation.nationId !== nationId) {
        throw new HttpProblem(403, 'not-your-nation', "A nation chooses its own report delivery only; the game master can change any nation's.");
      }
      return setReportDelivery(db, gameId, nationId, request.body.reportDelivery, who.kind);
    },
  });
};

export const gameRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(gameListRoutes, deps);
  await app.register(oneGameRoutes, deps);
};
