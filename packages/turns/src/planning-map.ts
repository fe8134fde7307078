// The map a player plans the open turn's orders on (issue #25): the latest report's map, or, before the
// first report, the position at the start of the open turn, drawn as the welcome mail draws it (the open
// turn run with no orders: nobody moves, each view is the player's position now). The web client shows
// it and the dry-run check places an order's path on it (`report.mapPoints` of the same view).
import type { Db } from '@arbiter/db';
import type { TurnOutcome } from '@arbiter/engine';
import { loadTurnState } from '@arbiter/intake';
import { rulesetFor } from '@arbiter/rulesets';

export interface PlanningMap {
  /** The report's turn, or the open turn for an opening map. */
  turn: number;
  /** True for the position at the start of the open turn (no report yet). */
  opening: boolean;
  /** The view the map was drawn from (the ruleset's; `report.mapPoints` takes it). */
  view: unknown;
  svg: string;
}

/**
 * The opening views of a decoded open-turn state: the turn run with no orders once per state object
 * (intake's cached one), each player's view built when first asked and kept; undefined for a player
 * the turn has no view for.
 */
const openingViews = new WeakMap<object, { outcome: TurnOutcome; views: Map<string, unknown> }>();

function openingViewOf(rulesetId: string, state: NonNullable<unknown>, player: string): unknown {
  const key = state as object;
  let opening = openingViews.get(key);
  if (opening === undefined) {
    opening = { outcome: rulesetFor(rulesetId).adjudicate(state, []), views: new Map() };
    openingViews.set(key, opening);
  }
  if (!opening.outcome.players.includes(player)) return undefined;
  let view = opening.views.get(player);
  if (view === undefined) {
    view = opening.outcome.view(player);
    opening.views.set(player, view);
  }
  return view;
}

/** A game's open turn: its ruleset and decoded state (intake's cached object), or null. */
export async function openTurnOf(db: Db, gameId: string) {
  const game = await db.prisma.game.findUnique({
    where: { id: gameId },
    select: { name: true, ruleset: true, currentTurn: true, timeZone: true, nations: { select: { nationId: true, name: true } } },
  });
  if (game === null) return null;
  const turn = await db.prisma.turn.findUnique({ where: { gameId_number: { gameId, number: game.currentTurn } }, select: { openedAt: true } });
  if (turn === null) return null;
  const ruleset = rulesetFor(game.ruleset);
  const state = await loadTurnState(db, db.pool, ruleset, gameId, game.currentTurn, turn.openedAt);
  return state === null ? null : { game, ruleset, state };
}

/**
 * The position of one player at the start of the open turn, as its map; null when the game, the open
 * turn or the player's view is missing.
 */
export async function openingMap(db: Db, gameId: string, nationId: string): Promise<PlanningMap | null> {
  const open = await openTurnOf(db, gameId);
  if (open === null) return null;
  const { game, ruleset, state } = open;
  const view = openingViewOf(game.ruleset, state, nationId);
  const me = game.nations.find((n) => n.nationId === nationId);
  if (view === undefined || me === undefined) return null;
  const playerNames = Object.fromEntries(game.nations.map((n) => [n.nationId, n.name]));
  const svg = ruleset.report.svg(view, {
    gameName: game.name,
    gameId,
    turn: game.currentTurn,
    nextDeadline: null,
    timeZone: game.timeZone,
    playerName: me.name,
    playerNames,
    mapTitle: `${me.name}: the starting position`,
  });
  return { turn: game.currentTurn, opening: true, view, svg };
}

/** The latest report's map of a player before turn `beforeTurn`, or its opening map when it has none. */
export async function planningMap(db: Db, gameId: string, nationId: string, beforeTurn: number): Promise<PlanningMap | null> {
  const report = await db.prisma.nationReport.findFirst({
    where: { gameId, nationId, turnNumber: { lt: beforeTurn } },
    orderBy: { turnNumber: 'desc' },
    select: { turnNumber: true, view: true, svg: true },
  });
  if (report !== null) return report.svg === null ? null : { turn: report.turnNumber, opening: false, view: report.view, svg: report.svg };
  return openingMap(db, gameId, nationId);
}

/**
 * The whole board of the open turn as the game master sees it (every unit, every population centre,
 * hidden ones too: the ruleset's `report.boardView`), drawn by its map renderer; null when the ruleset
 * has no whole-board view or the game no open turn.
 */
export async function boardMap(db: Db, gameId: string): Promise<{ turn: number; svg: string } | null> {
  const open = await openTurnOf(db, gameId);
  const whole = open?.ruleset.report.boardView;
  if (open === null || whole === undefined) return null;
  const { game, ruleset, state } = open;
  const playerNames = Object.fromEntries(game.nations.map((n) => [n.nationId, n.name]));
  const svg = ruleset.report.svg(whole(state), {
    gameName: game.name,
    gameId,
    turn: game.currentTurn,
    nextDeadline: null,
    timeZone: game.timeZone,
    playerName: 'the game master',
    playerNames,
    mapTitle: `${game.name}, turn ${game.currentTurn}: the whole map`,
  });
  return { turn: game.currentTurn, svg };
}
