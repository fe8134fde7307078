// The case catalogue's shape: each case quotes the sentence it checks (the seed's own words where the
// source is the seed), sets up a position on the test map, gives the orders as players write them, and
// states the outcome.
import type { PositionInput } from '../helpers.ts';

export type Source = 'seed' | 'seed example' | 'reference' | 'issue' | 'house rule';

export type Expectation =
  /** A mech in the next state: where it stands, how many maps it holds. */
  | { mech: string; at?: string; maps?: number }
  /** An order error (parse or adjudication) whose message contains this text. */
  | { error: string }
  | { noErrors: true }
  /** Events of this type whose fields include these values (count: exactly that many). */
  | { event: string; where?: Record<string, unknown>; count?: number }
  /** A location in the next state: face up or down, the values of the corruption stacked on it. */
  | { location: string; faceUp?: boolean; corruption?: number[]; mapToken?: boolean }
  /** Recorded draws of the generator with this purpose. */
  | { roll: string; count: number }
  /** Tokens left in the bag after the turn. */
  | { bag: number }
  /** The legal destinations of a mech in the starting state, in order. */
  | { destinations: string; are: string[] }
  /** What a player's view (after the turn) shows of a location: face down hides its level and token. */
  | { sees: string; location: string; faceUp: boolean; corruptionLevel?: number }
  /** The receipt of a player's orders (check against the starting state): check number `order` (1-based, default 1). */
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
