// The GM's preview of an open (or held) turn: the game's ruleset run on the turn's stored state and the standing
// orders as they are now, with nothing written. The state carries the turn's random source, so the
// preview shows exactly what the turn will do if no order changes before it runs; it is for the game
// master only (a player who saw it would know the dice).
import type { DbClient } from '@arbiter/db';
import { sealTurn, type OrderError } from '@arbiter/engine';
import { GmActionError } from './gm.ts';
import { loadTurnInputs, type TurnInputs } from './inputs.ts';

export interface TurnPreview {
  gameId: string;
  turn: number;
  turnStatus: 'open' | 'held';
  deadline: string;
  /** The hash the result would have (it changes when any standing order does). */
  hash: string;
  /** How many units have standing orders. */
  unitsWithOrders: number;
  inputErrors: TurnInputs['inputErrors'];
  orderErrors: OrderError[];
  /** The ruleset's per-unit results and events (mepbm: UnitResult, TurnEvent). */
  units: unknown[];
  events: { type: string }[];
  /** With `nation`: that nation's report text as it would be mailed, and its map (null: no view). */
  report?: { nationId: string; text: string; svg: string | null };
}

/** Adjudicates (gameId, turn) as it stands, writes nothing. Throws GmActionError when there is nothing to preview. */
export async function previewTurn(db: DbClient, gameId: string, turn: number, options: { nation?: string } = {}): Promise<TurnPreview> {
  const game = await db.game.findUnique({
    where: { id: gameId },
    select: { name: true, currentTurn: true, timeZone: true, nations: { select: { nationId: true, name: true } } },
  });
  if (game === null) throw new GmActionError(`There is no game "${gameId}".`, 'game-not-found');
  const row = await db.turn.findUnique({ where: { gameId_number: { gameId, number: turn } }, select: { status: true, deadline: true } });
  if (row === null) throw new GmActionError(`Game "${gameId}" has no turn ${turn}.`, 'turn-not-found');
  if (row.status !== 'open' && row.status !== 'held') {
    throw new GmActionError(
      `Turn ${turn} is ${row.status === 'done' ? 'already adjudicated: its results and reports are stored' : 'being adjudicated now'}; only an open or held turn can be previewed.`,
      'conflict',
    );
  }
  const names = Object.fromEntries(game.nations.map((n) => [n.nationId, n.name]));
  if (options.nation !== undefined && names[options.nation] === undefined) {
    throw new GmActionError(`Game "${gameId}" has no nation "${options.nation}".`, 'nation-not-found');
  }
  const inputs = await loadTurnInputs(db, gameId, turn);
  const { ruleset } = inputs;
  const result = sealTurn(ruleset.adjudicate(inputs.state, inputs.orders));
  const preview: TurnPreview = {
    gameId,
    turn,
    turnStatus: row.status,
    deadline: row.deadline.toISOString(),
    hash: result.hash,
    unitsWithOrders: new Set(inputs.orders.map((o) => ruleset.orders.unitOf(o))).size,
    inputErrors: inputs.inputErrors,
    orderErrors: result.errors,
    units: result.units,
    events: result.events,
  };
  const nation = options.nation;
  if (nation !== undefined) {
    const view = result.views[nation];
    const ctx = { gameName: game.name, gameId, turn: result.turn, nextDeadline: null, timeZone: game.timeZone, playerName: names[nation] as string, playerNames: names };
    const text = view === undefined ? `${names[nation]} (${nation}) has nothing of its own in this game's state: it would get no report.\n` : ruleset.report.text(view, ctx);
    // The map as the report would draw it, so that the GM sees each unit's previewed move on it.
    const svg = view === undefined ? null : ruleset.report.svg(view, { ...ctx, mapTitle: `${names[nation]}: turn ${result.turn} as it would run now (preview)` });
    preview.report = { nationId: nation, text, svg };
  }
  return preview;
}
