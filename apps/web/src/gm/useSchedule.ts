// The schedule of a new game as the GM sets it: every so many days, or weekly on some weekdays; at a
// time of day in a time zone (the browser's, unless changed).
import { useState } from 'preact/hooks';

export interface ScheduleForm {
  kind: 'every' | 'weekly';
  setKind(kind: 'every' | 'weekly'): void;
  every: number;
  setEvery(days: number): void;
  weekdays: string[];
  setWeekdays(days: string[]): void;
  time: string;
  setTime(time: string): void;
  timeZone: string;
  setTimeZone(zone: string): void;
}

export function useSchedule(): ScheduleForm {
  const [kind, setKind] = useState<'every' | 'weekly'>('every');
  const [every, setEvery] = useState(7);
  const [weekdays, setWeekdays] = useState<string[]>(['mon', 'thu']);
  const [time, setTime] = useState('18:00');
  const [timeZone, setTimeZone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return { kind, setKind, every, setEvery, weekdays, setWeekdays, time, setTime, timeZone, setTimeZone };
}

/** The schedule as the API takes it when creating a game. */
export function scheduleOf(f: ScheduleForm) {
  const { kind, every, weekdays, time } = f;
  return kind === 'every' ? { kind, days: every, time } : { kind, days: weekdays, time };
}
