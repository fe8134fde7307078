// Escaping for HTML and SVG (XML) text and attribute values.

// Anything that needs work: markup characters, controls XML 1.0 forbids, surrogates (checked for pairing),
// U+FFFE/U+FFFF. Most strings have none, and one test is much cheaper than a replace.
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * Escapes text for an HTML or XML text node or a double- or single-quoted attribute value. Characters
 * XML forbids (C0 controls but tab, newline and carriage return; lone surrogates; U+FFFE, U+FFFF) would
 * make an SVG unparseable, so they become U+FFFD.
 */
export function escapeXml(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | null = null;
    switch (c) {
      case 0x26:
        rep = '&amp;';
        break;
      case 0x3c:
        rep = '&lt;';
        break;
      case 0x3e:
        rep = '&gt;';
        break;
      case 0x22:
        rep = '&quot;';
        break;
      case 0x27:
        rep = '&#39;';
        break;
      default:
        if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) {
          rep = '\ufffd';
        } else if (c >= 0xd800 && c <= 0xdbff) {
          const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
          if (next >= 0xdc00 && next <= 0xdfff) i++; // a valid pair: keep both halves
          else rep = '\ufffd';
        } else if (c >= 0xdc00 && c <= 0xdfff) {
          rep = '\ufffd'; // a low surrogate without its high half
        }
    }
    if (rep !== null) {
      out += s.slice(start, i) + rep;
      start = i + 1;
    }
  }
  return out + s.slice(start);
}
