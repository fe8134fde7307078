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

/**
 * Whether a token of any length is `expected` (the GM token): constant time over their SHA-256 digests,
 * `expected`'s taken once, the given token's passed as its `secretDigest` (taken once per request).
 */
export function tokenMatcher(expected: string): (givenDigest: Buffer) => boolean {
  const digest = secretDigest(expected);
  return (givenDigest) => timingSafeEqual(givenDigest, digest);
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
