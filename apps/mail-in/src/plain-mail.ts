// The one kind of mail whose decoded text is its bytes: a single text/plain part in 7-bit or 8-bit
// transfer encoding, every byte ASCII, no encoded word (`=?`) and no folded line in its header section.
// Its subject and body read here exactly as mailparser reads them (no charset, transfer encoding, MIME
// structure or header folding to undo), so the redaction's second read (redact.ts: is a secret still
// readable in the stored bytes?) needs no full parse for it (issue 30). Anything else is null here and
// goes to mailparser as before.
import type { MailContent } from './extract.ts';

const CONTENT_TYPE = /^text\/plain[ \t]*(?:;[ \t]*charset="?(?:us-ascii|utf-8|iso-8859-1)"?[ \t]*)?$/i;
const TRANSFER_ENCODING = /^(?:7bit|8bit)$/i;

/** The mail's content when it is plain ASCII text in one part (see above); null otherwise. */
export function plainTextContent(raw: Buffer): MailContent | null {
  for (const byte of raw) if (byte >= 0x80 || byte === 0) return null;
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  if (end === null) return null;
  const head = text.slice(0, end.index);
  if (head.includes('=?')) return null;
  let subject = '';
  for (const line of head.split(/\r?\n/)) {
    if (line === '' || line.startsWith(' ') || line.startsWith('\t')) return null; // folded (or odd): mailparser's
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-type' && !CONTENT_TYPE.test(value)) return null;
    if (name === 'content-transfer-encoding' && !TRANSFER_ENCODING.test(value)) return null;
    if (name === 'subject') {
      if (subject !== '') return null;
      subject = value;
    }
  }
  const body = text.slice(end.index + end[0].length).replace(/\r\n/g, '\n');
  return { subject, text: body, htmlUnreadable: false, html: null, attachments: [], forwarded: [] };
}
