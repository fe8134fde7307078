// A turn's inputs as stored: the game's ruleset, the state it starts from and the standing orders of
// every nation. runTurn and `arbiter replay` read them through this one function, so a replay sees
// exactly what the worker saw.
import type { DbClient } from '@arbiter/db';
import type { OrderError, Ruleset } from '@arbiter/engine';
import { type AnyRuleset, rulesetFor } from '@arbiter/rulesets';

export interface TurnInputs {
  /** The game's ruleset (Game.ruleset), which reads the state and the orders and adjudicates them. */
  ruleset: AnyRuleset;
  /** The ruleset's state (opaque here), decoded by it. */
  state: unknown;
  /** Every standing order of the turn, in (nation, unit, order sequence) order. */
  orders: unknown[];
  /**
   * Standing orders that could not be used (unreadable, or naming a unit the nation does not own).
   * Intake checks orders before it stores them, so this is normally empty; it is stored with the
   * result rather than failing the whole turn.
   */
  inputErrors: { nation: string; unit: string; message: string }[];
}

export class TurnInputError extends Error {
  override readonly name = 'TurnInputError';
}

/** Loads and parses the stored inputs of (gameId, turn). Throws TurnInputError when they are unusable. */
export async function loadTurnInputs(db: DbClient, gameId: string, turn: number): Promise<TurnInputs> {
  const row = await db.turn.findUnique({ where: { gameId_number: { gameId, number: turn } }, select: { state: true, game: { select: { ruleset: true } } } });
  if (row === null) throw new TurnInputError(`game ${gameId} has no turn ${turn}`);
  let ruleset: AnyRuleset;
  let state: unknown;
  try {
    ruleset = rulesetFor(row.game.ruleset);
    state = ruleset.state.decode(row.state);
  } catch (err) {
    // What is wrong exactly is the ruleset's message, kept as the cause (the GM's notice says the turn is unusable).
    throw new TurnInputError(`turn ${turn} of game ${gameId} has no usable stored state`, { cause: err });
  }
  // Plain SQL with the JSON as text: ten thousand rows come back several times faster than through findMany.
  const rows = await db.$queryRaw<{ nationId: string; unitId: string; orders: string }[]>`
    SELECT "nationId", "unitId", "orders"::text AS "orders" FROM "StandingOrder"
     WHERE "gameId" = ${gameId} AND "turnNumber" = ${turn}
     ORDER BY "nationId", "unitId"`;
  const standing = rows.map((r) => ({ nationId: r.nationId, unitId: r.unitId, orders: JSON.parse(r.orders) as unknown }));
  return { ruleset, state, ...parseStandingOrders(ruleset, state, standing) };
}

/** Parses stored standing orders (canonical order lines per unit) and keeps only usable ones. */
export function parseStandingOrders<St, O>(
  ruleset: Ruleset<St, O>,
  state: St,
  standing: { nationId: string; unitId: string; orders: unknown }[],
): { orders: O[]; inputErrors: TurnInputs['inputErrors'] } {
  const orders: O[] = [];
  const inputErrors: TurnInputs['inputErrors'] = [];
  // One parse over every stored line (much faster than one call per unit); line i+1 belongs to rows[lineRow[i]].
  const lines: string[] = [];
  const lineRow: number[] = [];
  standing.forEach((s, i) => {
    if (!Array.isArray(s.orders) || !s.orders.every((l): l is string => typeof l === 'string')) {
      inputErrors.push({ nation: s.nationId, unit: s.unitId, message: 'stored standing orders are not a list of order lines' });
      return;
    }
    for (const l of s.orders) {
      if (/[\r\n]/.test(l)) {
        inputErrors.push({ nation: s.nationId, unit: s.unitId, message: 'a stored order line contains a line break' });
        return;
      }
    }
    // An empty list: the unit's orders were cancelled.
    for (const l of s.orders) {
      lines.push(l);
      lineRow.push(i);
    }
  });
  const parsed = ruleset.orders.parse(lines.join('\n'));
  for (const e of parsed.errors) {
    const s = standing[lineRow[e.line - 1]!]!;
    inputErrors.push({ nation: s.nationId, unit: s.unitId, message: describe({ ...e, line: 1 + lineRow.slice(0, e.line - 1).filter((r) => r === lineRow[e.line - 1]).length }) });
  }
  for (const o of parsed.orders) {
    const s = standing[lineRow[ruleset.orders.lineOf(o) - 1]!]!;
    const unit = ruleset.orders.unitOf(o);
    if (unit !== s.unitId) {
      inputErrors.push({ nation: s.nationId, unit: s.unitId, message: `an order stored for ${s.unitId} names ${unit}` });
    } else if (ruleset.state.ownerOf(state, unit) !== s.nationId) {
      inputErrors.push({ nation: s.nationId, unit: s.unitId, message: `${s.nationId} does not own ${unit}` });
    } else {
      orders.push(o);
    }
  }
  return { orders, inputErrors };
}

function describe(e: OrderError): string {
  return `line ${e.line}, column ${e.column}: ${e.message}`;
}
