// The one kind of mail whose decoded text is its bytes: a single text/plain part in 7-bit or 8-bit
// transfer encoding, every byte ASCII, no encoded word (`=?`) and no folded line in its header section.
// Its subject and body read here exactly as mailparser reads them (no charset, transfer encoding, MIME
// structure or header folding to undo), so the redaction's second read (redact.ts: is a secret still
// readable in the stored bytes?) needs no full parse for it (issue 30). Anything else is null here and
// goes to mailparser as before.
//
// `readPlainMail` reads the commonest order mail whole, for the pipeline's first read: such a mail whose
// From, Reply-To and Message-ID are of the simplest forms too (below), each header named once; it gives
// what parse.ts's `readMail` gives for the same bytes (test/plain-mail.test.ts compares the two on
// generated mails), and null for anything else, which mailparser reads as before.
import type { MailContent } from './extract.ts';
import type { ReadMail } from './parse.ts';

const CONTENT_TYPE = /^text\/plain[ \t]*(?:;[ \t]*charset="?(?:us-ascii|utf-8|iso-8859-1)"?[ \t]*)?$/i;
const TRANSFER_ENCODING = /^(?:7bit|8bit)$/i;
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

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
    if (CONTROL.test(line)) return null; // a bare CR or another control character: mailparser reads it its own way
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

/** `name <address>` or a bare address, with a plain display name and a plain address (no IDN, comment, quote, group). */
const SIMPLE_ADDRESS = /^(?:[A-Za-z0-9][A-Za-z0-9 ._-]*[ ]?<([A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)>|([A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+))$/;
const SIMPLE_MESSAGE_ID = /^<[!-;=?-~]{1,898}>$/;
const HEADER_NAME = /^[!-9;-~]+$/;
/** Headers that change how mailparser reads the mail's parts or addresses: left to it when present. */
const LEFT_TO_MAILPARSER = new Set(['content-disposition', 'sender', 'resent-from']);
/** Headers whose first value the reader uses: a second one is left to mailparser. */
const ONCE = new Set(['from', 'reply-to', 'message-id', 'subject', 'content-type', 'content-transfer-encoding']);

function simpleAddress(value: string | undefined): string | null | false {
  if (value === undefined) return null;
  const m = SIMPLE_ADDRESS.exec(value);
  if (m === null || value.toLowerCase().includes('xn--')) return false;
  return (m[1] ?? m[2]) as string;
}

/** What parse.ts's `readMail` reads from a plain ASCII one-part text mail of the simplest form; null for any other mail. */
export function readPlainMail(raw: Buffer): ReadMail | null {
  const content = plainTextContent(raw);
  if (content === null) return null;
  const text = raw.toString('latin1');
  const head = text.slice(0, (/\r?\n\r?\n/.exec(text) as RegExpExecArray).index);
  const headers = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    if (!HEADER_NAME.test(name)) return null;
    const key = name.toLowerCase();
    if (LEFT_TO_MAILPARSER.has(key)) return null;
    const value = line.slice(colon + 1).trim();
    const list = headers.get(key);
    if (list === undefined) headers.set(key, [value]);
    else if (ONCE.has(key)) return null;
    else list.push(value);
  }
  const messageId = headers.get('message-id')?.[0];
  if (messageId === undefined || !SIMPLE_MESSAGE_ID.test(messageId)) return null;
  const from = simpleAddress(headers.get('from')?.[0]);
  const replyTo = simpleAddress(headers.get('reply-to')?.[0]);
  if (from === false || replyTo === false) return null;
  const body = content.text ?? '';
  return {
    messageId,
    messageIdSynthesised: false,
    from,
    replyAddress: replyTo ?? from,
    subject: content.subject,
    headers,
    content: { ...content, text: body.trim() === '' ? null : body },
    size: raw.length,
  };
}
