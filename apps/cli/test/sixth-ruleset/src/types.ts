// The Lantern Run state (stored as JSON): the board, the lantern's square, the crews in seat order, their
// runners, the winner once the race is won, and the seeded generator.
import type { RngState, SquareDirection } from '@arbiter/engine';

export const RULESET_ID = 'lantern-run';

/** A wall between two orthogonally adjacent squares: no runner steps through it. */
export type Wall = [string, string];

export interface Board {
  columns: number;
  rows: number;
  walls: Wall[];
}

export interface Settings {
  /** Steps a runner may take in one turn. */
  speed: number;
  /** How far (steps, walls ignored) a crew sees around each of its runners; a holding runner sees one further. */
  sight: number;
  /** A moving runner stumbles (stops after its first step) when its d6 shows this or less; 0: never. */
  stumbleOn: number;
}

export interface Runner {
  id: string;
  crew: string;
  at: string;
}

export interface Winner {
  crew: string;
  runner: string;
  turn: number;
}

export interface LrState {
  ruleset: typeof RULESET_ID;
  turn: number;
  settings: Settings;
  board: Board;
  lantern: string;
  /** The crews in seat order (the contract's players). */
  players: { id: string; name: string }[];
  runners: Runner[];
  winner: Winner | null;
  rng: RngState;
}

export type LrOrder =
  | { kind: 'move'; runner: string; steps: SquareDirection[]; line: number; column: number }
  | { kind: 'hold'; runner: string; line: number; column: number };

export type LrEvent =
  | { type: 'moved'; runner: string; crew: string; path: string[] }
  | { type: 'stumbled'; runner: string; crew: string; at: string; roll: number }
  | { type: 'blocked'; runner: string; crew: string; at: string; direction: SquareDirection }
  | { type: 'held'; runner: string; crew: string; at: string }
  | { type: 'reached-lantern'; runner: string; crew: string; at: string }
  | { type: 'won'; runner: string; crew: string; contenders: string[] };

/** What happened to each runner this turn (stored with the result). */
export interface RunnerResult {
  runner: string;
  crew: string;
  order: 'move' | 'hold' | 'none';
  from: string;
  to: string;
  stumbled: boolean;
}

/** One crew's view: its own runners, what it sees of the board and the rivals, the turn's events it saw. */
export interface LrView {
  ruleset: typeof RULESET_ID;
  turn: number;
  nextTurn: number;
  crew: { id: string; name: string };
  board: Board;
  lantern: string;
  /** Squares the crew saw at the end of the turn, in board order. */
  seen: string[];
  /** The crew's own runners and every rival runner on a seen square. */
  runners: Runner[];
  /** Paths walked this turn by the runners the view shows. */
  paths: Record<string, string[]>;
  events: LrEvent[];
  errors: { line: number; column: number; message: string; unit?: string }[];
  winner: Winner | null;
}
