import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../src/index.ts';

describe('escapeXml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('returns plain text unchanged', () => {
    expect(escapeXml('Army aragorn at 2915, Ünterwald \u00e9 \u{1f5fa}')).toBe('Army aragorn at 2915, Ünterwald \u00e9 \u{1f5fa}');
  });
  it('replaces characters XML forbids, keeps tab and line breaks', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne\rf\ufffeg')).toBe('a\ufffdb\ufffdc\td\ne\rf\ufffdg');
  });
  it('replaces lone surrogates but keeps pairs', () => {
    expect(escapeXml('x\ud800y\udc00z\ud83d\uddfa')).toBe('x\ufffdy\ufffdz\ud83d\uddfa');
    expect(escapeXml('end\ud800')).toBe('end\ufffd');
  });
  test.prop([fc.string({ unit: 'binary', maxLength: 100 })], { numRuns: 300 })(
    'leaves no markup character and no XML-invalid character',
    (s) => {
      const out = escapeXml(s);
      expect(out).not.toMatch(/[<>"']/);
      expect(out.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
      // eslint-disable-next-line no-control-regex
      expect(out).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    },
  );
});
