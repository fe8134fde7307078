import { scheduleSlots } from '../src/index.ts';
import type { NextSlot, TurnServiceConfig } from '../src/index.ts';

/** The fixtures' schedule. */
export const daily1800: NextSlot = scheduleSlots({ kind: 'every', days: 1, time: '18:00' }, 'Europe/London');

/** Fixture games are scheduled { kind: 'every', days: 1, time: '18:00' } in Europe/London (intake's nextDeadline). */
export function config(overrides: Partial<TurnServiceConfig> = {}): TurnServiceConfig {
  return { mailFrom: 'Arbiter <arbiter@arbiter.example>', ...overrides };
}

export const minutesAgo = (m: number): Date => new Date(Date.now() - m * 60_000);
