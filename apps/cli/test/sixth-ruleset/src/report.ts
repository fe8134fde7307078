// One crew's report from its view: the text and the HTML say the same things, the SVG map shows the
// board as the crew sees it (unseen squares dark), its runners and the rivals in sight, the paths walked
// and the lantern. Deterministic: the same view and context give the same bytes.
import { assertNever, formatOrderError, type ReportContext, type ReportFrame, type TurnResult } from '@arbiter/engine';
import { checkDeadline, deadlineInZone, deadlineUtc, escapeXml } from '@arbiter/reports';
import { cell, squaresOf } from './board.ts';
import type { LrEvent, LrState, LrView, RunnerResult } from './types.ts';

const TITLE = 'Lantern Run';

/** The lines a report opens with: the game, the reader, the next deadline (a context of another turn is a caller's bug). */
export function heading(view: LrView, ctx: ReportContext): string[] {
  if (ctx.turn !== view.turn) throw new Error(`report context: turn ${ctx.turn} is not the view's turn ${view.turn} (crew ${view.crew.id})`);
  checkDeadline(ctx.nextDeadline, ctx.timeZone);
  const due = deadlineInZone(ctx.nextDeadline, ctx.timeZone);
  return [
    `${ctx.gameName} (game ${ctx.gameId}): turn ${ctx.turn}, the report for ${ctx.playerName}.`,
    due === null ? `No deadline is set for turn ${view.nextTurn} yet.` : `Orders for turn ${view.nextTurn} are due ${due}, that is ${deadlineUtc(ctx.nextDeadline)}.`,
  ];
}

export function eventWords(e: LrEvent): string {
  switch (e.type) {
    case 'moved':
      return `${e.runner} (${e.crew}) ran ${e.path.join(' to ')}.`;
    case 'stumbled':
      return `${e.runner} (${e.crew}) stumbled on ${e.at} (rolled ${e.roll}) and took one step only.`;
    case 'blocked':
      return `${e.runner} (${e.crew}) could not step ${e.direction} from ${e.at}.`;
    case 'held':
      return `${e.runner} (${e.crew}) held on ${e.at} and looked out.`;
    case 'reached-lantern':
      return `${e.runner} (${e.crew}) reached the lantern on ${e.at}.`;
    case 'won':
      return e.contenders.length > 1
        ? `${e.runner} of crew ${e.crew} lifted the lantern first (drawn among ${e.contenders.join(', ')}): crew ${e.crew} wins the race.`
        : `${e.runner} of crew ${e.crew} lifted the lantern: crew ${e.crew} wins the race.`;
    default:
      return assertNever(e);
  }
}

/**
 * The board in characters: `L` the lantern, a runner's first letter (upper case for the reader's), a digit
 * where several runners stand, `.` seen, `#` out of sight.
 */
function boardLines(view: LrView): string[] {
  const seen = new Set(view.seen);
  const lines: string[] = [];
  const header = Array.from({ length: view.board.columns }, (_, i) => String.fromCharCode(65 + i)).join(' ');
  lines.push(`     ${header}`);
  for (let row = 1; row <= view.board.rows; row++) {
    const cells = squaresOf(view.board)
      .filter((sq) => cell(sq).row === row)
      .map((sq) => {
        const here = view.runners.filter((x) => x.at === sq);
        if (here.length > 1) return String(Math.min(here.length, 9));
        const r = here[0];
        if (r !== undefined) return r.crew === view.crew.id ? r.id[0]!.toUpperCase() : r.id[0]!.toLowerCase();
        if (sq === view.lantern) return 'L';
        return seen.has(sq) ? '.' : '#';
      });
    lines.push(`  ${String(row).padStart(2)} ${cells.join(' ')}`);
  }
  return lines;
}

interface Sections {
  runners: string[];
  events: string[];
  errors: string[];
  status: string;
}

