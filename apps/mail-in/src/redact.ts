// Secrets out of stored mail (issue 13 finding 4, issue 27). InboundMail.raw keeps each mail as it arrived,
// for the GM and for backups, except the value of every `secret:` / `password:` line, in any part: the
// body, the subject, an HTML part (`secret:&nbsp;S`, `<b>secret</b>: S`), an attachment of any type (a
// JSON file's `"secret": "S"`), a forwarded message. The value is replaced by REDACTED_SECRET, every other
// byte kept; a header `X-Arbiter-Redacted` at the top says so. Two passes over the bytes: the keyword rule
// (@arbiter/intake secret-lines.ts), then every secret value read in the decoded parts, wherever it sits
// literally in the bytes. The result is read again and every part checked; when a value still reads (a
// part in base64, a quoted-printable line break inside it, an encoded subject), the body is not kept at
// all: the stored mail is its header section and a note. The keyword rule, in SQL, redacted what was
// stored before (prisma/migrations/20261201100000_redact_inbound_secrets). docs/security.md.

import { decodeHTML } from 'entities';
import { REDACTED_SECRET, redactSecretText, secretValuesIn } from '@arbiter/intake';
import type { MailContent } from './extract.ts';

export { REDACTED_SECRET, redactSecretText };

/** The header that says what was changed (the first line of a redacted mail). */
export const NOTE_HEADER = `X-Arbiter-Redacted: the value of each secret/password line was replaced by ${REDACTED_SECRET}\r\n`;
const WITHHELD_HEADER = 'X-Arbiter-Redacted: the body held a secret in encoded form and was not kept\r\n';

/**
 * The shortest value replaced wherever it appears in the bytes: a real secret has 43 characters, and a
 * short word after a keyword (`password: is`) must not blank every "is" of the mail. A shorter value the
 * keyword rule cannot cut out makes the body withheld.
 */
const LITERAL_MIN = 8;

/**
 * The most distinct secret values cut out literally: a player's mail holds one or two. Each is a pass
 * over the bytes, so a mail with thousands of them (hostile) is withheld instead, in linear time.
 */
const LITERALS_MAX = 20;

/** HTML as the text a reader sees: each tag a space, entities decoded (`&nbsp;` is a space to the eye). */
function htmlText(html: string): string {
  return decodeHTML(html.replace(/<[^<>]*>/g, ' ')); // [^<>]: a run of "<" without ">" is read once, not once per "<"
}

/** Every decoded text of a parsed mail: subject, text, HTML (as sent and as seen), each attachment, forwards. */
function textsOf(content: MailContent): string[] {
  const texts = [content.subject];
  if (content.text !== null) texts.push(content.text);
  if (content.html != null) texts.push(content.html, htmlText(content.html));
  for (const a of content.attachments) {
    const decoded = Buffer.from(a.content).toString('utf8');
    texts.push(decoded);
    if (a.contentType === 'text/html') texts.push(htmlText(decoded));
  }
  for (const f of content.forwarded) texts.push(...textsOf(f));
  return texts;
}

/** Secret values still readable anywhere in a parsed mail (every part, decoded). */
export function secretsIn(content: MailContent): string[] {
  const found = new Set<string>();
  for (const t of textsOf(content)) for (const v of secretValuesIn(t)) found.add(v);
  return [...found];
}

export interface Redaction {
  /** The bytes to store. */
  raw: Buffer;
  /** `values`: secret values replaced in place; `withheld`: only the header section kept; `none`: no secret line. */
  kind: 'none' | 'values' | 'withheld';
}

/** `text` with every occurrence of each value (the longest first) replaced. */
function replaceLiterals(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of [...values].sort((a, b) => b.length - a.length)) if (v.length >= LITERAL_MIN) out = out.split(v).join(REDACTED_SECRET);
  return out;
}

/**
 * The bytes of `raw` to store: every secret/password value replaced, checked by reading the result again
 * with `read` (the intake's own parser) and looking into every part; if a secret still reads, the
 * header section only.
 */
export async function redactRawMail(raw: Buffer, content: MailContent, read: (raw: Buffer) => Promise<MailContent>): Promise<Redaction> {
  const latin1 = raw.toString('latin1'); // one character per byte: replacing in it keeps every other byte
  const found = secretsIn(content);
  const values = found.length > LITERALS_MAX ? [] : found;
  const redacted = replaceLiterals(redactSecretText(latin1), values);
  if (redacted === latin1 && found.length === 0) return { raw, kind: 'none' };
  const stillThere = async (bytes: Buffer): Promise<boolean> => {
    const texts = textsOf(await read(bytes));
    return texts.some((t) => secretValuesIn(t).length > 0 || values.some((v) => v.length >= LITERAL_MIN && t.includes(v)));
  };
  const candidate = Buffer.from(NOTE_HEADER + redacted, 'latin1');
  if (found.length <= LITERALS_MAX && !(await stillThere(candidate))) return { raw: candidate, kind: 'values' };
  // The body cannot be cleaned in place: keep the header section, and drop an encoded Subject that still
  // holds a secret.
  let head = Buffer.from(WITHHELD_HEADER + headerSection(redacted), 'latin1');
  if (await stillThere(head)) head = Buffer.from(head.toString('latin1').replace(/^Subject:.*(?:\r?\n[ \t].*)*\r?\n/im, 'Subject: (not kept: it held a secret)\r\n'), 'latin1');
  return { raw: head, kind: 'withheld' };
}

/** The header section of a mail (up to and with the first empty line), or all of it when it has no body. */
export function headerSection(mail: string): string {
  const m = /\r?\n\r?\n/.exec(mail);
  return m === null ? mail : mail.slice(0, m.index + m[0].length);
}
