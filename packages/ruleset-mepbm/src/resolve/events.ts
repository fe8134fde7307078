// The turn's event union (what happened, in the order it happened, with who may see it) and the
// result's shape; `emit` (emit.ts) appends an event to the resolution's log.
import type { StopReason } from '../paths.ts';
import type { TurnOutcome as KernelTurnOutcome, TurnResult as KernelTurnResult } from '@arbiter/engine';
import type { GameState } from '../state.ts';
import type { Direction, HexId, MoveStep, NationId, NationView, OrderError, UnitId, UnitResult } from '../types.ts';

/** The last day of a turn. */
export const PULSES = 14;

/** Pulse number of events that happen after all movement (870 joins). */
export const AFTER_MOVEMENT = 15;

export interface EventBase {
  /** 0 = before movement, 1..14 = days, 15 = after movement. */
  pulse: number;
  message: string;
  /** The nations that may see this event (fog of war). */
  nations: NationId[];
}

export type Ev<T extends string, D> = EventBase & { type: T } & D;

export type TurnEvent =
  | Ev<'order-rejected', { unit: UnitId; line: number; column: number }>
  | Ev<'morale', { unit: UnitId; before: number; after: number }>
  | Ev<'character-moved', { unit: UnitId; from: HexId; to: HexId; order: 810 | 825; spell?: number; left?: UnitId }>
  | Ev<'boarded', { unit: UnitId; hex: HexId; navies: UnitId[]; transportsNeeded: number; transports: number }>
  | Ev<'disembarked', { unit: UnitId; hex: HexId; navy: UnitId }>
  | Ev<'standing', { unit: UnitId; hex: HexId; sides: Direction[] }>
  | Ev<'step', { unit: UnitId; from: HexId; to: HexId; dir: MoveStep; cost: number; mpLeft: number }>
  | Ev<'stop', { unit: UnitId; hex: HexId; reason: StopReason }>
  | Ev<'departure-order', { hex: HexId; units: UnitId[] }>
  | Ev<'block-order', { hex: HexId; unit: UnitId; blockers: UnitId[] }>
  | Ev<
      'interception',
      {
        hex: HexId;
        unit: UnitId;
        by: UnitId;
        outcome: 'overrun' | 'forced-past' | 'stopped' | 'evaded';
        strength: number;
        blockerStrength: number;
        defendedSide: boolean;
      }
    >
  | Ev<'population-centre', { hex: HexId; unit: UnitId; owner: NationId; outcome: 'stopped' | 'evaded' }>
  | Ev<'evasion', { hex: HexId; unit: UnitId; chance: number; roll: number; success: boolean }>
  | Ev<'destroyed', { unit: UnitId; hex: HexId; cause: 'overrun' | 'lost-at-sea'; by?: UnitId }>
  | Ev<'character-killed', { unit: UnitId; hex: HexId; with: UnitId }>
  | Ev<'storm', { unit: UnitId; hex: HexId }>
  | Ev<'joined', { unit: UnitId; army: UnitId; hex: HexId }>
  | Ev<'join-failed', { unit: UnitId; army: UnitId; hex: HexId }>;

/** A turn sealed (the kernel's `sealTurn` of a `TurnOutcome`): every nation's view and the hash. */
export type TurnResult = KernelTurnResult<GameState, TurnEvent, NationView, UnitResult>;

/** A turn as `adjudicate` gives it, unsealed: each nation's view built when asked. */
export type TurnOutcome = KernelTurnOutcome<GameState, TurnEvent, NationView, UnitResult>;

export interface AdjudicateOptions {
  /** Errors found while parsing the order text (parseOrders), included in the result and its hash. */
  orderErrors?: readonly OrderError[];
}
