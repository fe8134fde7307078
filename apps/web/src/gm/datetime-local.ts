// Between a datetime-local input's value (the reader's local time) and the ISO instant the API takes.

/** A datetime-local value (the reader's local time) as the ISO instant the API takes. */
export function isoOfLocal(value: string): string {
  return new Date(value).toISOString();
}
export function localInputOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
