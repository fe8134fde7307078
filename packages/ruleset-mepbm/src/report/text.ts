// The plain-text turn report: every line at most 78 columns, no control characters.
import { clean } from '@arbiter/reports';
import type { NationView } from '../types.ts';
import { type ReportContext, checkContext, deadlineInZone, deadlineUtc } from './context.ts';
import type { ForceSection, ForeignUnitRow } from './forces.ts';
import { type ReportModel, type StepRow, type UnitSection, buildModel } from './model.ts';

export const TEXT_WIDTH = 78;

export { clean };

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Word-wraps `s` to `width` columns: the first line starts with `first`, the others with `rest`.
 * A word longer than a line is cut. Counts code points, so a non-ASCII letter is one column.
 */
export function wrap(s: string, width: number, first = '', rest = first): string[] {
  const words = clean(s).split(' ').filter((w) => w !== '');
  // Most lines fit as they are: without surrogates a code unit is a code point, so the length decides
  // (issue 30: the report's many short lines spent most of their time spreading words into code points).
  const joined = words.join(' ');
  const units = !SURROGATE.test(joined) && !SURROGATE.test(first);
  if (units && first.length + joined.length <= width) return [(first + joined).trimEnd()];
  // Longer lines too: words are spread into code points only when some text has surrogates.
  return units && !SURROGATE.test(rest) ? wrapWords(words, width, first, rest, (w) => w) : wrapWords(words, width, first, rest, (w) => [...w]);
}

