// A game played as each move arrives: its move log and whose move it is (players and GM), and the GM's
// controls (skip a seat, more time for the move, take back the last move). Thin: each calls @arbiter/turns.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IntakeError } from '@arbiter/intake';
import { extendMoveLimit, sequentialStatus, skipMove, takeBackMove, type MoveMailSettings } from '@arbiter/turns';
import type { RouteDeps } from '../route-deps.ts';
import { extendedSchema, extendMoveBody, sequentialSchema, skipBody, skippedSchema, takenBackSchema } from '../move-schemas.ts';
import { gameParams, problems } from '../schemas.ts';

const ACTOR = 'gm:api';
/** Without player mail settings (a test API) the notices still get well-formed Message-IDs. */
const NO_MAIL: MoveMailSettings = { from: 'Arbiter <arbiter@localhost>', domain: 'localhost' };

export const moveRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, auth, playerMail }) => {
  const gm = { tags: ['game master'], security: [{ bearer: [] }] };
  const mail = playerMail ?? NO_MAIL;

  app.get('/v1/games/:gameId/moves', {
    schema: {
      tags: ['players', 'game master'],
      security: [{ bearer: [] }],
      summary: 'Whose move it is, its time limit, and the move log of the open turn (games played as each move arrives)',
      params: gameParams,
      response: { 200: sequentialSchema, ...problems(400, 401, 404, 409, 429) },
    },
    preParsing: auth.hook('any'),
    handler: async (request) => {
      const s = await sequentialStatus(db, request.params.gameId);
      if (s === null) throw new IntakeError('conflict', `Game "${request.params.gameId}" is not played as each move arrives (or does not exist).`);
      return s as never;
    },
  });

  app.post('/v1/games/:gameId/moves/skip', {
    schema: { ...gm, summary: 'Skip the seat whose move it is: its move passes', params: gameParams, body: skipBody, response: { 200: skippedSchema, ...problems(400, 401, 404, 409, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => ({ gameId: request.params.gameId, ...(await skipMove(db, request.params.gameId, request.body.nationId, ACTOR, mail)) }),
  });

  app.post('/v1/games/:gameId/moves/extend', {
    schema: { ...gm, summary: "Give the move waiting now more time", params: gameParams, body: extendMoveBody, response: { 200: extendedSchema, ...problems(400, 401, 404, 409, 429) } },
    preParsing: auth.hook('gm'),
    handler: async (request) => {
      const t = await extendMoveLimit(db, request.params.gameId, request.body.minutes, ACTOR, mail);
      return { gameId: request.params.gameId, turn: t.turn, moveDeadline: t.moveDeadline.toISOString() };
    },
  });

  app.post('/v1/games/:gameId/moves/take-back', {
    schema: {
      ...gm,
      summary: 'Take back the last move of the open turn',
      description: "The board returns to before the move and it is that player's move again; the move's row and result stay, marked taken back, and every player is told.",
      params: gameParams,
      response: { 200: takenBackSchema, ...problems(400, 401, 404, 409, 429) },
    },
    preParsing: auth.hook('gm'),
    handler: async (request) => ({ gameId: request.params.gameId, ...(await takeBackMove(db, request.params.gameId, ACTOR, mail)) }),
  });
};
