// A player's map before the first report (issue #25): the position at the start of the open turn, as
// the welcome mail draws it (the turn service's openingMap). The web client shows it until the first
// report comes, and the dry-run check draws an order's path on it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openingMap } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { HttpProblem } from '../problem.ts';
import { gameParams, problems } from '../schemas.ts';

export const openingMapRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth }) => {
  app.get('/v1/games/:gameId/opening-map', {
    schema: {
      tags: ['players'],
      summary: "The nation's position at the start of the open turn, as a map (image/svg+xml)",
      description: 'The map the welcome mail carries: the open turn with no orders, as this nation sees it. Nothing is stored.',
      security: [{ bearer: [] }],
      params: gameParams,
      produces: ['image/svg+xml'],
      response: { ...problems(401, 403, 404, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request, reply) => {
      const who = principalOf(request);
      if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'An opening map is a nation\'s view; use its secret.');
      const map = await openingMap(db, request.params.gameId, who.nation.nationId);
      if (map === null) throw new HttpProblem(404, 'map-not-found', 'This game has no open turn to draw.');
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(map.svg as never);
    },
  });
};
