// The schedule part of the new-game form: every so many days or weekly on weekdays, the deadline's time
// and its time zone.
import type { ScheduleForm } from './useSchedule.ts';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export function ScheduleFields(props: { form: ScheduleForm }) {
  const { kind, setKind, every, setEvery, weekdays, setWeekdays, time, setTime, timeZone, setTimeZone } = props.form;
  return (
    <fieldset>
      <legend>Schedule</legend>
      <label class="inline">
        <input type="radio" name="kind" checked={kind === 'every'} onChange={() => setKind('every')} /> Every
        <input type="number" min={1} max={365} value={every} onInput={(e) => setEvery(Number(e.currentTarget.value))} aria-label="days between deadlines" class="short" /> days
      </label>
      <label class="inline">
        <input type="radio" name="kind" checked={kind === 'weekly'} onChange={() => setKind('weekly')} /> Weekly on
      </label>
      <div class="row" role="group" aria-label="Weekdays">
        {WEEKDAYS.map((d) => (
          <label class="inline" key={d}>
            <input
              type="checkbox"
              checked={weekdays.includes(d)}
              disabled={kind !== 'weekly'}
              onChange={(e) => setWeekdays(e.currentTarget.checked ? [...weekdays, d] : weekdays.filter((x) => x !== d))}
            />
            {d}
          </label>
        ))}
      </div>
      <label>
        Deadline time
        <input type="time" value={time} onInput={(e) => setTime(e.currentTarget.value)} required />
      </label>
      <label>
        Time zone of the schedule
        <input value={timeZone} onInput={(e) => setTimeZone(e.currentTarget.value)} required />
      </label>
    </fieldset>
  );
}
