// Welcome mails: to every nation when a game is created, and to one nation when the game master issues it a
// new secret or replaces its address. Each carries the nation's secret (when it has a new one) through the
// outbox's secret column, never in the stored text (docs/security.md), and the position as the open
// turn's report draws it, rendered by the turn service's renderer.
import { ReportDelivery, type Db, type Tx } from '@arbiter/db';
import {
  createGame,
  replaceNationEmail,
  rotateNationSecret,
  uuidv7,
  type CreateGameInput,
  type CreatedGame,
} from '@arbiter/intake';
import { outboxMessageId, SECRET_PLACEHOLDER } from '@arbiter/mail';
import { welcomeMail, type WelcomeReason } from '@arbiter/reports';
import { rulesetLabel } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';
import { queuePlayerMails, supersedeUnsentWelcomes, type PlayerMailSettings, type PlayerOutboxMail } from './player-outbox.ts';
import { ReportRenderer, svgMapAttachment } from './render.ts';

/** The repository's guide to a ruleset's orders: `docs/orders-<id>.md`, one rule for every ruleset. */
export function ordersGuideOf(rulesetId: string): string {
  return `docs/orders-${rulesetId}.md`;
}

/**
 * Where a welcome mail sends a player to read the ruleset's orders, in its words: a built-in ruleset's
 * guide is its document in Arbiter's documentation; a ruleset that carries its own guide (`orders.guide`,
 * a ruleset module from outside the repository) is read at the server's orders-guide route.
 */
export function welcomeGuideOf(ruleset: AnyRuleset, apiUrl: string): string {
  return ruleset.orders.guide === undefined
    ? `${ordersGuideOf(ruleset.id)} (Arbiter's documentation)`
    : `${apiUrl}/v1/rulesets/${ruleset.id}/orders-guide (the ruleset's own guide)`;
}

/** The nations to welcome, each with its new secret, or null when its secret did not change. */
export interface Welcome {
  gameId: string;
  reason: WelcomeReason;
  nations: { nationId: string; secret: string | null }[];
}

/** What a welcome mail is made of: the game, its open turn and its nations as stored. */
export interface WelcomeGame {
  gameId: string;
  name: string;
  ruleset: string;
  timeZone: string;
  gmEmail: string | null;
  turn: { number: number; deadline: Date; state: unknown };
  nations: { nationId: string; name: string; email: string; active: boolean; reportDelivery: ReportDelivery }[];
}

/** The welcome mails of `w` as outbox rows (pure but for the rendering; nothing is written). */
export function welcomeMailsFor(game: WelcomeGame, w: Welcome, settings: PlayerMailSettings): PlayerOutboxMail[] {
  const ruleset = rulesetFor(game.ruleset);
  const state = ruleset.state.decode(game.turn.state);
  // The open turn run with no orders: nobody moves, and each view is the nation's position now.
  const opening = ruleset.adjudicate(state, []);
  const wanted = new Set(w.nations.map((n) => n.nationId));
  const renderer = new ReportRenderer({
    ruleset: game.ruleset,
    gameId: game.gameId,
    gameName: game.name,
    turn: game.turn.number,
    nextDeadline: null,
    timeZone: game.timeZone,
    gmEmail: game.gmEmail,
    nations: game.nations.map((n) => ({ nationId: n.nationId, name: n.name, email: n.email, active: n.active, delivery: n.reportDelivery })),
    views: Object.fromEntries(opening.players.filter((id) => wanted.has(id)).map((id) => [id, opening.view(id)])),
    mail: { from: settings.from, domain: settings.domain },
    startingPosition: true,
  });
  const byId = new Map(game.nations.map((n) => [n.nationId, n]));
  const label = rulesetLabel(ruleset);
  return w.nations.map(({ nationId, secret }) => {
    const nation = byId.get(nationId);
    if (nation === undefined) throw new Error(`game ${game.gameId} has no nation ${nationId} to welcome`);
    const delivery = nation.reportDelivery;
    const report = delivery === ReportDelivery.none || !renderer.ids.includes(nationId) ? null : renderer.render(nationId);
    const mail = welcomeMail({
      reason: w.reason,
      gameId: game.gameId,
      gameName: game.name,
      ruleset: label,
      playerId: nationId,
      playerName: nation.name,
      secret: secret === null ? null : SECRET_PLACEHOLDER,
      turn: game.turn.number,
      deadline: game.turn.deadline,
      timeZone: game.timeZone,
      ordersTo: settings.ordersTo,
      apiUrl: settings.apiUrl,
      ordersGuide: welcomeGuideOf(ruleset, settings.apiUrl),
      example: ruleset.orders.example,
      template: ruleset.orders.template(state, nationId),
      report: report === null ? null : { text: report.text, html: delivery === ReportDelivery.full ? report.html : null },
    });
    return {
      gameId: game.gameId,
      nationId,
      kind: 'welcome' as const,
      ruleset: label,
      to: [nation.email],
      mail,
      // Created once per game; a new secret or address is a new mail each time.
      messageId: outboxMessageId('welcome', w.reason === 'game-created' ? `${game.gameId}.${nationId}` : `${game.gameId}.${nationId}.${uuidv7()}`, settings.domain),
      ...(secret === null ? {} : { secret }),
      ...(report !== null && delivery === ReportDelivery.full ? { attachments: [svgMapAttachment(`map-turn-${game.turn.number}-start.png`, report.svg)] } : {}),
    };
  });
}

