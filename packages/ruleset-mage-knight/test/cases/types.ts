// The case catalogue's shape: each case quotes the sentence it checks (the seed's own words where the
// source is the seed), sets up a small map, gives the orders as players write them, and states the outcome.
import type { PositionInput } from '../helpers.ts';

export type Source = 'seed' | 'seed example' | 'reference' | 'house rule';

export type Expectation =
  /** A hero's outcome: where it is in the next state (null: off the map), and its movement-ended event. */
  | {
      hero: string;
      final?: string | null;
      /** Move cost of each step, in order. */
      costs?: number[];
      spent?: number;
      played?: number;
      lost?: number;
      stop?: string | null;
      notDone?: number;
      wounds?: number;
      fame?: number;
      level?: number;
    }
  /** An order error (parse or adjudication) whose message contains this text. */
  | { error: string }
  | { noErrors: true }
  /** An event of this type whose fields include these values (count: exactly that many). */
  | { event: string; where?: Record<string, unknown>; count?: number }
  /** A tile lies on this position after the turn (this tile, if given). */
  | { revealed: string; tile?: string }
  | { notRevealed: string }
  /** In the starting state: the spaces from which this open position can be explored. */
  | { explorableFrom: string; spaces: string[] }
  /** A player's view shows an undefeated rampaging enemy on this space. */
  | { sees: string; enemy: string }
  /** A recorded draw of the generator with this purpose (and number of sides, if given). */
  | { roll: string; sides?: number; count?: number }
  /** A revealed space in the next state has this terrain. */
  | { space: string; terrain: string }
  /** The first event of type `first` comes before the first of type `then`. */
  | { before: string; then: string }
  /** The receipt of a player's orders (order check against the starting state): check number `order` (1-based, default 1). */
  | { receipt: string; order?: number; status: 'accepted' | 'rejected'; warning?: string; reason?: string; preview?: string };

export interface Case {
  id: string;
  /** The sentence checked, quoted from its source. */
  rule: string;
  source: Source;
  position: PositionInput;
  orders: string[];
  expect: Expectation[];
}
