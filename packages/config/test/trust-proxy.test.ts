// API_TRUST_PROXY names the reverse proxies whose X-Forwarded-For is believed (issue 13, finding 3):
// `true`, which let any client choose the address it is counted under, is refused with the fix named.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.ts';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/arbiter' };

function problemOf(value: string): string {
  try {
    loadConfig({ ...base, API_TRUST_PROXY: value });
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return expect.unreachable(`API_TRUST_PROXY=${value} loaded`);
}

describe('API_TRUST_PROXY', () => {
  it('is false by default and for false, 0, no', () => {
    expect(loadConfig(base).api.trustProxy).toBe(false);
    for (const v of ['false', '0', 'no', ' ']) expect(loadConfig({ ...base, API_TRUST_PROXY: v }).api.trustProxy).toBe(false);
  });

  it('takes addresses, CIDR ranges and the names loopback, linklocal, uniquelocal, comma-separated', () => {
    const c = loadConfig({ ...base, API_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, fd00::/8,loopback' });
    expect(c.api.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, naming what to write instead', () => {
    for (const v of ['true', 'yes', '1']) expect(problemOf(v)).toMatch(/API_TRUST_PROXY: must name the reverse proxies \(e\.g\. 127\.0\.0\.1 or 10\.0\.0\.0\/8\), not true/);
  });

  it('refuses what is not an address or range, naming it', () => {
    expect(problemOf('127.0.0.1, proxy.example.org')).toContain('"proxy.example.org" is not an IP address, a CIDR range');
    expect(problemOf('10.0.0.0/33')).toContain('"10.0.0.0/33"');
    expect(problemOf('10.0.0.0/8/1')).toContain('"10.0.0.0/8/1"');
  });
});
