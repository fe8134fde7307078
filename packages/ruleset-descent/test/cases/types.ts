// The case catalogue's shape: each case quotes the sentence it checks (the seed's own words where the
// source is the seed), sets up a small dungeon, gives the orders as players write them, and states the outcome.
import type { PositionInput } from '../helpers.ts';

export type Source = 'seed' | 'seed example' | 'reference' | 'table' | 'house rule';

export type Expectation =
  /** A figure's outcome in the next state, and its activation-ended event. */
  | { figure: string; final?: string | null; mp?: number; spent?: number; notDone?: number; wounds?: number; fatigue?: number; items?: string[]; steps?: number }
  /** An order error (parse or adjudication) whose message contains this text. */
  | { error: string }
  | { noErrors: true }
  /** An event of this type whose fields include these values (count: exactly that many). */
  | { event: string; where?: Record<string, unknown>; count?: number }
  | { revealed: string }
  | { notRevealed: string }
  /** A player's view shows (or not) a figure. */
  | { sees: string; figure: string; shown: boolean }
  | { roll: string; count?: number }
  /** Figure `before` starts its activation before figure `then`. */
  | { before: string; then: string }
  | { door: string; open: boolean }
  | { receipt: string; order?: number; status: 'accepted' | 'rejected'; warning?: string; reason?: string; preview?: string };

export interface Case {
  id: string;
  rule: string;
  source: Source;
  position: PositionInput;
  orders: string[];
  expect: Expectation[];
}