function sections(view: LrView): Sections {
  return {
    runners: view.runners.map((r) => `${r.id} (${r.crew === view.crew.id ? 'yours' : `crew ${r.crew}`}) on ${r.at}`),
    events: view.events.length === 0 ? ['Nothing your crew saw happened.'] : view.events.map(eventWords),
    errors: view.errors.map(formatOrderError),
    status: view.winner === null ? `The lantern is on ${view.lantern}; no crew has lifted it yet.` : `The race is over: ${view.winner.runner} of crew ${view.winner.crew} lifted the lantern on turn ${view.winner.turn}.`,
  };
}

export function renderText(view: LrView, frame: ReportFrame): string {
  const s = sections(view);
  const out = [`${TITLE} - turn ${view.turn} report for ${view.crew.name} (crew ${view.crew.id})`, ...frame.heading, s.status, '', 'Runners'];
  out.push(...s.runners.map((l) => `  ${l}`), '', 'This turn', ...s.events.map((l) => `  ${l}`));
  if (s.errors.length > 0) out.push('', 'Mistakes in your orders', ...s.errors.map((l) => `  ${l}`));
  out.push('', 'The board (L the lantern, your runners in capitals, a digit where several stand, # out of sight)', ...boardLines(view));
  out.push('', 'Orders: <runner>, move, <direction>, ...  or  <runner>, hold');
  return `${out.join('\n')}\n`;
}

