// One-line text for mail headers and plain-text reports.

// C0/C1 controls, DEL and the Unicode line/paragraph separators: they would break the layout or the mail.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One-line text: control characters (newlines, tabs, escapes) become spaces. */
export function clean(s: string): string {
  return s.replace(CONTROL, ' ');
}
