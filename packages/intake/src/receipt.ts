// The receipt: the answer to every submission (REST body, and the text of the mail receipt).
import type { OrderError, RulesetLabel } from '@arbiter/engine';
import { formatDeadline } from './schedule.ts';

export interface ReceiptOrder {
  /** Line of the order in the submitted text (1-based). */
  line: number;
  unit: string;
  /** Canonical order syntax. */
  text: string;
  /** The order in words. */
  words: string;
  status: 'accepted' | 'rejected';
  reason?: string;
  warnings: string[];
  /** For moves: the path as if no other unit were on the map (where it would stop and why, MP used). */
  preview?: string;
  /** The same path as space ids, start first (where the ruleset gives it). */
  previewPath?: string[];
}

export interface ReceiptCancel {
  line: number;
  unit: string;
  status: 'accepted' | 'rejected';
  reason?: string;
}

/** What this submission did to each unit it named. */
export interface ReceiptUnitOutcome {
  unit: string;
  /**
   * replaced: its standing orders are now this submission's accepted orders; cancelled: it now has none;
   * kept: every order for it was rejected, its earlier standing orders stand; superseded: a submission
   * received later had already set its orders, which stand.
   */
  outcome: 'replaced' | 'cancelled' | 'kept' | 'superseded';
  note: string;
}

export interface StandingUnitOrders {
  unit: string;
  orders: { text: string; words: string }[];
  submissionId: string;
  receivedAt: string;
}

export interface Receipt {
  gameId: string;
  gameName: string;
  /**
   * The game's ruleset: its id, title and words. The receipt text speaks of its units in those words (a hero,
   * a unit), and so can every client, mail and web alike.
   */
  ruleset: RulesetLabel;
  nationId: string;
  nationName: string;
  turn: number;
  /** ISO 8601 (UTC). */
  deadline: string;
  /** The deadline in the game's time zone, in words. */
  deadlineText: string;
  timeZone: string;
  submissionId: string;
  /** Server receive time, ISO 8601. */
  receivedAt: string;
  source: 'rest' | 'email';
  orders: ReceiptOrder[];
  cancels: ReceiptCancel[];
  /** Lines that could not be read, each with line and column. */
  errors: OrderError[];
  units: ReceiptUnitOutcome[];
  /** The nation's whole standing order set after the merge, by unit. */
  standingOrders: StandingUnitOrders[];
  /** The nation declared its orders final for this turn (it may still change them before the deadline). */
  final: boolean;
  /** Games played as each move arrives: this submission is move `seq` of the turn, adjudicated now. */
  move?: { seq: number };
  summary: ReceiptSummary;
}

/** How many orders and cancels were accepted and rejected, and how many lines could not be read. */
export interface ReceiptSummary {
  accepted: number;
  rejected: number;
  unreadable: number;
}

/** The counts of a planned submission: a receipt's, and the dry-run check's (the same plan, nothing stored). */
export function receiptSummary(plan: { orders: readonly { status: 'accepted' | 'rejected' }[]; cancels: readonly { status: 'accepted' | 'rejected' }[]; errors: readonly unknown[] }): ReceiptSummary {
  const accepted = plan.orders.filter((o) => o.status === 'accepted').length;
  const cancelsAccepted = plan.cancels.filter((c) => c.status === 'accepted').length;
  return {
    accepted: accepted + cancelsAccepted,
    rejected: plan.orders.length - accepted + plan.cancels.length - cancelsAccepted,
    unreadable: plan.errors.length,
  };
}

// The JSON of each receipt, made once: the intake stores it and the API answers with the same string.
const receiptJsons = new WeakMap<Receipt, string>();

/** The receipt as JSON (the stored and the REST form); computed once per receipt object, which is never changed. */
export function receiptJson(r: Receipt): string {
  let json = receiptJsons.get(r);
  if (json === undefined) {
    json = JSON.stringify(r);
    receiptJsons.set(r, json);
  }
  return json;
}

/** The receipt as plain text (REST `Accept: text/plain` and the mail receipt body). */
export function renderReceiptText(r: Receipt): string {
  const { unit, units } = r.ruleset.words;
  const out: string[] = [];
  out.push(`Arbiter receipt: ${r.gameName} (game ${r.gameId}), turn ${r.turn}, ${r.nationName} (${r.nationId})`);
  out.push(`Received ${r.receivedAt} by ${r.source === 'rest' ? 'REST' : 'email'}; submission ${r.submissionId}`);
  out.push(`Deadline: ${formatDeadline(new Date(r.deadline), r.timeZone)}`);
  out.push(
    `${r.summary.accepted} order(s) accepted, ${r.summary.rejected} rejected, ${r.summary.unreadable} line(s) could not be read.` +
      (r.final ? ' Your orders are marked final.' : ''),
  );
  if (r.errors.length > 0) {
    out.push('', 'Lines that could not be read:');
    for (const e of r.errors) out.push(`  line ${e.line}, col ${e.column}: ${e.message}`);
  }
  if (r.orders.length > 0 || r.cancels.length > 0) {
    out.push('', 'Your orders:');
    const items = [
      ...r.orders.map((o) => ({ line: o.line, render: () => renderOrder(o) })),
      ...r.cancels.map((c) => ({
        line: c.line,
        render: () => [
          `  line ${c.line}: ${c.unit}, cancel — ${c.status === 'accepted' ? 'ACCEPTED' : 'REJECTED'}` + (c.reason ? `: ${c.reason}` : ''),
        ],
      })),
    ].sort((a, b) => a.line - b.line);
    for (const i of items) out.push(...i.render());
  }
  if (r.units.length > 0) {
    out.push('', 'What this submission did:');
    for (const u of r.units) out.push(`  ${u.unit}: ${u.note}`);
  }
  if (r.move !== undefined) {
    out.push('', `This is move ${r.move.seq} of turn ${r.turn}: it is adjudicated now, and its report follows by mail.`);
    return out.join('\n') + '\n';
  }
  out.push('', `Standing orders for turn ${r.turn} (what will be carried out unless you change it):`);
  if (r.standingOrders.length === 0) out.push('  (none)');
  for (const s of r.standingOrders) {
    for (const o of s.orders) {
      out.push(`  ${o.text}`);
      out.push(`      ${o.words}`);
    }
  }
  out.push(
    '',
    `A later submission replaces all orders of each ${unit} it names; ${units} it does not name keep their orders.`,
    `To cancel a ${unit}'s orders send "<${unit}>, cancel".`,
  );
  return out.join('\n') + '\n';
}

function renderOrder(o: ReceiptOrder): string[] {
  const lines = [`  line ${o.line}: ${o.text} — ${o.status === 'accepted' ? 'ACCEPTED' : 'REJECTED'}` + (o.reason ? `: ${o.reason}` : '')];
  lines.push(`      ${o.words}`);
  if (o.preview) lines.push(`      if unopposed: ${o.preview}`);
  for (const w of o.warnings) lines.push(`      warning: ${w}`);
  return lines;
}