export function renderHtml(view: LrView, frame: ReportFrame & { svg: string }): string {
  const s = sections(view);
  const p = (x: string) => `<p>${escapeXml(x)}</p>`;
  const list = (tag: 'ul' | 'ol', xs: readonly string[]) => `<${tag}>\n${xs.map((x) => `<li>${escapeXml(x)}</li>`).join('\n')}\n</${tag}>`;
  const parts = [
    `<h1>${escapeXml(`${TITLE} - turn ${view.turn} report for ${view.crew.name} (crew ${view.crew.id})`)}</h1>`,
    ...frame.heading.map(p),
    p(s.status),
    '<h2>Runners</h2>',
    list('ul', s.runners),
    '<h2>This turn</h2>',
    list('ol', s.events),
    ...(s.errors.length > 0 ? ['<h2>Mistakes in your orders</h2>', list('ul', s.errors)] : []),
    '<h2>The map</h2>',
    frame.svg.trimEnd(),
  ];
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeXml(`${TITLE} turn ${view.turn}: ${view.crew.name}`)}</title></head>\n<body>\n${parts.join('\n')}\n</body>\n</html>\n`;
}

const SIDE = 40;
const MARGIN = 16;
const TOP = 28;
const f = (n: number) => String(Math.round(n * 10) / 10);

/** The centre of a square on the map (SVG user units). */
function centre(square: string): { x: number; y: number } {
  const c = cell(square);
  return { x: MARGIN + (c.col - 0.5) * SIDE, y: TOP + (c.row - 0.5) * SIDE };
}

export function mapPoints(view: LrView, spaces: readonly string[]): ({ x: number; y: number } | null)[] {
  const board = new Set(squaresOf(view.board));
  return spaces.map((s) => (board.has(s) ? centre(s) : null));
}

export function renderSvg(view: LrView, ctx: ReportContext): string {
  const w = MARGIN * 2 + view.board.columns * SIDE;
  const h = TOP + MARGIN + view.board.rows * SIDE;
  const seen = new Set(view.seen);
  const title = ctx.mapTitle ?? `${TITLE}, turn ${view.turn}: the board as ${view.crew.name} sees it`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="DejaVu Sans, sans-serif" font-size="10">`,
    `<title>${escapeXml(title)}</title>`,
    `<text x="${MARGIN}" y="18" font-size="12" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (const sq of squaresOf(view.board)) {
    const c = cell(sq);
    const x = MARGIN + (c.col - 1) * SIDE;
    const y = TOP + (c.row - 1) * SIDE;
    out.push(`<rect x="${x}" y="${y}" width="${SIDE}" height="${SIDE}" fill="${seen.has(sq) ? '#f4efe1' : '#5b5b66'}" stroke="#999" data-space="${sq}"/>`);
    out.push(`<text x="${x + 3}" y="${y + 10}" font-size="7" fill="${seen.has(sq) ? '#777' : '#bbb'}">${sq}</text>`);
  }
  for (const [a, b] of view.board.walls) {
    const ca = cell(a);
    const cb = cell(b);
    const p = centre(a);
    const q = centre(b);
    const mx = (p.x + q.x) / 2;
    const my = (p.y + q.y) / 2;
    const vertical = ca.row === cb.row;
    const [x1, y1, x2, y2] = vertical ? [mx, my - SIDE / 2, mx, my + SIDE / 2] : [mx - SIDE / 2, my, mx + SIDE / 2, my];
    out.push(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="#222" stroke-width="4" data-wall="${a}-${b}"/>`);
  }
  const lantern = centre(view.lantern);
  out.push(`<circle cx="${f(lantern.x)}" cy="${f(lantern.y)}" r="12" fill="#ffd23f" stroke="#a67c00" stroke-width="2" data-lantern="${view.lantern}"/>`);
  out.push(`<text x="${f(lantern.x)}" y="${f(lantern.y + 4)}" text-anchor="middle" font-weight="bold">L</text>`);
  for (const [runner, path] of Object.entries(view.paths).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const pts = path.map(centre).map((p) => `${f(p.x)},${f(p.y)}`).join(' ');
    out.push(`<polyline points="${pts}" fill="none" stroke="#3366aa" stroke-width="2" stroke-dasharray="4 3" data-path="${runner}"/>`);
  }
  const onSquare = new Map<string, number>();
  for (const r of view.runners) {
    const p = centre(r.at);
    const nth = onSquare.get(r.at) ?? 0;
    onSquare.set(r.at, nth + 1);
    const x = p.x - 10 + (nth % 2) * 18;
    const y = p.y + 8 - Math.floor(nth / 2) * 14;
    const mine = r.crew === view.crew.id;
    out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="7" fill="${mine ? '#1f5fbf' : '#c23b22'}" stroke="#fff" data-runner="${r.id}"/>`);
    out.push(`<text x="${f(x)}" y="${f(y + 3)}" text-anchor="middle" fill="#fff" font-size="9">${escapeXml(r.id[0]!.toUpperCase())}</text>`);
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** The whole board as the game master sees it: every square in sight, every runner. */
export function boardView(state: LrState): LrView {
  return {
    ruleset: state.ruleset,
    turn: state.turn,
    nextTurn: state.turn,
    crew: { id: '', name: 'the game master' },
    board: { columns: state.board.columns, rows: state.board.rows, walls: state.board.walls.map(([a, b]) => [a, b]) },
    lantern: state.lantern,
    seen: squaresOf(state.board),
    runners: state.runners.map((r) => ({ ...r })),
    paths: {},
    events: [],
    errors: [],
    winner: state.winner === null ? null : { ...state.winner },
  };
}

export function summary(result: TurnResult<LrState, LrEvent, LrView, RunnerResult>): string {
  const lines = [`turn ${result.turn}: ${result.units.length} runners, ${result.events.length} events, ${result.rolls.length} random draws`];
  for (const u of result.units) lines.push(`  ${u.runner} (${u.crew}) ${u.order}: ${u.from} -> ${u.to}${u.stumbled ? ', stumbled' : ''}`);
  const won = result.events.find((e) => e.type === 'won');
  if (won !== undefined) lines.push(`  ${eventWords(won)}`);
  if (result.errors.length > 0) lines.push('errors:', ...result.errors.map((e) => `  ${formatOrderError(e)}`));
  lines.push(`hash ${result.hash}`);
  return `${lines.join('\n')}\n`;
}
