// The GM desk's mail of a game: what could not be delivered, and what came in.
import { localTime } from '../components/Countdown.tsx';
import type { Loaded } from '../hooks.ts';
import type { GameStatus } from '../types.ts';

export interface Inbound {
  mail: { messageId: string; receivedAt: string; from: string; status: string; reason: string | null }[];
}

export function UndeliveredMail(props: { status: GameStatus }) {
  const s = props.status;
  return (
    <section class="card" aria-labelledby="undelivered-heading">
      <h2 id="undelivered-heading">Undelivered mail</h2>
      {(s.undeliveredMail ?? []).length === 0 ? (
        <p>None.</p>
      ) : (
        <ul class="plain">
          {s.undeliveredMail!.map((m) => (
            <li key={m.id}>
              {localTime(m.createdAt)} {m.kind} to {m.to.join(', ')}: “{m.subject}”, {m.attempts} attempts{m.lastError ? `, ${m.lastError}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function InboundMail(props: { mail: Loaded<Inbound> }) {
  const { mail } = props;
  return (
    <section class="card" aria-labelledby="inbound-heading">
      <h2 id="inbound-heading">Inbound mail</h2>
      {mail.error && <p class="error">{mail.error}</p>}
      {mail.value && mail.value.mail.length === 0 && <p>None yet.</p>}
      <ul class="plain">
        {mail.value?.mail.map((m) => (
          <li key={m.messageId}>
            {localTime(m.receivedAt)} from {m.from}: {m.status}
            {m.reason ? ` (${m.reason})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
