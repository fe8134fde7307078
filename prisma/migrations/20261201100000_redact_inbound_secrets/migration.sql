-- Issue 13, finding 4: InboundMail.raw kept each order mail with its secret line. From this migration on
-- the intake stores mail with every secret/password value replaced (apps/mail-in/src/redact.ts), and this
-- applies the same rule to what was stored before:
-- 1. the value after "secret:" / "password:" (also "="), up to a space, comma or semicolon, is replaced by "(secret-removed)", every other
--    byte kept, and a header "X-Arbiter-Redacted" says so (the bytes are read as LATIN1: one character
--    per byte, so the round trip keeps every byte, and \x3b in the expressions is the semicolon, which the
--    migration runner would take for the end of a statement, and the value runs across a quoted-printable
--    soft line break, "=" at the end of a line, so that no tail of a secret is left),
-- 2. a mail with a body part in base64 (where a secret cannot be seen in the bytes) keeps only its header
--    section, with a header saying the body was not kept.
UPDATE "InboundMail"
SET raw = convert_to(
  'X-Arbiter-Redacted: the value of each secret/password line was replaced by (secret-removed)' || E'\r\n' ||
  regexp_replace(convert_from(raw, 'LATIN1'), '((secret|password)[ \t]*[:=][ \t]*)(=\r?\n|[^\s,\x3b])+', '\1(secret-removed)', 'gi'),
  'LATIN1')
WHERE raw IS NOT NULL
  AND convert_from(raw, 'LATIN1') ~* '(secret|password)[ \t]*[:=][ \t]*[^\s,\x3b]'
  AND convert_from(raw, 'LATIN1') !~* '^X-Arbiter-Redacted:';

UPDATE "InboundMail"
SET raw = convert_to(
  'X-Arbiter-Redacted: the body held a secret in encoded form and was not kept' || E'\r\n' ||
  substring(convert_from(raw, 'LATIN1') from '^(.*?\r?\n\r?\n)'),
  'LATIN1')
WHERE raw IS NOT NULL
  AND convert_from(raw, 'LATIN1') ~* 'content-transfer-encoding:[ \t]*base64'
  AND convert_from(raw, 'LATIN1') ~ '\r?\n\r?\n'
  AND convert_from(raw, 'LATIN1') !~* '^X-Arbiter-Redacted: the body held';