/** wrap's lines, each word as its characters (`chars`: the string itself when a code unit is a code point). */
function wrapWords<C extends string | string[]>(words: string[], width: number, first: string, rest: string, chars: (w: string) => C): string[] {
  const text = (c: C): string => (typeof c === 'string' ? c : c.join(''));
  const lines: string[] = [];
  let line = first;
  let lineLen = chars(first).length;
  let empty = true;
  const push = (): void => {
    lines.push(line.trimEnd());
    line = rest;
    lineLen = chars(rest).length;
    empty = true;
  };
  for (const word of words) {
    let left = chars(word);
    if (!empty && lineLen + 1 + left.length > width) push();
    while (lineLen + (empty ? 0 : 1) + left.length > width) {
      // Only a word too long for a whole line gets here: cut it.
      const room = width - lineLen - (empty ? 0 : 1);
      if (room <= 0) {
        push();
        continue;
      }
      line += (empty ? '' : ' ') + text(left.slice(0, room) as C);
      left = left.slice(room) as C;
      push();
    }
    if (left.length > 0) {
      line += (empty ? '' : ' ') + text(left);
      lineLen += (empty ? 0 : 1) + left.length;
      empty = false;
    }
  }
  if (!empty || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

function heading(title: string): string[] {
  return ['', title, '-'.repeat([...title].length)];
}

const STEP_HEADER = '  Day From   Dir To     Terrain       Crossing               MP Left';

const CROSSING_COLUMN = 38;
const CROSSING_WIDTH = 21;

/** One step as a table row; a crossing list too long for its cell goes on under its column. */
function stepLines(r: StepRow): string[] {
  const crossing = wrap(r.crossing === '' ? '-' : r.crossing, CROSSING_WIDTH);
  const row = [
    '  ',
    r.day.padStart(3),
    ' ',
    r.from.padEnd(6),
    ' ',
    r.dir.padEnd(3),
    ' ',
    r.to.padEnd(6),
    ' ',
    r.terrain.padEnd(13),
    ' ',
    (crossing[0] ?? '').padEnd(22),
    String(r.cost).padStart(3),
    String(r.mpLeft).padStart(5),
  ].join('');
  return [row, ...crossing.slice(1).map((c) => ' '.repeat(CROSSING_COLUMN) + c)];
}

function unitLines(s: UnitSection): string[] {
  const u = s.unit;
  const where = s.from === s.to ? `at ${s.from}` : `${s.from} -> ${s.to}`;
  const out = [...wrap(`${s.kindWord} ${u.id}: ${where}, ${s.summary}`, TEXT_WIDTH, '', '    ')];
  if (s.rows.length > 0) {
    out.push(STEP_HEADER);
    for (const r of s.rows) out.push(...stepLines(r));
  }
  if (s.stop !== null) out.push(...wrap(s.stop, TEXT_WIDTH, '  ', '    '));
  if (s.morale !== null) out.push(`  ${s.morale}`);
  if (s.food !== null) out.push(`  ${s.food}`);
  if (s.destroyed) out.push('  DESTROYED this turn.');
  return out;
}

const LABEL_WIDTH = 11;

/** A force: its heading, then each line as "  Label:     value", long values wrapped under the value. */
function forceLines(f: ForceSection): string[] {
  const out = [...wrap(f.heading, TEXT_WIDTH, '', '    ')];
  const indent = ' '.repeat(LABEL_WIDTH + 4);
  for (const l of f.lines) out.push(...wrap(l.value, TEXT_WIDTH, `  ${`${l.label}:`.padEnd(LABEL_WIDTH + 2)}`, indent));
  return out;
}

function forcesLines(m: ReportModel): string[] {
  const f = m.forces;
  if (!f.recorded) return wrap("This turn's view does not record your forces (it was stored before reports showed them).", TEXT_WIDTH);
  const out: string[] = [];
  const sections = [...f.armies, ...f.navies];
  if (sections.length === 0 && f.characters.length === 0) return ['You have no armies, navies or characters.'];
  sections.forEach((s, i) => {
    if (i > 0) out.push('');
    out.push(...forceLines(s));
  });
  if (f.characters.length > 0) {
    if (out.length > 0) out.push('');
    out.push('Characters');
    for (const c of f.characters) out.push(...wrap(c.text, TEXT_WIDTH, '  ', '    '));
  }
  return out;
}

function foreignLine(r: ForeignUnitRow): string[] {
  const head = `${r.kind === 'army' ? 'Army' : 'Navy'} ${r.unit} of ${r.nation} (${r.size}): last seen ${r.lastWhen} at ${r.lastHex}${r.detail === '' ? '' : `; ${r.detail}`}`;
  const out = wrap(head, TEXT_WIDTH, '  ', '    ');
  if (r.earlier !== '') out.push(...wrap(`earlier at ${r.earlier}`, TEXT_WIDTH, '    ', '      '));
  return out;
}

/** The nation's turn report as plain text (mail body), at most 78 columns wide. */
export function renderTextReport(view: NationView, ctx: ReportContext): string {
  checkContext(view, ctx);
  return textFromModel(buildModel(view, ctx), view, ctx);
}

/** The text report from an already built model (composeReportMail builds one for both reports). */
export function textFromModel(m: ReportModel, view: NationView, ctx: ReportContext): string {
  const rule = '='.repeat(TEXT_WIDTH);
  const out: string[] = [
    rule,
    ...wrap(`Arbiter turn report: ${ctx.gameName} (game ${ctx.gameId}), turn ${ctx.turn}`, TEXT_WIDTH, '', '  '),
    ...wrap(`Nation: ${ctx.nationName} (${view.nation})`, TEXT_WIDTH, '', '  '),
  ];
  const local = deadlineInZone(ctx);
  if (local === null) {
    out.push(...wrap(`Orders for turn ${m.nextTurn}: no deadline is set yet; the GM will announce it.`, TEXT_WIDTH, '', '  '));
  } else {
    out.push(...wrap(`Orders for turn ${m.nextTurn} are due ${local}`, TEXT_WIDTH, '', '  '));
    out.push(`  = ${deadlineUtc(ctx) ?? ''}`);
  }
  out.push(rule);

  out.push(...heading('MOVEMENT'));
  if (m.units.length === 0) out.push('You have no units.');
  m.units.forEach((s, i) => {
    if (i > 0) out.push('');
    out.push(...unitLines(s));
  });

  out.push(...heading('YOUR FORCES AFTER THE TURN'));
  out.push(...forcesLines(m));

  out.push(...heading('FOREIGN ARMIES AND NAVIES SEEN'));
  if (m.foreign.length === 0) out.push('No foreign armies or navies were seen.');
  for (const r of m.foreign) out.push(...foreignLine(r));
  if (m.sightings.length > 0) {
    out.push('', 'What your units saw, day by day:');
    for (const s of m.sightings) out.push(...wrap(s, TEXT_WIDTH, '  ', '    '));
  }

  out.push(...heading('POPULATION CENTRES'));
  if (m.populationCentres.length === 0) out.push('No population centres are known this turn.');
  for (const p of m.populationCentres) out.push(...wrap(p.text, TEXT_WIDTH, '  ', '    '));

  out.push(...heading('EVENTS'));
  if (m.events.length === 0) out.push('Nothing else happened that concerns you.');
  for (const e of m.events) out.push(...wrap(e, TEXT_WIDTH, '  ', '    '));

  out.push(...heading(`ORDERS FOR TURN ${m.nextTurn}`));
  out.push(
    ...wrap(
      'Complete the lines below (one order per line; # starts a comment) and send them back before the deadline.',
      TEXT_WIDTH,
    ),
  );
  out.push('');
  out.push(...wrap(`# ${ctx.gameName}, turn ${m.nextTurn}, ${ctx.nationName}`, TEXT_WIDTH, '', '# '));
  if (m.orderTemplate.length === 0) out.push('# (no units to order)');
  // An order must stay on one line, so template lines are never wrapped (the one exception to 78 columns,
  // reached only by unit ids of 60 characters or more).
  for (const line of m.orderTemplate) out.push(clean(line).trimEnd());
  out.push('');
  return out.join('\n');
}
