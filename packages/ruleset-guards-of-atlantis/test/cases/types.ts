// The case catalogue's shape: each case quotes the sentence it checks (the seed's own words where the
// source is the seed), sets up a small position on the test board, gives the orders as players write
// them, and states the outcome.
import type { PositionInput } from '../helpers.ts';

export type Source = 'seed' | 'seed example' | 'reference' | 'issue' | 'house rule';

export type Expectation =
  /** Where a hero stands after the turn. */
  | { hero: string; at: string }
  /** Where a minion or token stands after the turn. */
  | { piece: string; at: string }
  /** The spaces a hero's movement (of that kind) moved, from its movement-ended event. */
  | { hero: string; spaces: number; by?: 'movement-action' | 'card-text' }
  /** Why a hero's movement stopped short or was refused (the refusal's code). */
  | { hero: string; stop: string }
  /** An order error (parse or adjudication) whose message contains this text. */
  | { error: string }
  | { noErrors: true }
  /** An event of this type whose fields include these values (count: exactly that many). */
  | { event: string; where?: Record<string, unknown>; count?: number }
  | { noEvent: string; where?: Record<string, unknown> }
  /** The spaces a hero could reach now with this many steps. */
  | { reachable: string; budget: number; includes?: string[]; excludes?: string[] }
  /** A recorded draw of the seeded generator with this purpose. */
  | { roll: string; sides: number }
  /** The heroes in the order their cards resolved. */
  | { resolved: string[] }
  /** The receipt of a player's order: accepted or rejected, its words containing this text. */
  | { receipt: 'accepted' | 'rejected'; hero: string; says?: string };

export interface Case {
  id: string;
  source: Source;
  /** The sentence checked, quoted. */
  rule: string;
  position: PositionInput;
  orders: string;
  expect: Expectation[];
}
