// A ruleset's guide to writing orders as Markdown, public: the web client links to it beside the order
// editor (issue #25), and a welcome mail of a ruleset that carries its own guide points here. The guide is
// the ruleset's own (`orders.guide`, a ruleset module from outside the repository), else Arbiter's
// document docs/orders-<id>.md, read once per process. A ruleset with neither has no guide (404).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRulesetId, rulesetFor } from '@arbiter/rulesets';
import { ordersGuideOf } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { HttpProblem } from '../problem.ts';
import { problems } from '../schemas.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Each document read once; null: the repository has none for that ruleset. */
const documents = new Map<string, Promise<string | null>>();

function documentOf(rulesetId: string): Promise<string | null> {
  let text = documents.get(rulesetId);
  if (text === undefined) {
    text = readFile(`${ROOT}${ordersGuideOf(rulesetId)}`, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      documents.delete(rulesetId); // another failure (permissions, I/O) is tried again next time
      throw e;
    });
    documents.set(rulesetId, text);
  }
  return text;
}

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
      const text = rulesetFor(id).orders.guide ?? (await documentOf(id));
      if (text === null) throw new HttpProblem(404, 'orders-guide-not-found', `The ruleset "${id}" has no guide to its orders on this server.`);
      return reply.type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text as never);
    },
  });
};
