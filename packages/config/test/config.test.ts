import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from '../src/index.ts';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/arbiter' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(base);
    expect(c.database).toEqual({ url: base.DATABASE_URL, poolMax: 10 });
    expect(c.api.port).toBe(3000);
    expect(c.api.workers).toBe(1);
    expect(c.api.host).toBe('127.0.0.1');
    expect(c.api.bodyLimit).toBe(262144);
    expect(c.redis.url).toBe('redis://127.0.0.1:6379');
    expect(c.gmToken).toBeUndefined();
    expect(c.api.trustProxy).toBe(false);
  });

  it('coerces numbers and booleans', () => {
    const c = loadConfig({ ...base, API_PORT: '8080', API_TRUST_PROXY: 'yes', DATABASE_POOL_MAX: ' 25 ' });
    expect(c.api.port).toBe(8080);
    expect(c.api.trustProxy).toBe(true);
    expect(c.database.poolMax).toBe(25);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', API_PORT: 'eighty', GM_TOKEN: 'short' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const vars = (e as ConfigError).issues.map((i) => i.variable).sort();
      expect(vars).toEqual(['API_PORT', 'DATABASE_URL', 'GM_TOKEN']);
      expect((e as Error).message).toContain('GM_TOKEN: must be at least 32 characters');
    }
  });

  it('reports a missing required variable as missing', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL: is required but not set/);
    expect(() => loadConfig({ ...base, DATABASE_URL: '   ' })).toThrow(/DATABASE_URL: is required/);
  });

  it('enforces variables a process requires', () => {
    expect(() => loadConfig(base, { require: ['GM_TOKEN'] })).toThrow(/GM_TOKEN: is required but not set/);
    const token = 'x'.repeat(40);
    expect(loadConfig({ ...base, GM_TOKEN: token }, { require: ['GM_TOKEN'] }).gmToken).toBe(token);
  });

  it('loadDatabaseConfig needs only the database', () => {
    expect(loadDatabaseConfig({ ...base, API_PORT: 'not checked here' })).toEqual({ url: base.DATABASE_URL, poolMax: 10 });
    expect(() => loadDatabaseConfig({})).toThrow(/DATABASE_URL/);
  });
});
