import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGame, getStatus } from '@arbiter/intake';
import type { RouteDeps } from '../app.ts';
import { principalOf } from '../auth.ts';
import { createdGameSchema, createGameBody, gameParams, problems, statusSchema } from '../schemas.ts';

export const gameRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, dispatcher }) => {
  app.post('/v1/games', {
    schema: {
      tags: ['game master'],
      summary: 'Create a game from a scenario, a schedule and player emails',
      description: "Returns the game id and each nation's secret, once. The first turn opens at once; its deadline comes from the schedule in the game's time zone.",
      security: [{ bearer: [] }],
      body: createGameBody,
      response: { 201: createdGameSchema, ...problems(400, 401, 413, 422, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      const { firstDeadline, ...rest } = request.body;
      const created = await createGame(db, firstDeadline === undefined ? rest : { ...rest, firstDeadline: new Date(firstDeadline) });
      await dispatcher.dispatch(created.gameId, created.turn, created.deadline);
      return reply.code(201).send({ ...created, deadline: created.deadline.toISOString() });
    },
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
      return getStatus(db, request.params.gameId, viewer) as Promise<never>;
    },
  });
};
