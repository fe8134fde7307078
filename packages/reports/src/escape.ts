// Escaping for HTML and SVG (XML) text and attribute values.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Characters XML 1.0 forbids (C0 controls but tab, newline, carriage return; lone surrogates; U+FFFE/F):
// an SVG containing one does not parse at all, so they become U+FFFD.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for an HTML or XML text node or a double- or single-quoted attribute value. */
export function escapeXml(s: string): string {
  return s.replace(XML_INVALID, '\ufffd').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
