// The player's page: the game's turn and deadline, the latest report with its map (earlier turns one
// click away), the order editor with the path drawn as they type, the receipt, the standing orders
// (cancel a unit's, mark them final), and how reports are mailed.
import { useState } from 'preact/hooks';
import { enc } from '../api.ts';
import { usePoll } from '../hooks.ts';
import type { PlayerSession } from '../session.ts';
import { MoveLog } from '../components/MoveLog.tsx';
import type { OrderCheck } from '../types.ts';
import { OrderEditor } from './OrderEditor.tsx';
import { MyUnits } from './MyUnits.tsx';
import { ReceiptView } from './ReceiptView.tsx';
import { PlayerHeader, signOut } from './PlayerHeader.tsx';
import { ReportCard } from './ReportCard.tsx';
import { ReportDeliveryCard } from './ReportDeliveryCard.tsx';
import { StandingOrdersCard } from './StandingOrdersCard.tsx';
import { useMapDraft } from './useMapDraft.ts';
import { usePlayerActions } from './usePlayerActions.ts';
import { doneTurns, usePlayerGame } from './usePlayerGame.ts';

export function PlayerHome(props: { who: PlayerSession }) {
  const { gameId, secret } = props.who;
  const g = `/v1/games/${enc(gameId)}`;
  const { status, turns, standing, refresh } = usePlayerGame(secret, g);
  const [shownTurn, setShownTurn] = useState<number | null>(null);
  const [check, setCheck] = useState<OrderCheck | null>(null);
  const { draft, setDraft, mapOrders } = useMapDraft(gameId, secret, status.value);
  // While the turn is adjudicated, look again every few seconds: the new report follows.
  usePoll(status.value?.turnStatus === 'adjudicating', 3000, refresh);
  const { receipt, setReceipt, actionError, submitted, send, setDelivery } = usePlayerActions(secret, g, status, refresh);

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
  const done = doneTurns(turns.value);
  const latest = done.length > 0 ? done[done.length - 1]! : null;
  const reportTurn = shownTurn ?? latest;
  const open = s.turnStatus === 'open' && s.status !== 'finished';
  const words = s.ruleset.words;
  const hint = `Point at or tap a ${words.unit} or a place on the map for its details.`;

  return (
    <>
      <PlayerHeader gameId={gameId} status={s} me={me} onRefresh={refresh} />
      <main class="player">
        <ReportCard who={props.who} status={s} done={done} reportTurn={reportTurn} onShowTurn={setShownTurn} check={check} hint={hint} mapOrders={mapOrders} />
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
          <StandingOrdersCard status={s} me={me} open={open} standing={standing.value} error={actionError} send={send} />
          <ReportDeliveryCard status={s} onDelivery={setDelivery} />
        </div>
      </main>
    </>
  );
}
