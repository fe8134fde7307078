// Text clean-up shared by the mail body and `.txt` attachments: what mail clients and editors do to
// plain text (byte-order marks, CRLF, non-breaking spaces, zero-width characters) undone, so that the
// engine's order parser sees the text the player meant to write.

/** UTF-8 BOM bytes decoded as latin1 / windows-1252: what a BOM becomes when a part is labelled wrongly. */
const MOJIBAKE_BOM = '\u00EF\u00BB\u00BF';

/**
 * Normalises text for parsing: every line break becomes `\n`; byte-order marks (also a UTF-8 BOM that
 * was decoded as latin1), zero-width characters and soft hyphens are removed; non-breaking and other
 * Unicode spaces become ordinary spaces; trailing whitespace is trimmed from each line.
 */
export function normalizeText(input: string): string {
  return input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      // Linear in the line's length, whatever it holds: the BOMs are counted and cut once, and the
      // trailing whitespace goes with trimEnd (the same characters as /\s/), not with /\s+$/, which
      // backtracks over every run of spaces that is not at the end (quadratic: issue 13).
      let bom = 0;
      while (line.startsWith(MOJIBAKE_BOM, bom)) bom += MOJIBAKE_BOM.length;
      return line
        .slice(bom)
        .replace(/[\uFEFF\u200B\u200C\u200D\u2060\u00AD]/g, '')
        .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
        .trimEnd();
    })
    .join('\n');
}

// An order text's bytes as text (byte-order marks, the declared charset, UTF-8 or else Windows-1252) is
// the kernel's: the REST API and `arbiter adjudicate --orders` read order files the same way.
export { decodeTextBytes, decodeWindows1252, type DecodedText } from '@arbiter/engine';

/**
 * True when bytes look like a binary file rather than text: a NUL byte (outside UTF-16 text), or
 * many control characters.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const isUtf16 =
    bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (isUtf16) return false;
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}
