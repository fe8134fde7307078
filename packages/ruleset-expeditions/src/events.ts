// What happens in a turn, in the order it happens: the ruleset's event union (`type` as its tag).
import type { CorruptionColour } from './types.ts';

export type ExEvent =
  /** The mech went from `from` to `to` through `path` (the start first). */
  | { type: 'moved'; mech: string; from: string; to: string; path: string[] }
  /** A written path crossed a face-down location before its end: the move ended there. */
  | { type: 'move-ended-early'; mech: string; at: string; planned: string }
  /** The Move could not be carried out as written: the mech stays (an order error says why). */
  | { type: 'move-refused'; mech: string; at: string; to: string; reason: string }
  /** No valid destination from where the mech stands: no move, the action is forfeited. */
  | { type: 'move-forfeited'; mech: string; at: string }
  | { type: 'map-gained'; mech: string; location: string; maps: number }
  | { type: 'flipped'; location: string; corruptionLevel: number }
  /** A corruption token drawn from the bag onto the location; `total` is the sum stacked there now. */
  | { type: 'corruption-drawn'; location: string; value: number; colour: CorruptionColour; total: number; bagLeft: number }
  /** Location 20: the 20-value corruption kept aside is placed instead of drawing. */
  | { type: 'corruption-placed'; location: string; value: number; colour: CorruptionColour }
  /** The bag ran out before the sum reached the level: the location stays as it is. */
  | { type: 'bag-empty'; location: string; total: number; corruptionLevel: number }
  | { type: 'played'; mech: string; detail: string | null }
  | { type: 'gathered'; mech: string; detail: string | null };