/** Queues the welcome mails (in the caller's transaction); a nation's unsent older welcome is superseded. Returns how many were written. */
export async function queueWelcomeMails(tx: Tx, w: Welcome, settings: PlayerMailSettings): Promise<number> {
  const game = await tx.game.findUniqueOrThrow({
    where: { id: w.gameId },
    select: { name: true, ruleset: true, timeZone: true, currentTurn: true, gmEmail: true, nations: { orderBy: { nationId: 'asc' } } },
  });
  const turn = await tx.turn.findUniqueOrThrow({ where: { gameId_number: { gameId: w.gameId, number: game.currentTurn } }, select: { state: true, deadline: true } });
  const mails = welcomeMailsFor({ ...game, gameId: w.gameId, turn: { number: game.currentTurn, deadline: turn.deadline, state: turn.state } }, w, settings);
  for (const n of w.nations) if (n.secret !== null) await supersedeUnsentWelcomes(tx, w.gameId, n.nationId);
  return queuePlayerMails(tx, mails);
}

/** Creates a game (intake's createGame) and queues every nation's welcome mail in the same transaction. */
export function createGameWithWelcome(db: Db, input: CreateGameInput, settings: PlayerMailSettings, now?: Date): Promise<CreatedGame> {
  return createGame(db, input, now, async (tx, created) => {
    await queueWelcomeMails(tx, { gameId: created.gameId, reason: 'game-created', nations: created.nations.map((n) => ({ nationId: n.nationId, secret: n.secret })) }, settings);
  });
}

/** Issues a nation a new secret (intake's rotateNationSecret) and mails it to the nation in a new welcome. */
export function rotateSecretWithWelcome(db: Db, gameId: string, nationId: string, settings: PlayerMailSettings): Promise<{ nationId: string; secret: string }> {
  return rotateNationSecret(db, gameId, nationId, async (tx, secret) => {
    await queueWelcomeMails(tx, { gameId, reason: 'secret-replaced', nations: [{ nationId, secret }] }, settings);
  });
}

/** Replaces a nation's address (intake's replaceNationEmail) and welcomes the new address (without the secret). */
export function replaceEmailWithWelcome(db: Db, gameId: string, nationId: string, email: string, settings: PlayerMailSettings): Promise<{ nationId: string; email: string }> {
  return replaceNationEmail(db, gameId, nationId, email, async (tx) => {
    await queueWelcomeMails(tx, { gameId, reason: 'email-replaced', nations: [{ nationId, secret: null }] }, settings);
  });
}
