// The player's report card: the latest report's map (or the starting position before the first one)
// with the planned paths and the picks for orders by the map, earlier turns one click away, and the
// report in words.
import { useMemo } from 'preact/hooks';
import { enc, text } from '../api.ts';
import { MapView } from '../components/MapView.tsx';
import { useLoad } from '../hooks.ts';
import type { PlayerSession } from '../session.ts';
import type { GameStatus, OrderCheck } from '../types.ts';
import type { MapOrders } from './useMapOrders.ts';

/** A map with the check's paths drawn on it where they are for this map (the same turn, opening or not). */
function PlanningMap(props: { who: PlayerSession; path: string; turn: number; opening: boolean; label: string; check: OrderCheck | null; hint: string; mapOrders: MapOrders }) {
  const svg = useLoad(() => text(props.who.secret, props.path, { accept: 'image/svg+xml' }), [props.path]);
  const m = props.check?.map;
  const paths = useMemo(() => (m && m.turn === props.turn && m.opening === props.opening ? m.paths : []), [m, props.turn, props.opening]);
  const picks = useMemo(() => props.mapOrders.picksFor({ turn: props.turn, opening: props.opening }), [props.mapOrders.picksFor, props.turn, props.opening]);
  if (svg.error) return <p class="error">{svg.error}</p>;
  return svg.value ? <MapView svg={svg.value} paths={paths} picks={picks} label={props.label} hint={props.hint} /> : <p>Loading the map…</p>;
}

function Report(props: { who: PlayerSession; turn: number; check: OrderCheck | null; hint: string; mapOrders: MapOrders }) {
  const base = `/v1/games/${enc(props.who.gameId)}/turns/${props.turn}/report`;
  const words = useLoad(() => text(props.who.secret, base, { accept: 'text/plain' }), [base]);
  return (
    <>
      <PlanningMap who={props.who} path={base} turn={props.turn} opening={false} label={`Map of turn ${props.turn}`} check={props.check} hint={props.hint} mapOrders={props.mapOrders} />
      <details class="report-text">
        <summary>The report of turn {props.turn} in words</summary>
        {words.error ? <p class="error">{words.error}</p> : <pre>{words.value ?? 'Loading…'}</pre>}
      </details>
    </>
  );
}

export function ReportCard(props: {
  who: PlayerSession;
  status: GameStatus;
  /** The turns done, whose reports there are, in order. */
  done: number[];
  reportTurn: number | null;
  onShowTurn(turn: number): void;
  check: OrderCheck | null;
  hint: string;
  mapOrders: MapOrders;
}) {
  const { status: s, done, reportTurn, check, hint, mapOrders } = props;
  const g = `/v1/games/${enc(props.who.gameId)}`;
  return (
    <section class="card map-card" aria-labelledby="report-heading">
      <h2 id="report-heading">{reportTurn === null ? 'Starting position' : `Report of turn ${reportTurn}`}</h2>
      {done.length > 1 && (
        <nav aria-label="Earlier turns" class="turns">
          {done.map((t) => (
            <button type="button" class="secondary" key={t} aria-pressed={t === reportTurn} onClick={() => props.onShowTurn(t)}>
              Turn {t}
            </button>
          ))}
        </nav>
      )}
      {reportTurn === null ? (
        <>
          <p>No report yet: your first report comes when turn {s.turn} has been adjudicated. This is your starting position, as your welcome mail shows it; you can send orders now.</p>
          <PlanningMap who={props.who} path={`${g}/opening-map`} turn={s.turn} opening={true} label={`Your starting position, turn ${s.turn}`} check={check} hint={hint} mapOrders={mapOrders} />
        </>
      ) : (
        <Report who={props.who} turn={reportTurn} check={check} hint={hint} mapOrders={mapOrders} />
      )}
      {check?.map && reportTurn !== null && !check.map.opening && check.map.turn !== reportTurn && <p class="hint">The paths are drawn on the latest report's map (turn {check.map.turn}).</p>}
    </section>
  );
}
