// The case catalogue's shape (DATC-like): each case quotes the rule it checks, sets up a small
// position, gives the orders as players write them, and states the expected outcome.
import type { PositionInput } from '../resolution-helpers.ts';

export type Source = 'seed' | 'reference' | 'house rule' | 'issue';

export type Expectation =
  /** A unit's outcome. `stop` is the stop reason code, or null for "did everything it was ordered". */
  | {
      unit: string;
      final?: string;
      mp?: number;
      stop?: string | null;
      destroyed?: boolean;
      /** Cost of each step, in order. */
      costs?: number[];
      /** Pulse at which each step completed. */
      pulses?: number[];
      /** In the next state: the army/navy the unit travels with (characters: with; armies: aboard). */
      with?: string | null;
      /** Morale after the turn (in the next state). */
      morale?: number;
      /** The unit is gone from the next state. */
      gone?: boolean;
      /** An army's food: eaten this turn, fed this turn, food left (also in the next state), fed next turn. */
      eaten?: number;
      fed?: boolean;
      foodLeft?: number;
      fedNextTurn?: boolean;
      /** Food drawn from its own population centre before eating (0 for none). */
      supplied?: number;
    }
  /** An order error whose message contains this text (and, if given, on this line and at this column). */
  | { error: string; line?: number; column?: number }
  /** No order errors at all. */
  | { noErrors: true }
  /** An event of this type whose fields include these values (count: exactly that many such events). */
  | { event: string; where?: Record<string, unknown>; count?: number }
  /** A nation's view has a sighting of this unit (with this `what`, if given), or has none. */
  | {
      sees: string;
      unit: string;
      what?: string;
      /** The id of the unit, or the hex of the population centre, that saw it. */
      by?: string;
      distance?: number;
      /** The navy it was seen aboard. */
      aboard?: string;
      /** The commander's name seen, or null for none. */
      commander?: string | null;
    }
  | { notSees: string; unit: string }
  /** A nation's view knows the population centre at this hex (with these facts, loyalty null for none), or does not. */
  | { knows: string; centre: string; capital?: boolean; dock?: string | null; loyalty?: number | null }
  | { knowsNot: string; centre: string };

export interface Case {
  id: string;
  /** The rule sentence checked, quoted from its source. */
  rule: string;
  source: Source;
  position: PositionInput;
  orders: string[];
  expect: Expectation[];
}
