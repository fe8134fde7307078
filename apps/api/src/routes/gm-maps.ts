// The GM desk's maps (issue #25): the whole board of the open turn (every unit, every population
// centre; the turn service's boardMap, for rulesets with a whole-board view) and any player's report of
// a turn (its map, or its text), as the player reads it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getNationReport } from '@arbiter/intake';
import { boardMap } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { negotiate } from '../negotiate.ts';
import { HttpProblem } from '../problem.ts';
import { gameParams, nationIdParam, problems, turnParams } from '../schemas.ts';

const TYPES = ['image/svg+xml', 'text/plain'] as const;

export const gmMapRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth }) => {
  app.get('/v1/games/:gameId/board-map', {
    schema: {
      tags: ['game master'],
      summary: 'The whole board of the open turn as the game master sees it (image/svg+xml)',
      security: [{ bearer: [] }],
      params: gameParams,
      produces: ['image/svg+xml'],
      response: { ...problems(401, 404, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      const map = await boardMap(db, request.params.gameId);
      if (map === null) throw new HttpProblem(404, 'map-not-found', "This game has no open turn, or its ruleset draws no whole-board view.");
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(map.svg as never);
    },
  });

  app.get('/v1/games/:gameId/turns/:turn/reports/:nationId', {
    schema: {
      tags: ['game master'],
      summary: "A player's report of a turn, as the player reads it: its map (image/svg+xml) or its text",
      security: [{ bearer: [] }],
      params: turnParams.extend({ nationId: nationIdParam }),
      produces: [...TYPES],
      response: { ...problems(401, 404, 406, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request, reply) => {
      const type = negotiate(request.headers.accept, TYPES);
      if (type === null) throw new HttpProblem(406, 'not-acceptable', `A report is available here as ${TYPES.join(', ')}.`);
      const { gameId, turn, nationId } = request.params;
      const r = await getNationReport(db, gameId, turn, nationId);
      reply.header('vary', 'Accept');
      if (type === 'text/plain') return reply.type('text/plain; charset=utf-8').send(r.text as never);
      if (r.svg === null) throw new HttpProblem(404, 'map-not-found', 'This report has no map picture.');
      return reply.type('image/svg+xml').send(r.svg as never);
    },
  });
};
