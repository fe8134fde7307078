// The open turn's preview on the GM desk (nothing stored): how many units have orders, the events, the
// result's hash, the mistakes, and what one player's units would do, on the map and in words.
import { MapView } from '../components/MapView.tsx';
import type { GameStatus } from '../types.ts';

export interface Preview {
  turn: number;
  report?: { nationId: string; text: string; svg: string | null };
  hash: string;
  unitsWithOrders: number;
  inputErrors: { nation: string; unit: string; message: string }[];
  orderErrors: { line: number; column: number; message: string }[];
  events: unknown[];
}

export function TurnPreview(props: { status: GameStatus; preview: Preview; onNation(nationId: string): void }) {
  const { status: s, preview } = props;
  return (
    <div class="preview-box">
      <h3>Preview (nothing stored)</h3>
      <p>
        {preview.unitsWithOrders} {s.ruleset.words.units} with orders, {preview.events.length} events, result hash <code>{preview.hash.slice(0, 16)}…</code>
      </p>
      {[...preview.inputErrors.map((e) => `${e.nation} ${e.unit}: ${e.message}`), ...preview.orderErrors.map((e) => `line ${e.line}:${e.column} ${e.message}`)].map((t) => (
        <p class="warning" key={t}>{t}</p>
      ))}
      <label>
        What each {s.ruleset.words.unit} of this {s.ruleset.words.player} would do
        <select value={preview.report?.nationId ?? ''} onChange={(e) => props.onNation(e.currentTarget.value)}>
          {s.nations.map((n) => (
            <option key={n.nationId} value={n.nationId}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
      {preview.report?.svg && <MapView svg={preview.report.svg} label={`Preview of turn ${preview.turn} for ${preview.report.nationId}`} />}
      {preview.report && <pre class="preview-text">{preview.report.text}</pre>}
    </div>
  );
}
