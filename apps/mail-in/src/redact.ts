// Secrets out of stored mail (issue 13, finding 4). InboundMail.raw keeps each mail as it arrived, for the
// GM and for backups, except the value of every `secret:` / `password:` line (in the body, the subject,
// attachments, forwarded messages): that value is replaced by REDACTED_SECRET, every other byte kept. A
// header `X-Arbiter-Redacted` at the top says so. When the value cannot be cut out of the bytes (a part
// in base64, or a quoted-printable line break inside it), the body is not kept at all: the stored mail is
// its header section and a note. The same rule, in SQL, redacted what was stored before this
// (prisma/migrations/20261201100000_redact_inbound_secrets). docs/security.md, docs/api.md.

import type { MailContent } from './extract.ts';

/** What replaces a secret's value in stored mail: no spaces, and not a valid secret (a TOKEN has no parentheses). */
export const REDACTED_SECRET = '(secret-removed)';

/**
 * A secret or password keyword and its separator; the value runs to the next space, `,` or `;`, across a
 * quoted-printable soft line break (`=` at the end of a line), so that no tail of a secret is left.
 */
const SECRET_VALUE = /((?:secret|password)[ \t]*[:=][ \t]*)((?:=\r?\n|[^\s,;])+)/gi;

/** The header that says what was changed (the first line of a redacted mail). */
export const NOTE_HEADER = `X-Arbiter-Redacted: the value of each secret/password line was replaced by ${REDACTED_SECRET}\r\n`;
const WITHHELD_HEADER = 'X-Arbiter-Redacted: the body held a secret in encoded form and was not kept\r\n';

/** `text` with the value of every secret/password keyword replaced (for subjects quoted in replies, logs). */
export function redactSecretText(text: string): string {
  return text.replace(SECRET_VALUE, (_m, head: string, value: string) => (value === REDACTED_SECRET ? head + value : head + REDACTED_SECRET));
}

/** Secret values still readable in a parsed mail (decoded text, subject, text attachments, forwards). */
export function secretsIn(content: MailContent): string[] {
  const found: string[] = [];
  const scan = (text: string): void => {
    for (const m of text.matchAll(SECRET_VALUE)) if (m[2] !== REDACTED_SECRET) found.push(m[2] as string);
  };
  scan(content.subject);
  if (content.text !== null) scan(content.text);
  for (const a of content.attachments) if (a.contentType.startsWith('text/') || a.contentType === 'application/octet-stream') scan(Buffer.from(a.content).toString('utf8'));
  for (const f of content.forwarded) found.push(...secretsIn(f));
  return found;
}

export interface Redaction {
  /** The bytes to store. */
  raw: Buffer;
  /** `values`: secret values replaced in place; `withheld`: only the header section kept; `none`: no secret line. */
  kind: 'none' | 'values' | 'withheld';
}

/**
 * The bytes of `raw` to store: every secret/password value replaced, checked by reading the result again
 * with `read` (the intake's own parser); if a secret is still readable, the header section only.
 */
export async function redactRawMail(raw: Buffer, content: MailContent, read: (raw: Buffer) => Promise<MailContent>): Promise<Redaction> {
  const latin1 = raw.toString('latin1'); // one character per byte: replacing in it keeps every other byte
  const redacted = redactSecretText(latin1);
  if (redacted === latin1 && secretsIn(content).length === 0) return { raw, kind: 'none' };
  const candidate = Buffer.from(NOTE_HEADER + redacted, 'latin1');
  if (secretsIn(await read(candidate)).length === 0) return { raw: candidate, kind: 'values' };
  // The body cannot be cleaned in place: keep the header section, and drop an encoded Subject that still
  // holds a secret.
  let head = Buffer.from(WITHHELD_HEADER + headerSection(redacted), 'latin1');
  if (secretsIn(await read(head)).length > 0) head = Buffer.from(head.toString('latin1').replace(/^Subject:.*(?:\r?\n[ \t].*)*\r?\n/im, 'Subject: (not kept: it held a secret)\r\n'), 'latin1');
  return { raw: head, kind: 'withheld' };
}

/** The header section of a mail (up to and with the first empty line), or all of it when it has no body. */
export function headerSection(mail: string): string {
  const m = /\r?\n\r?\n/.exec(mail);
  return m === null ? mail : mail.slice(0, m.index + m[0].length);
}
