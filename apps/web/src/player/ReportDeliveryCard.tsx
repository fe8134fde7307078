// How the player's turn reports are mailed: in full, as text only, or not at all.
import type { GameStatus, ReportDelivery } from '../types.ts';

export function ReportDeliveryCard(props: { status: GameStatus; onDelivery(delivery: ReportDelivery): void }) {
  return (
    <section class="card" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Report by mail</h2>
      <label>
        How your turn reports are mailed
        <select value={props.status.you?.reportDelivery ?? 'full'} onChange={(e) => props.onDelivery(e.currentTarget.value as ReportDelivery)}>
          <option value="full">Full: text, HTML and the map</option>
          <option value="text">Text only</option>
          <option value="none">None (read them here)</option>
        </select>
      </label>
    </section>
  );
}
