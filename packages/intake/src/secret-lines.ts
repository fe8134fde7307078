// Secret values out of stored text (issue 13 finding 4, issue 27): the value of every `secret:` /
// `password:` line is replaced by REDACTED_SECRET wherever Arbiter stores or quotes what a player wrote:
// the raw text of a submission (REST or mail), its receipt, the stored mail (apps/mail-in redact.ts), a
// subject quoted in a reply. One rule, here, for all of them.

/** What replaces a secret's value: no spaces, and not a valid secret (a TOKEN has no parentheses). */
export const REDACTED_SECRET = '(secret-removed)';

/**
 * A secret or password keyword and its separator; the value runs to the next space, `,` or `;`, across a
 * quoted-printable soft line break (`=` at the end of a line), so that no tail of a secret is left.
 */
const SECRET_VALUE = /((?:secret|password)[ \t]*[:=][ \t]*)((?:=\r?\n|[^\s,;])+)/gi;

/**
 * The same keyword in decoded text of any kind: HTML with its tags removed and entities decoded (`secret:`
 * then a no-break space), JSON (`"secret": "value"`), a keyword in quotes: the value in group 1.
 */
const SECRET_VALUE_ANYWHERE = /(?:secret|password)["']?[^\S\r\n]*[:=][^\S\r\n]*["']?([^\s,;"'<>&]+)/gi;

/** `text` with the value of every secret/password keyword replaced. */
export function redactSecretText(text: string): string {
  return text.replace(SECRET_VALUE, (_m, head: string, value: string) => (value === REDACTED_SECRET ? head + value : head + REDACTED_SECRET));
}

/** The secret values still readable in `text` (decoded text, HTML converted to text, JSON), redacted ones left out. */
export function secretValuesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(SECRET_VALUE_ANYWHERE)) if (m[1] !== REDACTED_SECRET) found.push(m[1] as string);
  return found;
}
