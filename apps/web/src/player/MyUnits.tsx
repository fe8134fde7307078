// "My units": the player's units with their order status this turn (no orders yet, stored, or as the
// editor's text would be checked), each one a button to plan its path on the map; for the unit being
// planned, its path so far and the spaces it can reach next as buttons (the keyboard's way to order by
// the map); the order template from the report and the ruleset's orders guide.
import type { OrderCheck, StandingOrders } from '../types.ts';
import { capital, type Words } from '../words.ts';
import type { MapOrders } from './useMapOrders.ts';

function statusOf(unit: string, standing: StandingOrders | null, check: OrderCheck | null): { text: string; kind: string } {
  const checked = check?.orders.filter((o) => o.unit === unit) ?? [];
  const rejected = checked.find((o) => o.status === 'rejected');
  if (rejected) return { text: `rejected in the editor: ${rejected.reason ?? 'see the check'}`, kind: 'rejected' };
  if (checked.length > 0) return { text: 'accepted in the editor (not sent yet)', kind: 'accepted' };
  const stored = standing?.standingOrders.find((s) => s.unit === unit);
  if (stored && stored.orders.length > 0) return { text: `orders stored, accepted (${stored.orders.length})`, kind: 'accepted' };
  return { text: 'no orders yet', kind: 'none' };
}

export function MyUnits(props: {
  words: Words;
  rulesetId: string;
  open: boolean;
  mapOrders: MapOrders;
  standing: StandingOrders | null;
  check: OrderCheck | null;
  onTemplate(lines: string[]): void;
}) {
  const { words, mapOrders: m } = props;
  const u = m.units.value;
  const step = m.step;
  return (
    <section class="card" aria-labelledby="units-heading">
      <h2 id="units-heading">My {words.units}</h2>
      {m.units.error && <p class="error">{m.units.error}</p>}
      {u !== null && u.units.length === 0 && <p>You have no {words.units} to order.</p>}
      {u !== null && u.units.length > 0 && (
        <ul class="units">
          {u.units.map((x) => {
            const st = statusOf(x.unit, props.standing, props.check);
            return (
              <li key={x.unit} class={st.kind}>
                <strong>{x.unit}</strong> on {x.space}: <span class="unit-status">{st.text}</span>
                {props.open && u.byMap && (
                  <button type="button" class="secondary" aria-pressed={step?.unit === x.unit} onClick={() => (step?.unit === x.unit ? m.stop() : m.choose(x.unit))}>
                    {step?.unit === x.unit ? 'Stop planning' : `Plan ${x.unit}'s path on the map`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {step !== null && (
        <div class="planning" aria-live="polite">
          <p>
            {capital(words.unit)} <strong>{step.unit}</strong>: {step.path.map((p) => p.space).join(' → ')}
            {step.line !== null ? (
              <>
                {' '}· written: <code>{step.line}</code>
              </>
            ) : (
              step.problem && <span class="hint"> · {step.problem}</span>
            )}
          </p>
          {step.next.length === 0 ? (
            <p class="hint">No further space can be reached.</p>
          ) : (
            <div class="next-steps" role="group" aria-label={`Next space for ${step.unit}`}>
              {step.next.map((n) => (
                <button type="button" class="secondary" key={n.space} onClick={() => m.stepTo(n.space)}>
                  {n.space}
                  {n.cost !== null && ` (${n.cost})`}
                </button>
              ))}
            </div>
          )}
          {step.path.length > 1 && (
            <button type="button" class="secondary" onClick={m.undo}>
              Undo the last step
            </button>
          )}
        </div>
      )}
      {m.error && <p class="error" role="alert">{m.error}</p>}
      <p>
        {props.open && u !== null && u.template.length > 0 && (
          <button type="button" class="secondary" onClick={() => props.onTemplate(u.template)}>
            Put the order template in the editor
          </button>
        )}{' '}
        <a href={`/v1/rulesets/${encodeURIComponent(props.rulesetId)}/orders-guide`} target="_blank" rel="noopener">
          How to write orders
        </a>
      </p>
    </section>
  );
}
