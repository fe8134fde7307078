// The GM desk's audit log of a game: who did what, when, in words.
import { localTime } from '../components/Countdown.tsx';
import type { Loaded } from '../hooks.ts';

export interface Audit {
  entries: { id: string; at: string; actor: string; action: string; detail: unknown; words: string }[];
}

/** Who an audit entry's actor is, in words. */
function actorWords(actor: string): string {
  return actor === 'gm' ? 'the game master' : actor.startsWith('nation:') ? actor.slice(7) : 'the turn runner';
}

export function AuditLog(props: { audit: Loaded<Audit> }) {
  const { audit } = props;
  return (
    <section class="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      {audit.error && <p class="error">{audit.error}</p>}
      <ul class="plain audit">
        {audit.value?.entries.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at}>{localTime(e.at)}</time>: {e.words} <span class="hint">({actorWords(e.actor)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
