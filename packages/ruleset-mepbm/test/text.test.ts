import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TEXT_WIDTH, renderTextReport, wrap } from '../src/index.ts';
import { emptyContext, emptyView, gondorContext, gondorView, nastyView } from './fixtures.ts';
import { army, character, navy, run, scenario } from './resolution-helpers.ts';

function checkLines(text: string): void {
  for (const line of text.split('\n')) {
    expect([...line].length, line).toBeLessThanOrEqual(TEXT_WIDTH);
    // eslint-disable-next-line no-control-regex
    expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
  }
}

describe('text report', () => {
  it('matches the golden file (Gondor, turn 3)', async () => {
    const text = renderTextReport(gondorView, gondorContext);
    await expect(text).toMatchFileSnapshot('./__golden__/gondor-turn-3.txt');
    checkLines(text);
  });

  it('matches the golden file (a nation with nothing left, no deadline)', async () => {
    const text = renderTextReport(emptyView, emptyContext);
    await expect(text).toMatchFileSnapshot('./__golden__/arnor-turn-7.txt');
    checkLines(text);
  });

  it('shows each step, the stop, the deadline in the game zone and the template', () => {
    const text = renderTextReport(gondorView, gondorContext);
    expect(text).toContain('Army aragorn: 2915 -> 3116, 10 MP spent');
    expect(text).toContain('\n    2 2915   e   3015   plains        road                    2   10\n');
    expect(text).toContain('Stopped at 3116: stopped by the fortified town (fort) of Mordor');
    expect(text).toContain('DESTROYED this turn.');
    expect(text).toContain('Morale went from 35 to 38 (+3)');
    expect(text).toContain('Orders for turn 4 are due Friday 4 December 2026 at 18:00 GMT (Europe/London)');
    expect(text).toContain('2026-12-04 18:00 UTC');
    expect(text).toContain('\neomer, 850, no,\n');
  });

  it('a carried unit reports that it was carried, not "0 MP spent" above its carrier\'s step table', () => {
    const input = scenario(
      {
        hexes: { '0305': 'coast', '0405': 'coast', '0505': 'coast', '0605': 'coast' },
        units: [navy('swan', 'north', '0305'), army('marines', 'north', '0305', { heavyInfantry: 100 }, { aboard: 'swan' }), character('frodo', 'north', '0305', { with: 'marines' })],
      },
      ['swan, 830, no, e, e'],
    );
    const r = run(input).result;
    const text = renderTextReport(r.views['north']!, { ...emptyContext, turn: r.views['north']!.turn, nationName: 'North' });
    expect(text).toContain('Army marines: 0305 -> 0505, carried by navy swan, 2 hexes; the MP below are');
    expect(text).toContain("Character frodo: 0305 -> 0505, carried by army marines, 2 hexes; the MP below");
    expect(text).toContain('Navy swan: 0305 -> 0505, 2 MP spent');
    expect(text).not.toContain('0 MP spent');
  });

  it('follows daylight saving time in the game zone', () => {
    const text = renderTextReport(gondorView, { ...gondorContext, nextDeadline: new Date(Date.UTC(2026, 6, 2, 17, 0)) });
    expect(text).toContain('Thursday 2 July 2026 at 18:00 BST (Europe/London)');
  });

  it('keeps hostile strings on their lines and within 78 columns', () => {
    const { view, ctx } = nastyView();
    const text = renderTextReport(view, ctx);
    checkLines(text.split('\n').filter((l) => !l.includes(', 850, no,')).join('\n'));
    expect(text).toContain('<script>alert("x")</script>');
    expect(text).not.toContain('\u0007');
    // The hostile strings hold a line break before "newline": it never starts a line of the report.
    expect(text.split('\n').filter((l) => l.startsWith('newline'))).toEqual([]);
    expect(text).toContain('Day 14: <script>alert("x")</script> & \'quoted\' ]]> <!-- --> bell newline\n');
  });

  it("turns line breaks and control characters in players' strings into spaces, and keeps markup as text", () => {
    const view = structuredClone(gondorView);
    const u = view.units[0];
    if (u === undefined || u.stop === null) throw new Error('fixture changed');
    u.stop.message = 'held by Boromir\u0007\nof <b>Gondor</b> & co';
    view.events.push({ pulse: 14, type: 'x', message: 'line one\r\nline two\u001b[31m red' });
    const lines = renderTextReport(view, gondorContext).split('\n');
    expect(lines).toContain('  Stopped at 3116: held by Boromir of <b>Gondor</b> & co');
    expect(lines).toContain('  Day 14: line one line two [31m red');
    expect(lines.filter((l) => l.startsWith('of <b>') || l.startsWith('line two'))).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 })], { numRuns: 60 })(
    'any unit id, message or name fits 78 columns',
    (message, id) => {
      const view = structuredClone(gondorView);
      const u = view.units[0];
      if (u === undefined || u.stop === null) throw new Error('fixture changed');
      u.id = id;
      u.stop.message = message;
      view.events.push({ pulse: 3, type: 'x', message });
      checkLines(renderTextReport(view, { ...gondorContext, gameName: message.slice(0, 100), nationName: id }));
    },
  );

  it('refuses a context for another turn or an unknown time zone', () => {
    expect(() => renderTextReport(gondorView, { ...gondorContext, turn: 4 })).toThrow(
      "turn 4 does not match the view's turn 3",
    );
    expect(() => renderTextReport(gondorView, { ...gondorContext, timeZone: 'Middle/Earth' })).toThrow(
      'unknown time zone "Middle/Earth"',
    );
    expect(() => renderTextReport(gondorView, { ...gondorContext, nextDeadline: new Date(Number.NaN) })).toThrow(
      'nextDeadline must be a valid Date or null',
    );
  });

  it('names the field of a bad hex id in the view', () => {
    const view = structuredClone(gondorView);
    const step = view.units[1]?.steps[2];
    if (step === undefined) throw new Error('fixture changed');
    step.to = '30-7';
    expect(() => renderTextReport(view, gondorContext)).toThrow('view.units[1].steps[2].to: "30-7" is not a hex id');
  });
});

