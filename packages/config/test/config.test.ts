import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig, loadLocalConfig } from '../src/index.ts';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/arbiter' };

/** The ConfigError that loading `env` throws (fails the test if it loads). */
function configError(...args: Parameters<typeof loadConfig>): ConfigError {
  try {
    loadConfig(...args);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  return expect.unreachable('the configuration loaded');
}

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

  it('tells players where orders go: MAIL_ORDERS_TO, else orders@ the intake domain, else MAIL_FROM; the API at PUBLIC_BASE_URL, else where it listens', () => {
    expect(loadConfig(base).mail.ordersTo).toBe('arbiter@localhost');
    expect(loadConfig({ ...base, MAIL_IN_DOMAINS: 'Orders.Example.org, b.example' }).mail.ordersTo).toBe('orders@orders.example.org');
    expect(loadConfig({ ...base, MAIL_IN_DOMAINS: 'orders.example.org', MAIL_ORDERS_TO: 'turns@example.org' }).mail.ordersTo).toBe('turns@example.org');
    expect(configError({ ...base, MAIL_ORDERS_TO: 'not an address' }).issues).toEqual([{ variable: 'MAIL_ORDERS_TO', message: 'must be an address such as orders@example.org' }]);
    expect(loadConfig(base).api.publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ ...base, API_HOST: '0.0.0.0', API_PORT: '8080' }).api.publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...base, PUBLIC_BASE_URL: 'https://arbiter.example.org/' }).api.publicUrl).toBe('https://arbiter.example.org');
  });

  it('coerces numbers and booleans', () => {
    const c = loadConfig({ ...base, API_PORT: '8080', MAIL_IN_SMTP_ENABLED: 'no', DATABASE_POOL_MAX: ' 25 ' });
    expect(c.api.port).toBe(8080);
    expect(c.mailIn.smtp).toBeNull();
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

  it('names every bad variable at once, with what the checks across variables find', () => {
    // Bad forms (DATABASE_URL, API_PORT) and what the processes' checks add: the test hook outside
    // tests, the API without GM_TOKEN, a mail intake with no way for mail to come in.
    const env = { DATABASE_URL: 'mysql://x', API_PORT: 'eighty', ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '1000', MAIL_IN_SMTP_ENABLED: 'false' };
    const e = configError(env, { components: ['api', 'mail-in'] });
    expect(e.issues.map((i) => i.variable).sort()).toEqual(['API_PORT', 'ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS', 'DATABASE_URL', 'GM_TOKEN', 'MAIL_IN_SMTP_ENABLED']);
    const m = e.message;
    expect(m).toContain('DATABASE_URL: must start with postgresql:// or postgres://');
    expect(m).toContain('ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: is a test hook and is refused unless NODE_ENV=test');
    expect(m).toContain('GM_TOKEN: is required but not set');
    expect(m).toContain('MAIL_IN_SMTP_ENABLED: the SMTP intake is off and MAIL_IN_IMAP_URL is not set');
  });

  it('a bad variable is named for its own fault only, not for what a check across variables would read into it', () => {
    // MAIL_IN_SMTP_ENABLED=maybe is neither on nor off: no word about the domains the SMTP intake would
    // need; a bad GM_TOKEN is too short, not "not set".
    const e = configError({ ...base, MAIL_IN_SMTP_ENABLED: 'maybe', GM_TOKEN: 'short' }, { components: ['api', 'mail-in'] });
    expect(e.issues).toEqual([
      { variable: 'GM_TOKEN', message: 'must be at least 32 characters (use e.g. `openssl rand -base64 32`)' },
      { variable: 'MAIL_IN_SMTP_ENABLED', message: 'must be true or false' },
    ]);
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

describe('the worker and the mail intake', () => {
  it('have the documented defaults in every process', () => {
    const c = loadConfig(base);
    expect(c.worker).toMatchObject({ turnConcurrency: 1, sweepIntervalMs: 30_000, mailIntervalMs: 5_000, mailBatch: 50, claimTimeoutMs: 900_000, outageGraceMs: 7_200_000, queuePrefix: 'bull', lockDurationMs: 60_000, stalledIntervalMs: 30_000, testPauseBeforeCommitMs: undefined });
    expect(c.worker.workerId).toMatch(/^[A-Za-z0-9._-]+-\d+$/);
    expect(c.worker.renderThreads).toBeGreaterThanOrEqual(0);
    expect(c.mailIn.smtp).toMatchObject({ host: '127.0.0.1', port: 2525, workers: 1, acceptedDomains: [], maxMessageBytes: 5 * 1024 * 1024, tls: undefined });
    expect(c.mailIn.imap).toBeNull();
    expect(loadConfig({ ...base, MAIL_IN_IMAP_URL: 'imap://u:p@h' }).mailIn.imap).toMatchObject({ port: 143, secure: false, idle: true, intervalMs: 30_000 });
    expect(loadConfig({ ...base, MAIL_IN_IMAP_URL: 'imap://u:p@h', MAIL_IN_IMAP_IDLE: 'false' }).mailIn.imap?.idle).toBe(false);
    expect(c.mailIn.limits).toEqual({ maxOrderLines: 500, maxOrderChars: 50_000 });
    expect(c.mailIn.refusalIntervalMs).toBe(3_600_000);
    expect(c.home).toBe('.arbiter');
  });

  it('reads the worker variables and names every bad one, with the shared ones, at once', () => {
    expect(loadConfig({ ...base, WORKER_ID: 'w1', WORKER_RENDER_THREADS: '3', WORKER_QUEUE_PREFIX: 'arb' }).worker).toMatchObject({ workerId: 'w1', renderThreads: 3, queuePrefix: 'arb' });
    try {
      loadConfig({ ...base, API_PORT: 'x', WORKER_ID: 'has space', WORKER_TURN_CONCURRENCY: '0', WORKER_QUEUE_PREFIX: 'a:b', MAIL_IN_SMTP_PORT: '70000' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const m = (e as Error).message;
      expect(m).toMatch(/^Invalid configuration:\n/);
      expect(m).toContain('WORKER_ID: must be 1-64 letters, digits, ".", "_" or "-"');
      expect(m).toContain('WORKER_TURN_CONCURRENCY:');
      expect(m).toContain('WORKER_QUEUE_PREFIX: must be 1-32 letters, digits, "_" or "-"');
      expect((e as ConfigError).issues.map((i) => i.variable).sort()).toEqual(['API_PORT', 'MAIL_IN_SMTP_PORT', 'WORKER_ID', 'WORKER_QUEUE_PREFIX', 'WORKER_TURN_CONCURRENCY']);
    }
  });

  it('refuses the crash-test hook outside tests', () => {
    expect(() => loadConfig({ ...base, ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '1000' })).toThrow('ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: is a test hook and is refused unless NODE_ENV=test');
    expect(loadConfig({ ...base, NODE_ENV: 'test', ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: '1000' }).worker.testPauseBeforeCommitMs).toBe(1000);
  });

  it('checks what the mail intake needs only in a process that runs it', () => {
    expect(loadConfig(base).mailIn.smtp?.acceptedDomains).toEqual([]);
    expect(() => loadConfig(base, { components: ['mail-in'] })).toThrow(/MAIL_IN_DOMAINS: is required when the SMTP intake is on/);
    expect(loadConfig({ ...base, MAIL_IN_DOMAINS: 'Orders.Example.org, b.test' }, { components: ['mail-in'] }).mailIn.smtp?.acceptedDomains).toEqual(['orders.example.org', 'b.test']);
    expect(() => loadConfig({ ...base, MAIL_IN_SMTP_ENABLED: 'false' }, { components: ['mail-in'] })).toThrow(/no way for mail to come in/);
    const files = { MAIL_IN_DOMAINS: 'a.test', MAIL_IN_TLS_KEY_FILE: '/nonexistent/key.pem', MAIL_IN_TLS_CERT_FILE: '/nonexistent/cert.pem' };
    expect(loadConfig({ ...base, ...files }).mailIn.smtp?.tls).toEqual({ keyFile: '/nonexistent/key.pem', certFile: '/nonexistent/cert.pem' });
    expect(() => loadConfig({ ...base, ...files }, { components: ['mail-in'] })).toThrow(/MAIL_IN_TLS_KEY_FILE: cannot read \/nonexistent\/key\.pem/);
  });

  it('the API component requires GM_TOKEN', () => {
    expect(() => loadConfig(base, { components: ['api'] })).toThrow(/GM_TOKEN: is required but not set/);
  });
});

describe('the order text limit', () => {
  it('is one limit for REST and mail: ORDER_MAX_*, else the deprecated API_MAX_ORDER_* / MAIL_IN_MAX_ORDER_* (the larger), else 500 lines and 50,000 characters', () => {
    const limits = (env: Record<string, string>) => {
      const c = loadConfig({ ...base, ...env });
      return [c.orderLimits, c.api.orderLimits, c.mailIn.limits];
    };
    expect(limits({})).toEqual([{ maxLines: 500, maxChars: 50_000 }, { maxLines: 500, maxChars: 50_000 }, { maxOrderLines: 500, maxOrderChars: 50_000 }]);
    expect(limits({ ORDER_MAX_LINES: '200', ORDER_MAX_CHARS: '30000', API_MAX_ORDER_CHARS: '90000' })[0]).toEqual({ maxLines: 200, maxChars: 30_000 });
    // A .env copied from the old .env.example sets both old pairs: no text either channel took is refused now.
    expect(limits({ API_MAX_ORDER_LINES: '500', API_MAX_ORDER_CHARS: '20000', MAIL_IN_MAX_ORDER_LINES: '500', MAIL_IN_MAX_ORDER_CHARS: '50000' })).toEqual([
      { maxLines: 500, maxChars: 50_000 },
      { maxLines: 500, maxChars: 50_000 },
      { maxOrderLines: 500, maxOrderChars: 50_000 },
    ]);
    expect(limits({ API_MAX_ORDER_CHARS: '10000' })[2]).toEqual({ maxOrderLines: 500, maxOrderChars: 10_000 });
  });
});

describe('loadLocalConfig', () => {
  it('reads LOG_LEVEL, ARBITER_HOME, API_WORKERS, GM_TOKEN, the database port and the listen addresses without DATABASE_URL, and names a bad one', () => {
    expect(loadLocalConfig({})).toEqual({
      logLevel: 'info',
      home: '.arbiter',
      gmToken: undefined,
      apiWorkers: 1,
      dbPort: 5433,
      listen: { api: { host: '127.0.0.1', port: 3000 }, smtp: { host: '127.0.0.1', port: 2525 } },
    });
    expect(loadLocalConfig({ ARBITER_DB_PORT: '6543', API_PORT: '8080', MAIL_IN_SMTP_ENABLED: 'false' })).toMatchObject({ dbPort: 6543, listen: { api: { port: 8080 }, smtp: null } });
    expect(() => loadLocalConfig({ ARBITER_DB_PORT: '0', API_PORT: 'x' })).toThrow(/ARBITER_DB_PORT: [\s\S]*API_PORT: |API_PORT: [\s\S]*ARBITER_DB_PORT: /);
    expect(loadLocalConfig({ API_WORKERS: '3' }).apiWorkers).toBe(3);
    expect(() => loadLocalConfig({ API_WORKERS: '0' })).toThrow(/API_WORKERS: /);
    expect(loadLocalConfig({ ARBITER_HOME: ' /srv/a ', LOG_LEVEL: 'warn' })).toMatchObject({ logLevel: 'warn', home: '/srv/a' });
    expect(() => loadLocalConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: /);
  });
});
