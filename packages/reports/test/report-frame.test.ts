import { describe, expect, it } from 'vitest';
import type { ReportContext } from '@arbiter/engine';
import { checkReportContext, htmlItems, htmlMistakes, htmlPage, htmlParagraphs, reportHeading, textReport } from '../src/index.ts';

const view = { turn: 3, nextTurn: 4, player: { id: 'ann' } };
const ctx: ReportContext = { gameName: 'Long Road', gameId: 'g-7', turn: 3, nextDeadline: new Date('2026-12-04T18:00:00Z'), timeZone: 'Europe/London', playerName: 'Ann' };

describe('the report frame every ruleset shares', () => {
  it('opens with the game, the reader and the next deadline in the game\'s zone and in UTC', () => {
    expect(reportHeading(view, ctx)).toEqual([
      'Long Road (game g-7): turn 3, the report for Ann.',
      'Orders for turn 4 are due Friday 4 December 2026 at 18:00 GMT (Europe/London), that is 2026-12-04 18:00 UTC.',
    ]);
    expect(reportHeading(view, { ...ctx, nextDeadline: null })[1]).toBe('No deadline is set for turn 4 yet.');
  });

  it('takes a ruleset\'s own words for the reader and what is due', () => {
    expect(reportHeading(view, ctx, { reader: 'Ann of the blue team', due: 'Cards' })).toEqual([
      'Long Road (game g-7): turn 3, the report for Ann of the blue team.',
      'Cards for turn 4 are due Friday 4 December 2026 at 18:00 GMT (Europe/London), that is 2026-12-04 18:00 UTC.',
    ]);
  });

  it('refuses a context that is not the view\'s (a caller\'s bug)', () => {
    expect(() => reportHeading(view, { ...ctx, turn: 2 })).toThrow("report context: turn 2 does not match the view's turn 3 (player ann)");
    expect(() => checkReportContext(view, { ...ctx, timeZone: 'Mars/Olympus' })).toThrow('unknown time zone "Mars/Olympus"');
    expect(() => checkReportContext(view, { ...ctx, nextDeadline: new Date(Number.NaN) })).toThrow('nextDeadline must be a valid Date or null');
  });

  it('puts a text report under its heading and escapes HTML lines', () => {
    expect(textReport(['a.', 'b.'], 'body\n')).toBe('a.\nb.\n\nbody\n');
    expect(htmlItems(['x < y', 'z'])).toBe('<li>x &lt; y</li>\n<li>z</li>');
    expect(htmlParagraphs(['A & B', 'C'])).toBe('<p>A &amp; B</p>\n<p>C</p>\n');
    expect(htmlParagraphs([])).toBe('');
    expect(htmlMistakes([])).toBe('');
    expect(htmlMistakes([{ line: 2, column: 7, message: '"x" is not a direction' }])).toBe('<h2>Mistakes in your orders</h2>\n<ul>\n<li>line 2, col 7: &quot;x&quot; is not a direction</li>\n</ul>\n');
  });

  it('frames an HTML page in either layout, the title escaped', () => {
    expect(htmlPage('T <1>', '<h1>T</h1>\n')).toBe('<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>T &lt;1&gt;</title></head>\n<body>\n<h1>T</h1>\n</body>\n</html>\n');
    expect(htmlPage('T', '<h1>T</h1>', 'compact')).toBe('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>T</title></head><body>\n<h1>T</h1>\n</body></html>\n');
  });
});
