// A ruleset's orders document (docs/orders-<id>.md, mepbm's docs/orders.md) as plain text, public: the
// web client links to it beside the order editor (issue #25). Read once per process.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRulesetId } from '@arbiter/rulesets';
import { ordersGuideOf } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { HttpProblem } from '../problem.ts';
import { problems } from '../schemas.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const guides = new Map<string, Promise<string>>();

export const ordersGuideRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app) => {
  app.get('/v1/rulesets/:rulesetId/orders-guide', {
    schema: {
      tags: ['players'],
      summary: "A ruleset's guide to writing orders (text/markdown)",
      params: z.strictObject({ rulesetId: z.string().max(64) }),
      produces: ['text/markdown'],
      response: { ...problems(404, 429) },
    },
    handler: async (request, reply) => {
      const id = request.params.rulesetId;
      if (!isRulesetId(id)) throw new HttpProblem(404, 'ruleset-not-found', `There is no ruleset "${id}".`);
      let text = guides.get(id);
      if (text === undefined) {
        text = readFile(`${ROOT}${ordersGuideOf(id)}`, 'utf8');
        guides.set(id, text);
      }
      return reply.type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=3600').send((await text) as never);
    },
  });
};
