// Orders by the map (docs/web.md): pick a unit, then the spaces of its path; the server's ruleset writes
// the order line and says where the unit can go next (GET/POST /v1/games/:id/orders/map). The client
// only draws the points it is given and passes the line to the editor.
import { useMemo, useRef, useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import type { MapPicks } from '../components/map-overlay.ts';
import { errorText, useLoad, type Loaded } from '../hooks.ts';
import type { MapStep, MapUnits, OrderCheck } from '../types.ts';

export interface MapOrders {
  units: Loaded<MapUnits>;
  step: MapStep | null;
  error: string | null;
  choose(unit: string): void;
  stepTo(space: string): void;
  undo(): void;
  stop(): void;
  /** What the map draws to pick from, for the map `map` (null: that map is not the one planned on). */
  picksFor(map: { turn: number; opening: boolean }): MapPicks | null;
}

const placed = <T extends { x: number | null; y: number | null }>(xs: readonly T[]) => xs.filter((p): p is T & { x: number; y: number } => p.x !== null && p.y !== null);

export interface MapWriter {
  /** The editor's text now, and the line the map last wrote for a unit (which the next one replaces). */
  text(): string;
  previous(unit: string): string | undefined;
  /** The server's new text with the unit's line in it, already checked. */
  written(unit: string, line: string, text: string, check: OrderCheck): void;
}

export function useMapOrders(props: { gameId: string; secret: string; turn: number; unitWord: string; writer: MapWriter }): MapOrders {
  const g = `/v1/games/${enc(props.gameId)}`;
  const units = useLoad(() => json<MapUnits>(props.secret, `${g}/orders/map`), [g, props.turn]);
  const [step, setStep] = useState<MapStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  const writer = useRef(props.writer);
  writer.current = props.writer;

  const ask = async (unit: string, path: string[]) => {
    const mine = ++asked.current;
    setError(null);
    try {
      // The editor's text goes along: the answer has it with the new line in it, checked (one request).
      const previous = writer.current.previous(unit);
      const s = await json<MapStep>(props.secret, `${g}/orders/map`, { body: { unit, path, text: writer.current.text(), ...(previous === undefined ? {} : { previous }) } });
      if (mine !== asked.current) return;
      setStep(s);
      if (s.line !== null && s.text !== undefined && s.check !== undefined) writer.current.written(unit, s.line, s.text, s.check);
    } catch (e) {
      if (mine === asked.current) setError(errorText(e));
    }
  };
  const pathOf = (s: MapStep | null) => (s === null ? [] : s.path.slice(1).map((p) => p.space));

  const choose = (unit: string) => void ask(unit, []);
  const stepTo = (space: string) => step !== null && void ask(step.unit, [...pathOf(step), space]);
  const undo = () => step !== null && void ask(step.unit, pathOf(step).slice(0, -1));
  const stop = () => {
    asked.current++;
    setStep(null);
  };

  const picksFor = useMemo(
    () =>
      (map: { turn: number; opening: boolean }): MapPicks | null => {
        const u = units.value;
        if (u === null || u.map === null || u.map.turn !== map.turn || u.map.opening !== map.opening) return null;
        return {
          units: placed(u.units).map((x) => ({ unit: x.unit, x: x.x, y: x.y, selected: x.unit === step?.unit })),
          next: step === null ? [] : placed(step.next).map((n) => ({ space: n.space, x: n.x, y: n.y, cost: n.cost })),
          unitWord: props.unitWord,
          onUnit: choose,
          onSpace: stepTo,
        };
      },
    [units.value, step, props.unitWord],
  );
  return { units, step, error, choose, stepTo, undo, stop, picksFor };
}
