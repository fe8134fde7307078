import { describe, expect, it } from 'vitest';
import { orderLines, textLines } from '../src/index.ts';

describe('textLines: the lines every order reader counts', () => {
  it('ends lines at CRLF, LF or a lone CR, and cuts a byte-order mark from the first line only', () => {
    expect(textLines('\uFEFFa\r\nb\rc\n\uFEFFd')).toEqual(['a', 'b', 'c', '\uFEFFd']);
    expect(textLines('')).toEqual(['']);
  });

  it('numbers lines as orderLines does', () => {
    const text = '\uFEFF# note\r\nfrodo, 810\r\r\n  x ,y';
    const lines = textLines(text);
    for (const l of orderLines(text)) expect(lines[l.line - 1]!.startsWith(l.entries[0]!.text) || lines[l.line - 1]!.includes(l.entries[0]!.text)).toBe(true);
    expect(orderLines(text).map((l) => l.line)).toEqual([2, 4]);
  });
});
