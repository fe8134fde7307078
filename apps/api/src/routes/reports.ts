import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getNationReport } from '@arbiter/intake';
import type { RouteDeps } from '../route-deps.ts';
import { principalOf } from '../auth.ts';
import { negotiate } from '../negotiate.ts';
import { HttpProblem } from '../problem.ts';
import { problems, reportJsonSchema, turnParams } from '../schemas.ts';

const TYPES = ['application/json', 'text/plain', 'text/html', 'image/svg+xml'] as const;

export const reportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth }) => {
  app.get('/v1/games/:gameId/turns/:turn/report', {
    schema: {
      tags: ['players'],
      summary: "The nation's own report of a turn",
      description: 'By `Accept`: `application/json` (the view the report was made from), `text/plain`, `text/html`, or `image/svg+xml` (the map).',
      security: [{ bearer: [] }],
      params: turnParams,
      response: { 200: reportJsonSchema, ...problems(400, 401, 403, 404, 406, 429) },
    },
    preParsing: auth.hook('nation'),
    handler: async (request, reply) => {
      const who = principalOf(request);
      if (who.kind !== 'nation') throw new HttpProblem(403, 'nation-only', 'A report belongs to a nation; use its secret.');
      const type = negotiate(request.headers.accept, TYPES);
      if (type === null) throw new HttpProblem(406, 'not-acceptable', `The report is available as ${TYPES.join(', ')}.`);
      const r = await getNationReport(db, request.params.gameId, request.params.turn, who.nation.nationId);
      reply.header('vary', 'Accept');
      switch (type) {
        case 'text/plain':
          return reply.type('text/plain; charset=utf-8').send(r.text as never);
        case 'text/html':
          return reply.type('text/html; charset=utf-8').send(r.html as never);
        case 'image/svg+xml':
          if (r.svg === null) throw new HttpProblem(404, 'map-not-found', 'This report has no map picture.');
          return reply.type('image/svg+xml').send(r.svg as never);
        case 'application/json':
          return { gameId: r.gameId, turn: r.turn, nationId: r.nationId, createdAt: r.createdAt, view: r.view };
      }
    },
  });
};
