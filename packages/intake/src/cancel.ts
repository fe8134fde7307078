// `<unit>, cancel` lines: the intake's own syntax, the same for every ruleset (docs/orders-mepbm.md).
import type { OrderError } from '@arbiter/engine';
import type { AnyRuleset } from '@arbiter/rulesets';

export interface CancelLine {
  line: number;
  column: number;
  unit: string;
}

/**
 * `<unit>, cancel` lines: taken out of the text (blanked, so line numbers stay) before the ruleset's
 * parser sees it. Only a line whose second entry is the word `cancel` is one. The unit's name is read by
 * the ruleset (`readUnit`).
 */
export function extractCancels(text: string, readUnit: AnyRuleset['orders']['readUnit']): { text: string; cancels: CancelLine[]; errors: OrderError[] } {
  const cancels: CancelLine[] = [];
  const errors: OrderError[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const body = (i === 0 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw).replace(/[#;].*$/, '');
    const parts = body.split(',');
    if (parts.length < 2 || (parts[1] as string).trim().toLowerCase() !== 'cancel') return;
    const column = body.length - body.trimStart().length + 1;
    const extra = parts.slice(2).filter((p) => p.trim() !== '');
    const read = readUnit(parts[0] as string);
    const unit = read.ok ? read.unit : null;
    if (!read.ok || unit === null) {
      errors.push({ line: i + 1, column, message: read.ok ? 'the unit name is missing' : read.message });
    } else if (extra.length > 0) {
      errors.push({ line: i + 1, column, unit, message: `"cancel" takes nothing after it; write "${unit}, cancel"` });
    } else {
      cancels.push({ line: i + 1, column, unit });
    }
    lines[i] = '';
  });
  return { text: lines.join('\n'), cancels, errors };
}

