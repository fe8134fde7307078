// A deadline in the reader's own time zone, with the time left, updated every second.
import { useEffect, useState } from 'preact/hooks';

export function timeLeft(ms: number): string {
  if (ms <= 0) return 'passed';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d > 0 ? [`${d} d`, `${h} h`, `${m} min`] : h > 0 ? [`${h} h`, `${m} min`] : [`${m} min`, `${s % 60} s`];
  return `${parts.join(' ')} left`;
}

export function localTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
}

export function Countdown(props: { deadline: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const ms = new Date(props.deadline).getTime() - now;
  return (
    <span class="deadline">
      <time dateTime={props.deadline}>{localTime(props.deadline)}</time> <span class={ms < 3_600_000 ? 'soon' : ''}>({timeLeft(ms)})</span>
    </span>
  );
}
