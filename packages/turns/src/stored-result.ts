// A turn's and a move's result as stored (Turn.result, Move.result): the ruleset's TurnResult without the
// views and the next state, with the rules version it ran under. Written by run.ts (a turn) and moves.ts
// (a move); read by the replay, the GM's preview and the API.
import type { TurnResult } from '@arbiter/engine';
import type { AnyRuleset } from '@arbiter/rulesets';

/** The stored form of a turn's result (Turn.result): the TurnResult without the views and the next state. */
export interface StoredTurnResult {
  turn: number;
  hash: string;
  /** The ruleset's rules version the turn ran under (`Ruleset.rulesVersion`); absent in results stored before it was kept: 1. */
  rulesVersion: number;
  units: TurnResult['units'];
  events: TurnResult['events'];
  rolls: TurnResult['rolls'];
  errors: TurnResult['errors'];
  /** Standing orders that could not be used (see loadTurnInputs). */
  inputErrors: { nation: string; unit: string; message: string }[];
  /** How many orders went into the turn. */
  orderCount: number;
  /** A turn played as each move arrives: its moves in order (the hash is over theirs, round.ts). */
  moves?: { seq: number; player: string; kind: string; hash: string }[];
}

/** A move's stored result (Move.result): a turn's stored result plus who moved and the move's number. */
export interface StoredMoveResult extends StoredTurnResult {
  seq: number;
  player: string;
}

/** A result as stored (Turn.result, Move.result): without views and next state, with its rules version. */
export function storedOf(ruleset: AnyRuleset, result: TurnResult, orderCount: number): StoredTurnResult {
  return { turn: result.turn, hash: result.hash, rulesVersion: ruleset.rulesVersion, units: result.units, events: result.events, rolls: result.rolls, errors: result.errors, inputErrors: [], orderCount };
}
