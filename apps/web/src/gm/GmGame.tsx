// One game on the GM desk: nations and who has sent orders, bounced and undelivered mail, inbound mail,
// the open turn's preview, run now, move the deadline, pause, resume, release a held turn, replace a
// player's address or secret, and the audit log.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { useLoad, usePoll } from '../hooks.ts';
import { GmMoves } from './GmMoves.tsx';
import type { GameStatus } from '../types.ts';
import { GmHeader } from './GmGames.tsx';
import { GmMaps } from './GmMaps.tsx';
import { AuditLog, type Audit } from './AuditLog.tsx';
import { InboundMail, UndeliveredMail, type Inbound } from './GmMail.tsx';
import { NationsCard } from './NationsCard.tsx';
import { TurnCard } from './TurnCard.tsx';
import { useGmActions } from './useGmActions.ts';

/** The game's status, inbound mail and audit log, reloaded together; the status looked at again while the turn runs. */
function useGmGameLoads(token: string, g: string) {
  const status = useLoad(() => json<GameStatus>(token, g), [g]);
  const mail = useLoad(() => json<Inbound>(token, `${g}/mail?limit=20`), [g]);
  const audit = useLoad(() => json<Audit>(token, `${g}/audit?limit=30`), [g]);
  const reload = () => {
    status.reload();
    mail.reload();
    audit.reload();
  };
  usePoll(status.value?.turnStatus === 'adjudicating', 2000, status.reload);
  return { status, mail, audit, reload };
}

export function GmGame(props: { token: string; gameId: string }) {
  const { token, gameId } = props;
  const g = `/v1/games/${enc(gameId)}`;
  const { status, mail, audit, reload } = useGmGameLoads(token, g);
  const actions = useGmActions(token, g, status, reload);
  const [deadline, setDeadline] = useState('');
  const [reminder, setReminder] = useState('');
  const { message } = actions;

  const s = status.value;
  return (
    <>
      <GmHeader title={s ? s.name : 'Game'} />
      <main class="wide">
        {status.error && <p class="error" role="alert">{status.error}</p>}
        {message && <p class="notice" role="status">{message}</p>}
        {s && (
          <>
            <TurnCard status={s} g={g} actions={actions} input={{ deadline, setDeadline, reminder, setReminder }} onRefresh={reload} />
            <GmMoves token={token} gameId={gameId} onChanged={reload} />
            <NationsCard token={token} gameId={gameId} status={s} onChanged={reload} onMessage={actions.setMessage} />
            <GmMaps token={token} status={s} />
            <UndeliveredMail status={s} />
          </>
        )}
        <InboundMail mail={mail} />
        <AuditLog audit={audit} />
      </main>
    </>
  );
}
