// The GM desk's forms for the open turn's settings: move its deadline, and set the reminders' hours.
import type { GameStatus } from '../types.ts';
import { isoOfLocal, localInputOf } from './datetime-local.ts';
import type { GmActions } from './useGmActions.ts';

/** What the GM has typed into the forms (kept by the game's page, so it outlives a hidden form). */
export interface TurnSettingsInput {
  deadline: string;
  setDeadline(v: string): void;
  reminder: string;
  setReminder(v: string): void;
}

type Props = { status: GameStatus; g: string; act: GmActions['act']; input: TurnSettingsInput };

export function DeadlineForm(props: Props) {
  const { status: s, g, act, input } = props;
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void act('Move the deadline', `${g}/turns/${s.turn}/deadline`, 'PUT', { deadline: isoOfLocal(input.deadline) });
      }}
    >
      <label>
        New deadline (your local time)
        <input type="datetime-local" value={input.deadline || localInputOf(s.deadline)} onInput={(e) => input.setDeadline(e.currentTarget.value)} required />
      </label>
      <button type="submit" class="secondary">Move the deadline</button>
    </form>
  );
}

/** `hours`: the reminders' hours now. */
export function ReminderForm(props: Props & { hours: number }) {
  const { status: s, g, act, input, hours } = props;
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        void act('Reminders', `${g}/reminder-hours`, 'PUT', { reminderHours: Number(input.reminder || hours) });
      }}
    >
      <label>
        Remind {s.ruleset.words.players} without orders this many hours before the deadline (0: no reminders)
        <input type="number" min={0} max={336} step={1} value={input.reminder || String(hours)} onInput={(e) => input.setReminder(e.currentTarget.value)} required />
      </label>
      <button type="submit" class="secondary">Set reminders</button>
    </form>
  );
}
