// A game's clock handed to a TurnDispatcher: the service calls every shell makes (the API's routes, the
// demo game of `arbiter start`), so that none of them repeats "create, then dispatch the first turn" or
// "resume, then dispatch". A null dispatcher (a process that runs neither API nor worker) leaves the turn
// to the worker's deadline sweep.
import type { Db } from '@arbiter/db';
import { createGame, type CreatedGame, type CreateGameInput } from '@arbiter/intake';
import type { TurnDispatcher } from './dispatch.ts';
import { resumeGame, type TurnToDispatch } from './gm.ts';

/** Creates the game (intake's createGame) and hands its first turn to the dispatcher, to run at its deadline. */
export async function openGame(db: Db, dispatcher: TurnDispatcher | null, input: CreateGameInput): Promise<CreatedGame> {
  const created = await createGame(db, input);
  await dispatcher?.dispatch(created.gameId, created.turn, created.deadline);
  return created;
}

/** Resumes a paused game on its own schedule (gm.ts resumeGame) and re-dispatches its turn at the deadline. */
export async function resumeGameAndDispatch(db: Db, dispatcher: TurnDispatcher | null, gameId: string, actor: string): Promise<TurnToDispatch> {
  const t = await resumeGame(db, gameId, actor);
  await dispatcher?.dispatch(t.gameId, t.turn, t.deadline);
  return t;
}
