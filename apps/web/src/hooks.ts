// Loading an API answer into a component: its value, its error in the server's words, and a reload.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';

export interface Loaded<T> {
  value: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const issues = e.problem.issues?.map((i) => `${i.path}: ${i.message}`) ?? [];
    return issues.length > 0 && !e.message.includes(issues[0] ?? '') ? `${e.message} (${issues.join('; ')})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}

export function useLoad<T>(load: (() => Promise<T>) | null, deps: unknown[]): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  useEffect(() => {
    if (load === null) return;
    const mine = ++generation.current;
    setLoading(true);
    load().then(
      (v) => {
        if (mine !== generation.current) return;
        setValue(v);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== generation.current) return;
        setError(errorText(e));
        setLoading(false);
      },
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { value, error, loading, reload };
}

/** Calls `tick` every `ms` while `active` (a turn being adjudicated: its result is seconds away). */
export function usePoll(active: boolean, ms: number, tick: () => void): void {
  useEffect(() => {
    if (!active) return;
    const t = setInterval(tick, ms);
    return () => clearInterval(t);
  }, [active, ms, tick]);
}
