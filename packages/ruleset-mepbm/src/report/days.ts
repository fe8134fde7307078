// When in the turn something happened, in the report's words.
import { AFTER_MOVEMENT } from '../resolve/events.ts';

/** When in the turn: "Before movement" (pulse 0), "Day 5", "After movement" (the engine's pulse 15). */
export function when(pulse: number): string {
  if (pulse <= 0) return 'Before movement';
  if (pulse >= AFTER_MOVEMENT) return 'After movement';
  return `Day ${pulse}`;
}

/** The same, inside a sentence: "before movement", "day 5", "after movement". */
export function whenLower(pulse: number): string {
  return pulse > 0 && pulse < AFTER_MOVEMENT ? `day ${pulse}` : when(pulse).toLowerCase();
}
