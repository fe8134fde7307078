// Planning one submission, before it touches the database (pure): cancel lines, the ruleset's parse and
// check, the receipt's order list, and per unit named what its standing orders become.
import type { OrderError } from '@arbiter/engine';
import type { AnyRuleset } from '@arbiter/rulesets';
import { extractCancels } from './cancel.ts';
import { refusal, type Refused } from './outcome.ts';
import type { ReceiptCancel, ReceiptOrder } from './receipt.ts';

/** The plan for one submission, before it touches the database. */
export interface Plan {
  orders: ReceiptOrder[];
  cancels: ReceiptCancel[];
  errors: OrderError[];
  /** Per unit named: the new standing orders (canonical lines; empty = cancelled), or null = keep. */
  units: Map<string, string[] | null>;
  notes: Map<string, string>;
}

export function planSubmission(ruleset: AnyRuleset, state: unknown, nationId: string, rawText: string): Plan {
  const ro = ruleset.orders;
  const w = ruleset.words;
  const extracted = extractCancels(rawText, ro.readUnit);
  const parsed = ro.parse(extracted.text);
  const checks = ro.check(state, nationId, parsed.orders);
  const errors = [...extracted.errors, ...parsed.errors].sort((a, b) => a.line - b.line || a.column - b.column);
  const orders: ReceiptOrder[] = [...checks].sort((a, b) => ro.lineOf(a.order) - ro.lineOf(b.order)).map((c) => {
    const o: ReceiptOrder = {
      line: ro.lineOf(c.order),
      unit: ro.unitOf(c.order),
      text: ro.print(c.order),
      words: ro.describe(c.order),
      status: c.status,
      warnings: [...c.warnings],
    };
    if (c.reason !== undefined) o.reason = c.reason;
    if (c.preview !== undefined) o.preview = c.preview;
    if (c.previewPath !== undefined) o.previewPath = c.previewPath;
    return o;
  });
  const accepted = new Map<string, unknown[]>();
  const named = new Set<string>();
  for (const c of checks) {
    const unit = ro.unitOf(c.order);
    named.add(unit);
    if (c.status === 'accepted') {
      const list = accepted.get(unit) ?? [];
      list.push(c.order);
      accepted.set(unit, list);
    }
  }
  const cancels: ReceiptCancel[] = extracted.cancels.map((c) => {
    // As the ruleset does: a foreign unit and a missing one get the same answer (no probing for names).
    if (ruleset.state.ownerOf(state, c.unit) !== nationId) {
      return { line: c.line, unit: c.unit, status: 'rejected', reason: `you have no ${w.unit} "${c.unit}"; a ${w.player} may only order its own ${w.units}` };
    }
    return { line: c.line, unit: c.unit, status: 'accepted' };
  });
  const units = new Map<string, string[] | null>();
  const notes = new Map<string, string>();
  for (const unit of named) {
    const list = accepted.get(unit);
    if (list !== undefined) {
      units.set(unit, [...list].sort((a, b) => ro.lineOf(a) - ro.lineOf(b)).map((o) => ro.print(o)));
      notes.set(unit, `its standing orders are now the ${list.length} accepted order(s) of this submission`);
    } else {
      units.set(unit, null);
      notes.set(unit, 'every order for it was rejected; its earlier standing orders (if any) still stand');
    }
  }
  for (const c of cancels) {
    if (c.status !== 'accepted') continue;
    if (accepted.has(c.unit)) {
      c.reason = `not needed: this submission also gives the ${w.unit} orders, which replace its standing orders`;
      continue;
    }
    units.set(c.unit, []);
    notes.set(c.unit, 'its standing orders are cancelled; it has none now');
  }
  return { orders, cancels, errors, units, notes };
}

/** Whether the plan accepts nothing: no order and no cancel line. */
export function acceptsNothing(plan: Plan): boolean {
  return !plan.orders.some((o) => o.status === 'accepted') && !plan.cancels.some((c) => c.status === 'accepted');
}

/** The refusal of a submission of which nothing could be accepted, every problem listed by place. */
export function nothingAccepted(plan: Plan): Refused {
  const issues = [
    ...plan.errors.map((e) => ({ line: e.line, path: `line ${e.line}, col ${e.column}`, message: e.message })),
    ...plan.orders.filter((o) => o.status === 'rejected').map((o) => ({ line: o.line, path: `line ${o.line}`, message: `${o.text}: ${o.reason ?? 'rejected'}` })),
    ...plan.cancels.filter((c) => c.status === 'rejected').map((c) => ({ line: c.line, path: `line ${c.line}`, message: `${c.unit}, cancel: ${c.reason ?? 'rejected'}` })),
  ]
    .sort((a, b) => a.line - b.line)
    .map(({ path, message }) => ({ path, message }));
  if (issues.length === 0) return refusal('no-orders-accepted', 'The submission contains no orders. Nothing was stored.');
  return refusal(
    'no-orders-accepted',
    `None of the orders could be accepted, so nothing was stored: ${issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join('; ')}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''}.`,
    issues,
  );
}
