// The REST shapes of a game played as each move arrives: the status's `sequential` part and the GM's
// move routes (docs/api.md, "Sequential games").
import { z } from 'zod';

export const sequentialSchema = z
  .object({
    turn: z.number().int(),
    toMove: z.array(z.object({ id: z.string(), name: z.string() })).describe('Who may move now (several: a side whose members choose their order); empty when every seat has moved'),
    moveDeadline: z.string().nullable().describe("When the move's time limit runs out; then the move passes"),
    moveTimeLimitMinutes: z.number().int(),
    moves: z.array(
      z.object({
        seq: z.number().int(),
        player: z.string(),
        name: z.string(),
        kind: z.enum(['orders', 'timeout', 'skip']),
        status: z.enum(['pending', 'done', 'takenBack']),
        receivedAt: z.string(),
        adjudicatedAt: z.string().nullable(),
        hash: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'SequentialStatus' });

export const skipBody = z.strictObject({ nationId: z.string().min(1).max(64).optional().describe('Whose move to skip (default: the first whose move it is)') });
export const extendMoveBody = z.strictObject({ minutes: z.number().int().min(1).max(30 * 24 * 60).describe('Minutes added to the move\'s time limit (from now when it has passed)') });
export const skippedSchema = z.object({ gameId: z.string(), turn: z.number().int(), skipped: z.string() });
export const extendedSchema = z.object({ gameId: z.string(), turn: z.number().int(), moveDeadline: z.string() });
export const takenBackSchema = z.object({ gameId: z.string(), turn: z.number().int(), seq: z.number().int(), player: z.string(), hash: z.string().nullable() });
