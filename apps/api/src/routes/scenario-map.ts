// A scenario's opening maps before a game is made of it (issue #19, the GM's "create a game" page): the
// scenario is validated, and each nation's map is drawn by the ruleset's renderer as its first report
// would draw it (a turn with no orders: nobody moves). Nothing is stored.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../route-deps.ts';
import { scenarioMaps } from '@arbiter/turns';
import { problems, rulesetSchema } from '../schemas.ts';

const scenarioMapBody = z.strictObject({
  scenario: z.record(z.string(), z.unknown()).describe('The scenario document (docs/scenario-format-mepbm.md)'),
});

const scenarioMapSchema = z
  .object({
    ruleset: rulesetSchema,
    nations: z.array(z.object({ nationId: z.string(), name: z.string(), svg: z.string().describe('The opening map as this nation sees it (SVG)') })),
  })
  .meta({ id: 'ScenarioMaps' });

export const scenarioMapRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth }) => {
  app.post('/v1/scenarios/maps', {
    schema: {
      tags: ['game master'],
      summary: "A scenario's opening map for each nation, before creating a game (nothing is stored)",
      description: 'The scenario is checked as POST /v1/games checks it (422 with every issue and its JSON path).',
      security: [{ bearer: [] }],
      body: scenarioMapBody,
      response: { 200: scenarioMapSchema, ...problems(400, 401, 413, 422, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const { ruleset, nations } = scenarioMaps(request.body.scenario, { players: 'all' });
      return { ruleset, nations };
    },
  });
};
