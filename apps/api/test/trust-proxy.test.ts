// The client address that rate limits count under (issue 13, finding 3): X-Forwarded-For is believed only
// from the proxies named in API_TRUST_PROXY, so a client cannot aim the failure limit at someone else's
// address, or escape it by writing a new address into the header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, harness, newGame, type Harness } from './helpers/setup.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness({ authFailureMax: 2, trustProxy: ['127.0.0.1'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function status(url: string, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const headers: Record<string, string> = bearer('wrong-secret');
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  return (await h.app.inject({ method: 'GET', url, headers, remoteAddress })).statusCode;
}

describe('API_TRUST_PROXY as a list of proxies', () => {
  it('through the trusted proxy, failures count under the client in X-Forwarded-For, not the proxy', async () => {
    const { gameId } = await newGame(h.app);
    const url = `/v1/games/${gameId}`;
    expect([await status(url, '127.0.0.1', '203.0.113.5'), await status(url, '127.0.0.1', '203.0.113.5'), await status(url, '127.0.0.1', '203.0.113.5')]).toEqual([401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect(await status(url, '127.0.0.1', '203.0.113.6')).toBe(401);
    // A client that writes an address before its own (the leftmost) is still counted as itself: the proxy
    // appends the real one on the right.
    expect(await status(url, '127.0.0.1', '198.51.100.1, 203.0.113.5')).toBe(429);
  });

  it('from an address that is not a trusted proxy, X-Forwarded-For is ignored', async () => {
    const { gameId } = await newGame(h.app);
    const url = `/v1/games/${gameId}`;
    // A stranger at 192.0.2.9 cannot aim its failures at the victim 192.0.2.77 ...
    expect([await status(url, '192.0.2.9', '192.0.2.77'), await status(url, '192.0.2.9', '192.0.2.77')]).toEqual([401, 401]);
    expect(await status(url, '192.0.2.77')).toBe(401);
    // ... nor escape its own count with a new address in the header each time.
    expect(await status(url, '192.0.2.9', '192.0.2.78')).toBe(429);
  });
});
