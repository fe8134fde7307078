// The demo game of `arbiter start` with the embedded database: created on the first start (the service's
// openGame, as POST /v1/games), found again on later ones.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Db } from '@arbiter/db';
import type { ArbiterHome, DemoState } from '@arbiter/embedded';
import type { CreateGameInput } from '@arbiter/intake';
import type { PlayerMailSettings, TurnDispatcher } from '@arbiter/turns';
import { rt } from './runtime.ts';

/** The repository root (examples/demo lives there). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEMO_GAME_FILE = path.join(REPO_ROOT, 'examples', 'demo', 'game.json');

/** The demo game: created on the first start, found again on later ones (recreated if the database was reset). */
export async function ensureDemoGame(
  db: Db,
  home: ArbiterHome,
  logger: Logger,
  dispatcher: TurnDispatcher | null,
  gameFile: string = DEMO_GAME_FILE,
  /** When given, the demo's players get their welcome mails (in the outbox folder without SMTP_URL). */
  playerMail?: PlayerMailSettings,
): Promise<{ state: DemoState; created: boolean }> {
  const { readDemoState, openGame, writeDemoState } = await rt();
  const existing = await readDemoState(home);
  if (existing !== null) {
    const game = await db.prisma.game.findUnique({ where: { id: existing.gameId }, select: { id: true } });
    if (game !== null) {
      logger.info({ gameId: existing.gameId }, 'demo game found');
      return { state: existing, created: false };
    }
    logger.warn({ gameId: existing.gameId }, 'the demo game is no longer in the database: creating it again');
  }
  const input = await readDemoGameFile(gameFile);
  const created = await openGame(db, dispatcher, input, playerMail);
  const state: DemoState = { gameId: created.gameId, name: input.name, createdAt: new Date().toISOString(), nations: created.nations };
  await writeDemoState(home, state);
  logger.info({ gameId: created.gameId, deadline: created.deadline.toISOString() }, 'demo game created');
  return { state, created: true };
}

/** examples/demo/game.json: the body of POST /games, with the scenario in a file beside it. */
export async function readDemoGameFile(file: string): Promise<CreateGameInput> {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const { $comment: _comment, scenarioFile, ...rest } = json;
  if (typeof scenarioFile !== 'string') throw new Error(`${file}: "scenarioFile" must name the scenario file`);
  const scenario = JSON.parse(await readFile(path.resolve(path.dirname(file), scenarioFile), 'utf8')) as unknown;
  return { ...(rest as Omit<CreateGameInput, 'scenario'>), scenario };
}
