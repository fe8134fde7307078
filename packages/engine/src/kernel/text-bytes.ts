// An order text's bytes as text, as every way in reads them (the mail intake's attachments, the REST API's
// text/plain body, `arbiter adjudicate --orders`): a byte-order mark wins (UTF-8, UTF-16 LE/BE); then the
// declared charset; without one, UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (what
// Windows editors and JOverseer's exporter write). Pure.

/** Charset labels that TextDecoder knows under another name, or that mail software writes loosely. */
const CHARSET_ALIASES: Record<string, string> = {
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  'iso-8859-15': 'iso-8859-15',
  cp1252: 'windows-1252',
  ascii: 'utf-8',
  'us-ascii': 'utf-8',
  utf8: 'utf-8',
};

/** Windows-1252 code points for bytes 0x80..0x9F (the rest of the code page is latin1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/**
 * Decodes windows-1252 (which the WHATWG Encoding standard also uses for "latin1" and "iso-8859-1"
 * labels). Written out because Node's TextDecoder decodes these labels as plain latin1 on some builds.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    const codes = Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? b) : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

interface Decoder {
  encoding: string;
  decode(bytes: Uint8Array): string;
}

function decoderFor(label: string): Decoder | null {
  const key = label.trim().toLowerCase();
  try {
    const decoder = new TextDecoder(CHARSET_ALIASES[key] ?? key);
    if (decoder.encoding === 'windows-1252') return { encoding: 'windows-1252', decode: decodeWindows1252 };
    return decoder;
  } catch {
    return null;
  }
}

export interface DecodedText {
  text: string;
  /** The character set actually used. */
  charset: string;
  /** Set when the declared charset was unknown or the bytes did not fit it. */
  note?: string;
}

/**
 * Decodes the bytes of a text attachment. A byte-order mark wins (UTF-8, UTF-16 LE/BE); then the
 * declared charset; without one, UTF-8 when the bytes are valid UTF-8, otherwise windows-1252 (the
 * superset of latin1 that Windows editors write).
 */
export function decodeTextBytes(bytes: Uint8Array, declaredCharset?: string): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), charset: 'utf-8' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), charset: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), charset: 'utf-16be' };
  }
  let note: string | undefined;
  if (declaredCharset !== undefined && declaredCharset.trim() !== '') {
    const declared = decoderFor(declaredCharset);
    if (declared !== null) {
      if (declared.encoding !== 'utf-8') return { text: declared.decode(bytes), charset: declared.encoding };
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), charset: 'utf-8' };
      } catch {
        note = `the file says it is UTF-8 but is not; it was read as windows-1252`;
      }
    } else {
      note = `unknown character set "${declaredCharset}"; the file was read as UTF-8 or windows-1252`;
    }
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return note === undefined ? { text, charset: 'utf-8' } : { text, charset: 'utf-8', note };
  } catch {
    const text = decodeWindows1252(bytes);
    return note === undefined ? { text, charset: 'windows-1252' } : { text, charset: 'windows-1252', note };
  }
}
