// The player's standing orders for the open turn, unit by unit: cancel a unit's, or mark them all final.
import type { GameStatus, StandingOrders } from '../types.ts';

export function StandingOrdersCard(props: {
  status: GameStatus;
  me: GameStatus['nations'][number] | undefined;
  open: boolean;
  standing: StandingOrders | null;
  error: string | null;
  send(body: { orders: string; final?: boolean }): void;
}) {
  const { status: s, me, open, send } = props;
  const standingUnits = props.standing?.standingOrders ?? [];
  return (
    <section class="card" aria-labelledby="standing-heading">
      <h2 id="standing-heading">Standing orders for turn {s.turn}</h2>
      {props.error && <p class="error" role="alert">{props.error}</p>}
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
  );
}
