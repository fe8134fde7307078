// SQL literals for the few hot paths that send several statements in one message (simple query protocol,
// where parameters cannot be used). node-postgres's `escapeLiteral` walks the string one character at a
// time (about 50 µs for a 3 KB JSON receipt); this does the same with two native replaces (about 2 µs).

/**
 * `value` as a PostgreSQL string literal, safe whatever `standard_conforming_strings` is: an `E'...'`
 * literal with backslashes and single quotes doubled. PostgreSQL text cannot hold NUL, so a value with
 * one is refused here rather than truncated by the server.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('a SQL string literal cannot contain NUL');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
