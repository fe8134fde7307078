// A game's clock handed to a TurnDispatcher: the service calls every shell makes (the API's routes, the
// demo game of `arbiter start`), so that none of them repeats "create, then dispatch the first turn" or
// "resume, then dispatch". A null dispatcher (a process that runs neither API nor worker) leaves the turn
// to the worker's deadline sweep.
import type { Db } from '@arbiter/db';
import { createGame, type CreatedGame, type CreateGameInput } from '@arbiter/intake';
import type { TurnDispatcher } from './dispatch.ts';
import { resumeGame, type TurnToDispatch } from './gm.ts';
import { queueTurnOpening } from './moves.ts';
import type { PlayerMailSettings } from './player-outbox.ts';
import { createGameWithWelcome } from './welcome.ts';

/**
 * Creates the game (intake's createGame) and hands its first turn to the dispatcher, to run at its
 * deadline. With the player mail settings, every nation's welcome mail is queued in the creating
 * transaction (welcome.ts).
 */
export async function openGame(db: Db, dispatcher: TurnDispatcher | null, input: CreateGameInput, playerMail?: PlayerMailSettings): Promise<CreatedGame> {
  const created = playerMail === undefined ? await createGame(db, input) : await createGameWithWelcome(db, input, playerMail);
  // Played as each move arrives: whoever opens the first turn gets "your move" with its time limit.
  if (playerMail !== undefined && input.sequentialMode === 'as-each-move-arrives') await queueTurnOpening(db, created.gameId, created.turn, playerMail);
  await dispatcher?.dispatch(created.gameId, created.turn, created.deadline);
  return created;
}

/**
 * Resumes a paused game on its own schedule (gm.ts resumeGame) and re-dispatches its turn at the
 * deadline; with the player mail settings, every nation gets the notice.
 */
export async function resumeGameAndDispatch(db: Db, dispatcher: TurnDispatcher | null, gameId: string, actor: string, playerMail?: PlayerMailSettings): Promise<TurnToDispatch> {
  const t = await resumeGame(db, gameId, actor, null, playerMail);
  await dispatcher?.dispatch(t.gameId, t.turn, t.deadline);
  return t;
}
