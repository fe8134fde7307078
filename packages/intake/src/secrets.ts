import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A nation's secret: 32 random bytes (256 bits) as base64url (43 characters). With that much entropy a
 * fast hash is the right way to store it (nothing to brute-force); passwords a person chooses would need
 * scrypt/argon2, and Arbiter has none.
 */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a secret or token, as bytes (Nation.secretHash stores it as hex: `hashSecret`). */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function hashSecret(secret: string): string {
  return secretDigest(secret).toString('hex');
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

/** Constant-time comparison of two tokens of any length (compares their SHA-256 digests). */
export function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/**
 * A game id: 12 url-safe characters (72 random bits), starting with a letter or digit: an id starting
 * with `-` reads as an option on a command line (`arbiter replay -xy4h… 1`), so such a draw is drawn again.
 */
export function generateGameId(): string {
  for (;;) {
    const id = randomBytes(9).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}
