// The player's page: the game's turn and deadline, the latest report with its map (earlier turns one
// click away), the order editor with the path drawn as they type, the receipt, the standing orders
// (cancel a unit's, mark them final), and how reports are mailed.
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { enc, json, text } from '../api.ts';
import { Countdown } from '../components/Countdown.tsx';
import { MapView } from '../components/MapView.tsx';
import { errorText, useLoad, usePoll } from '../hooks.ts';
import { navigate } from '../router.ts';
import { session, type PlayerSession } from '../session.ts';
import { MoveLog } from '../components/MoveLog.tsx';
import type { GameStatus, OrderCheck, Receipt, ReportDelivery, StandingOrders, TurnList } from '../types.ts';
import { OrderEditor, type Draft } from './OrderEditor.tsx';
import { MyUnits } from './MyUnits.tsx';
import { useMapOrders, type MapOrders } from './useMapOrders.ts';
import { ReceiptView } from './ReceiptView.tsx';

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

export function PlayerHome(props: { who: PlayerSession }) {
  const { gameId, secret } = props.who;
  const g = `/v1/games/${enc(gameId)}`;
  const status = useLoad(() => json<GameStatus>(secret, g), [g]);
  const turns = useLoad(() => json<TurnList>(secret, `${g}/turns`), [g]);
  const standing = useLoad(() => json<StandingOrders>(secret, `${g}/orders`), [g]);
  const [shownTurn, setShownTurn] = useState<number | null>(null);
  const [check, setCheck] = useState<OrderCheck | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({ text: '', fromMap: false });
  // The line the map last wrote for each unit, so that the next step replaces it.
  const mapLines = useRef<Record<string, string>>({});
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const mapOrders = useMapOrders({
    gameId,
    secret,
    turn: status.value?.turn ?? 0,
    unitWord: status.value?.ruleset.words.unit ?? 'unit',
    writer: {
      text: () => draftRef.current.text,
      previous: (unit) => mapLines.current[unit],
      written: (unit, line, text, check) => {
        mapLines.current[unit] = line;
        setDraft({ text, fromMap: true, check });
      },
    },
  });

  const signOut = () => {
    session.signOutPlayer();
    navigate(session.player() === null ? '' : 'play');
  };
  const games = session.players();
  const switchTo = (gameId: string) => {
    const to = games.find((p) => p.gameId === gameId);
    if (to === undefined) return;
    session.setPlayer(to);
    navigate('play');
  };
  const refresh = useCallback(() => {
    status.reload();
    turns.reload();
    standing.reload();
  }, [status.reload, turns.reload, standing.reload]);
  // While the turn is adjudicated, look again every few seconds: the new report follows.
  usePoll(status.value?.turnStatus === 'adjudicating', 3000, refresh);
  const submitted = (r: Receipt) => {
    setReceipt(r);
    refresh();
  };
  const send = async (body: { orders: string; final?: boolean }) => {
    setActionError(null);
    try {
      submitted(await json<Receipt>(secret, `${g}/orders`, { body }));
    } catch (e) {
      setActionError(errorText(e));
    }
  };
  const setDelivery = async (reportDelivery: ReportDelivery) => {
    setActionError(null);
    try {
      await json(secret, `${g}/nations/${enc(status.value!.you!.nationId)}/report-delivery`, { method: 'PUT', body: { reportDelivery } });
      status.reload();
    } catch (e) {
      setActionError(errorText(e));
    }
  };

  if (status.error) {
    return (
      <main class="narrow">
        <p class="error" role="alert">{status.error}</p>
        <button type="button" onClick={signOut}>Sign out</button>
      </main>
    );
  }
  const s = status.value;
  if (s === null) return <main class="narrow"><p>Loading your game…</p></main>;
  const me = s.nations.find((n) => n.nationId === s.you?.nationId);
  const done = (turns.value?.turns ?? []).filter((t) => t.status === 'done').map((t) => t.turn);
  const latest = done.length > 0 ? done[done.length - 1]! : null;
  const reportTurn = shownTurn ?? latest;
  const open = s.turnStatus === 'open' && s.status !== 'finished';
  const standingUnits = standing.value?.standingOrders ?? [];
  const words = s.ruleset.words;
  const hint = `Point at or tap a ${words.unit} or a place on the map for its details.`;

  return (
    <>
      <header class="top">
        <div>
          <h1>{s.name}</h1>
          <p>
            {me?.name ?? s.you?.nationId} · turn {s.turn} ({s.status === 'active' ? s.turnStatus : s.status})
            {me?.final && ' · your orders are final'}
          </p>
        </div>
        <div class="top-right">
          <p>
            Deadline: <Countdown deadline={s.deadline} />
          </p>
          {games.length > 1 && (
            <label class="inline">
              Your games
              <select value={gameId} onChange={(e) => switchTo(e.currentTarget.value)}>
                {games.map((p) => (
                  <option key={p.gameId} value={p.gameId}>
                    {p.gameId === gameId ? s.name : (p.name ?? p.gameId)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <a href="#/play/add">Sign in to another game</a>{' '}
          <button type="button" class="secondary" onClick={refresh}>Refresh</button> <button type="button" class="secondary" onClick={signOut}>Sign out</button>
        </div>
      </header>
      <main class="player">
        <section class="card map-card" aria-labelledby="report-heading">
          <h2 id="report-heading">{reportTurn === null ? 'Starting position' : `Report of turn ${reportTurn}`}</h2>
          {done.length > 1 && (
            <nav aria-label="Earlier turns" class="turns">
              {done.map((t) => (
                <button type="button" class="secondary" key={t} aria-pressed={t === reportTurn} onClick={() => setShownTurn(t)}>
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
        <div class="side">
          {receipt && receipt.turn === s.turn && <ReceiptView receipt={receipt} onClose={() => setReceipt(null)} />}
          <MyUnits
            words={words}
            rulesetId={s.ruleset.id}
            open={open}
            mapOrders={mapOrders}
            standing={standing.value}
            check={check}
            onTemplate={(lines) => setDraft((d) => ({ text: [d.text.trimEnd(), ...lines].filter((l) => l !== '').join('\n'), fromMap: true }))}
          />
          <MoveLog token={secret} gameId={gameId} you={s.you?.nationId ?? ""} />
          <OrderEditor gameId={gameId} secret={secret} open={open} words={s.ruleset.words} draft={draft} onDraft={setDraft} onCheck={setCheck} onSubmitted={submitted} />
          <section class="card" aria-labelledby="standing-heading">
            <h2 id="standing-heading">Standing orders for turn {s.turn}</h2>
            {actionError && <p class="error" role="alert">{actionError}</p>}
            {standingUnits.length === 0 ? (
              <p>None yet.</p>
            ) : (
              <ul class="standing">
                {standingUnits.map((u) => (
                  <li key={u.unit}>
                    <strong>{u.unit}</strong>
                    <ul>
                      {u.orders.map((o) => (
                        <li key={o.text}>
                          <code>{o.text}</code> — {o.words}
                        </li>
                      ))}
                    </ul>
                    {open && (
                      <button type="button" class="secondary" onClick={() => send({ orders: `${u.unit}, cancel` })}>
                        Cancel {u.unit}'s orders
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {open && standingUnits.length > 0 && !me?.final && (
              <button type="button" onClick={() => send({ orders: standingUnits.flatMap((u) => u.orders.map((o) => o.text)).join('\n'), final: true })}>
                Mark these orders final
              </button>
            )}
          </section>
          <section class="card" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading">Report by mail</h2>
            <label>
              How your turn reports are mailed
              <select value={s.you?.reportDelivery ?? 'full'} onChange={(e) => setDelivery(e.currentTarget.value as ReportDelivery)}>
                <option value="full">Full: text, HTML and the map</option>
                <option value="text">Text only</option>
                <option value="none">None (read them here)</option>
              </select>
            </label>
          </section>
        </div>
      </main>
    </>
  );
}
