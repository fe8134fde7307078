// What happened to each figure that acted (the contract's `TurnResult.units`).
import type { DsEvent } from './events.ts';
import type { DsState } from './types.ts';

export interface FigureResult {
  figure: string;
  player: string;
  from: string | null;
  to: string | null;
  /** The squares passed, the start first. */
  path: string[];
  mp: number;
  spent: number;
  attacks: string[];
  woundsTaken: number;
  /** The refusal that ended the activation early, or null. */
  stop: string | null;
}

export function pathsOf(events: readonly DsEvent[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const e of events) {
    if (e.type === 'activation-started' && e.square !== null) paths[e.figure] = [e.square];
    if (e.type === 'moved' || e.type === 'jumped' || e.type === 'climbed-out' || e.type === 'took-stairs' || e.type === 'moved-back') (paths[e.figure] ??= []).push(e.to);
    if (e.type === 'came-from-town') (paths[e.figure] ??= []).push(e.to);
  }
  return paths;
}

export function figureResults(before: DsState, after: DsState, events: readonly DsEvent[]): FigureResult[] {
  const paths = pathsOf(events);
  return events.flatMap((e) => {
    if (e.type !== 'activation-ended') return [];
    const now = after.figures.find((f) => f.id === e.figure)!;
    const was = before.figures.find((f) => f.id === e.figure);
    const refused = events.find((x) => x.type === 'refused' && x.figure === e.figure);
    const started = events.find((x) => x.type === 'activation-started' && x.figure === e.figure);
    return [
      {
        figure: e.figure,
        player: now.player,
        from: started?.type === 'activation-started' ? started.square : (was?.square ?? null),
        to: now.square,
        path: paths[e.figure] ?? [],
        mp: e.mp,
        spent: e.spent,
        attacks: events.flatMap((x) => (x.type === 'attack-declared' && x.figure === e.figure ? [x.target] : [])),
        woundsTaken: now.wounds - (was?.wounds ?? 0),
        stop: refused?.type === 'refused' ? refused.message : null,
      },
    ];
  });
}