describe('wrap', () => {
  it('wraps at word boundaries with a hanging indent', () => {
    expect(wrap('aaa bbb ccc ddd', 9, '', '  ')).toEqual(['aaa bbb', '  ccc ddd']);
  });
  it('cuts a word longer than the line', () => {
    expect(wrap('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
  });
  it('keeps an empty text as one empty line', () => {
    expect(wrap('', 10, '  ')).toEqual(['']);
  });
  it('gives a text that fits one line as it is, its spaces and controls made single spaces', () => {
    expect(wrap('  aaa   bbb\tccc  ', 15, '- ')).toEqual(['- aaa bbb ccc']);
    expect(wrap('aaa bbb', 9, '  ')).toEqual(['  aaa bbb']);
    expect(wrap('aaa bbbb', 9, '  ', '')).toEqual(['  aaa', 'bbbb']);
  });
  it('counts code points, not code units, whether or not the text fits one line', () => {
    expect(wrap('\u{1F600}'.repeat(5), 5)).toEqual(['\u{1F600}'.repeat(5)]);
    expect(wrap(`ab ${'\u{1F600}'.repeat(3)}`, 6)).toEqual([`ab ${'\u{1F600}'.repeat(3)}`]);
    expect(wrap(`ab ${'\u{1F600}'.repeat(4)}`, 6)).toEqual(['ab', '\u{1F600}'.repeat(4)]);
  });
  test.prop([fc.string({ maxLength: 200 }), fc.integer({ min: 6, max: 90 })], { numRuns: 200 })(
    'never exceeds the width and keeps every non-space character',
    (s, width) => {
      const lines = wrap(s, width, '  ', '    ');
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(width);
      const strip = (x: string): string =>
        // eslint-disable-next-line no-control-regex
        x.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
      expect(strip(lines.join(''))).toBe(strip(s));
    },
  );
});
