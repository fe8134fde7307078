// @arbiter/config: the zod schema of the environment. A process calls `loadConfig()` once at start and
// passes the parts it needs to the libraries, which never read process.env themselves.
import { accessSync, constants } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';

const postgresUrl = z
  .string()
  .url('must be a URL such as postgresql://user@host:5432/db')
  .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must start with postgresql:// or postgres://');

const redisUrl = z
  .string()
  .url('must be a URL such as redis://127.0.0.1:6379')
  .refine((u) => /^rediss?:\/\//.test(u), 'must start with redis:// or rediss://');

const smtpUrl = z
  .string()
  .url('must be a URL such as smtp://user:pass@host:587')
  .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://');

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * API_TRUST_PROXY: `false` (the socket's address is the client's), or the addresses and CIDR ranges of the
 * reverse proxies whose X-Forwarded-For is believed, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `::1`,
 * or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). `true` (believe anyone's header) is
 * refused: any client could then choose the address its requests are counted under.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): false | string[] => {
    const t = v.trim().toLowerCase();
    if (t === '' || t === 'false' || t === '0' || t === 'no') return false;
    if (t === 'true' || t === '1' || t === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message: 'must name the reverse proxies (e.g. 127.0.0.1 or 10.0.0.0/8), not true: with true any client chooses its own address in X-Forwarded-For',
      });
      return z.NEVER;
    }
    const list = v.split(',').map((x) => x.trim()).filter((x) => x !== '');
    const bad = list.filter((x) => !isProxyAddress(x));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${bad.map((x) => JSON.stringify(x)).join(', ')} is not an IP address, a CIDR range or loopback/linklocal/uniquelocal` });
      return z.NEVER;
    }
    return list;
  });

function isProxyAddress(x: string): boolean {
  if (x === 'loopback' || x === 'linklocal' || x === 'uniquelocal') return true;
  const [ip, bits, ...rest] = x.split('/');
  const family = isIP(ip ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Every environment variable Arbiter reads, with its default. Documented in docs/operations.md. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Ruleset modules played besides the built-in ones, comma-separated module specifiers. Read by the
  // registry (@arbiter/rulesets) itself when it loads, so that every process and thread knows the same
  // rulesets; listed here so that it is documented and checked like every other variable.
  ARBITER_RULESETS: z.string().optional(),
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_MAX: int(1, 200).default(10),
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  SMTP_URL: smtpUrl.default('smtp://127.0.0.1:25'),
  MAIL_FROM: z.string().min(3).default('Arbiter <arbiter@localhost>'),
  /** Where players mail their orders (welcome and reminder mails say it). Default: orders@ the first MAIL_IN_DOMAINS, else MAIL_FROM's address. */
  MAIL_ORDERS_TO: z.string().trim().regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/, 'must be an address such as orders@example.org').optional(),
  GM_TOKEN: z.string().min(32, 'must be at least 32 characters (use e.g. `openssl rand -base64 32`)').optional(),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: int(0, 65535).default(3000),
  API_WORKERS: int(1, 64).default(1),
  API_BODY_LIMIT: int(1024, 50 * 1024 * 1024).default(256 * 1024),
  API_REQUEST_TIMEOUT_MS: int(1000, 3_600_000).default(30_000),
  /**
   * The order text one submission may carry, by REST, mail and the web client alike (@arbiter/intake
   * order-text.ts, ORDER_TEXT_LIMITS: 500 lines, 50,000 characters). API_MAX_ORDER_* and MAIL_IN_MAX_ORDER_*
   * are deprecated aliases, read only when these are unset (the larger of the two when both are set).
   */
  ORDER_MAX_LINES: int(1, 100_000).optional(),
  ORDER_MAX_CHARS: int(100, 10_000_000).optional(),
  API_MAX_ORDER_LINES: int(1, 100_000).optional(),
  API_MAX_ORDER_CHARS: int(100, 10_000_000).optional(),
  API_TRUST_PROXY: trustProxy.default(false),
  API_RATE_LIMIT_MAX: int(1, 10_000_000).default(6000),
  API_RATE_LIMIT_WINDOW_MS: int(1000, 86_400_000).default(60_000),
  API_AUTH_FAILURE_MAX: int(1, 10_000).default(10),
  API_AUTH_FAILURE_WINDOW_MS: int(1000, 86_400_000).default(15 * 60_000),
  /** What one nation may store per turn, by REST, mail or the web client alike (@arbiter/intake submission-quota.ts). */
  INTAKE_MAX_SUBMISSIONS_PER_TURN: int(1, 1_000_000).default(100),
  INTAKE_MAX_STORED_BYTES_PER_TURN: int(1000, 1_000_000_000).default(2_000_000),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** `arbiter start` / `arbiter demo`: the local folder (embedded data, outbox, GM token, heartbeat). */
  ARBITER_HOME: z.string().min(1).default('.arbiter'),
  /** `arbiter start` and the other commands with DATABASE_URL unset: the embedded PostgreSQL's port (127.0.0.1). */
  ARBITER_DB_PORT: int(1, 65535).default(5433),

  // The worker (apps/worker, `arbiter start`): docs/operations.md, "Worker, scheduling and recovery".
  /** Names this process in Turn.claimedBy and the logs. */
  WORKER_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, ".", "_" or "-"').optional(),
  /** Turns adjudicated at once by this process (each is CPU-bound: keep it at or below the cores). */
  WORKER_TURN_CONCURRENCY: int(1, 64).default(1),
  /** How often the schedule sweep looks for due, stalled or missing turn jobs (ms). */
  WORKER_SWEEP_INTERVAL_MS: int(1000, 3_600_000).default(30_000),
  /** How often the outbox is polled for due mail when no turn woke it (ms). */
  WORKER_MAIL_INTERVAL_MS: int(500, 3_600_000).default(5_000),
  /** Rows claimed per outbox batch. */
  WORKER_MAIL_BATCH: int(1, 1000).default(50),
  /** A claim older than this is taken over even if its worker seems alive (ms). */
  TURN_CLAIM_TIMEOUT_MS: int(1000, 86_400_000).default(15 * 60_000),
  /** Outage guard: a turn first run more than this long after its deadline is held for the GM (ms). */
  TURN_OUTAGE_GRACE_MS: int(60_000, 30 * 86_400_000).default(2 * 3_600_000),
  /**
   * BullMQ job lock (ms): a job whose worker stops renewing it (the process died) is handed to another
   * worker after about this long plus the stalled-check interval. Must exceed the longest CPU-bound
   * stretch of a turn (the engine runs in one go), else a live run is taken for stalled.
   */
  WORKER_LOCK_DURATION_MS: int(1000, 3_600_000).default(60_000),
  /** How often BullMQ looks for stalled jobs (ms). */
  WORKER_STALLED_INTERVAL_MS: int(500, 3_600_000).default(30_000),
  /** Threads rendering turn reports beside the main thread (0: none). Default: the cores minus two. */
  WORKER_RENDER_THREADS: int(0, 64).optional(),
  /** BullMQ key prefix; the API's dispatcher must use the same one. */
  WORKER_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, "_" or "-"').default('bull'),
  /** Test hook (refused unless NODE_ENV=test): pause inside the turn's write transaction. */
  ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS: int(0, 600_000).optional(),

  // The mail intake (apps/mail-in, `arbiter start`): docs/operations.md, "Mail intake".
  MAIL_IN_SMTP_ENABLED: bool.default(true),
  MAIL_IN_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  MAIL_IN_SMTP_PORT: int(0, 65535).default(2525),
  /** Processes serving the SMTP port (node:cluster); each has its own database pool. */
  MAIL_IN_SMTP_WORKERS: int(1, 64).default(1),
  /** Comma-separated recipient domains the SMTP intake accepts mail for. */
  MAIL_IN_DOMAINS: z.string().optional(),
  MAIL_IN_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(5 * 1024 * 1024),
  /** Simultaneous SMTP connections from one client address (per SMTP process); past it `421`. */
  MAIL_IN_SMTP_MAX_CLIENTS_PER_ADDRESS: int(1, 10_000).default(5),
  /** An SMTP connection that sends nothing for this long is closed (ms). */
  MAIL_IN_SMTP_IDLE_TIMEOUT_MS: int(1000, 3_600_000).default(60_000),
  MAIL_IN_SERVER_NAME: z.string().min(1).optional(),
  MAIL_IN_TLS_KEY_FILE: z.string().min(1).optional(),
  MAIL_IN_TLS_CERT_FILE: z.string().min(1).optional(),
  MAIL_IN_IMAP_URL: z
    .string()
    .url('must be a URL such as imaps://user:password@imap.example.org:993')
    .refine((u) => /^imaps?:\/\//.test(u), 'must start with imap:// or imaps://')
    .optional(),
  MAIL_IN_IMAP_MAILBOX: z.string().min(1).default('INBOX'),
  /** Where handled mail is moved; "none" to only flag it. */
  MAIL_IN_IMAP_PROCESSED_MAILBOX: z.string().min(1).default('Processed'),
  MAIL_IN_IMAP_ONLY_UNSEEN: bool.default(true),
  MAIL_IN_IMAP_INTERVAL_MS: int(1000, 86_400_000).default(30_000),
  /** Wait in IMAP IDLE between polls when the server offers it. */
  MAIL_IN_IMAP_IDLE: bool.default(true),
  MAIL_IN_IMAP_ALLOW_SELF_SIGNED: bool.default(false),
  /** Deprecated aliases of ORDER_MAX_LINES and ORDER_MAX_CHARS (above). */
  MAIL_IN_MAX_ORDER_LINES: int(1, 100_000).optional(),
  MAIL_IN_MAX_ORDER_CHARS: int(100, 10_000_000).optional(),
  MAIL_IN_REFUSAL_INTERVAL_MS: int(0, 7 * 86_400_000).default(3_600_000),
  MAIL_IN_QUOTA_WINDOW_MS: int(60_000, 30 * 86_400_000).default(86_400_000),
  MAIL_IN_QUOTA_SENDER_BYTES: int(0, 10 * 1024 * 1024 * 1024).default(50 * 1024 * 1024),
  MAIL_IN_QUOTA_STRANGER_BYTES: int(0, 10 * 1024 * 1024 * 1024).default(5 * 1024 * 1024),
  MAIL_IN_QUOTA_STRANGER_FAILURES: int(0, 1_000_000).default(20),
  /** Wrong-secret mails per SMTP client address (any From) per window kept and answered. */
  MAIL_IN_QUOTA_CLIENT_FAILURES: int(0, 1_000_000).default(100),
  /** Refusal mails per SMTP client address per MAIL_IN_REFUSAL_INTERVAL_MS, whatever From it forges. */
  MAIL_IN_REFUSALS_PER_CLIENT: int(0, 100_000).default(10),
});

/** The parts of Arbiter a process can run; each adds the checks of what it cannot run without. */
export type Component = 'api' | 'worker' | 'mail-in';

/** The worker's settings (apps/worker's `startWorker`). */
export interface WorkerConfig {
  workerId: string;
  turnConcurrency: number;
  sweepIntervalMs: number;
  mailIntervalMs: number;
  mailBatch: number;
  claimTimeoutMs: number;
  outageGraceMs: number;
  queuePrefix: string;
  renderThreads: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  testPauseBeforeCommitMs: number | undefined;
}

/** The mail intake's settings (apps/mail-in). */
export interface MailInConfig {
  /** Null when MAIL_IN_SMTP_ENABLED=false. */
  smtp: {
    host: string;
    port: number;
    workers: number;
    /** Lower case; empty only when the process was not loaded for the 'mail-in' component. */
    acceptedDomains: string[];
    maxMessageBytes: number;
    /** MAIL_IN_SMTP_MAX_CLIENTS_PER_ADDRESS. */
    maxClientsPerAddress: number;
    /** MAIL_IN_SMTP_IDLE_TIMEOUT_MS. */
    idleTimeoutMs: number;
    serverName: string | undefined;
    /** PEM files; with the 'mail-in' component both were checked to be readable. */
    tls: { keyFile: string; certFile: string } | undefined;
  } | null;
  /** Null when MAIL_IN_IMAP_URL is unset. */
  imap: {
    host: string;
    port: number;
    secure: boolean;
    user: string;
    password: string;
    mailbox: string;
    processedMailbox: string | null;
    onlyUnseen: boolean;
    intervalMs: number;
    /** IMAP IDLE between polls (MAIL_IN_IMAP_IDLE); the interval stays as the fallback. */
    idle: boolean;
    allowSelfSigned: boolean;
  } | null;
  maxMessageBytes: number;
  /** Config.orderLimits in the mail extraction's names. */
  limits: { maxOrderLines: number; maxOrderChars: number };
  refusalIntervalMs: number;
  /** MAIL_IN_REFUSALS_PER_CLIENT. */
  refusalsPerClient: number;
  /** What one sender or SMTP client may have stored (MAIL_IN_QUOTA_*): apps/mail-in/src/quota.ts. */
  quota: { windowMs: number; senderBytes: number; strangerBytes: number; strangerFailures: number; clientFailures: number };
}

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { url: string; poolMax: number };
  redis: { url: string };
  smtp: { url: string };
  mail: {
    from: string;
    /** MAIL_ORDERS_TO, or its default: where players mail orders. */
    ordersTo: string;
  };
  /** The game master's bearer token; undefined when unset (the API refuses to start without it). */
  gmToken: string | undefined;
  api: {
    host: string;
    port: number;
    /** API processes sharing the port (node:cluster); each has its own pool of DATABASE_POOL_MAX. */
    workers: number;
    /** Largest accepted request body, in bytes. */
    bodyLimit: number;
    /** Longest time to receive a whole request (headers and body), ms; then 408. */
    requestTimeoutMs: number;
    /** Config.orderLimits (413 past them). */
    orderLimits: { maxLines: number; maxChars: number };
    /** false, or the reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client address. */
    trustProxy: false | string[];
    /** All requests per client address per window. */
    rateLimit: { max: number; windowMs: number };
    /** Failed authentications per client address per window; further attempts get 429. */
    authFailureLimit: { max: number; windowMs: number };
    publicBaseUrl: string | undefined;
    /** Where players reach the API (links in mails): PUBLIC_BASE_URL without a trailing slash, else http://API_HOST:API_PORT. */
    publicUrl: string;
  };
  worker: WorkerConfig;
  mailIn: MailInConfig;
  /** What one nation may store per turn (INTAKE_MAX_*), whichever way its orders come. */
  /**
   * Most non-blank order lines and characters one submission may carry, by any channel (ORDER_MAX_LINES,
   * ORDER_MAX_CHARS): the intake refuses more, nothing stored (REST 413, mail a refusal reply).
   */
  orderLimits: { maxLines: number; maxChars: number };
  submissionQuota: { submissionsPerTurn: number; storedBytesPerTurn: number };
  /** ARBITER_HOME: the local folder of `arbiter start` (default .arbiter). */
  home: string;
}

export class ConfigError extends Error {
  readonly issues: { variable: string; message: string }[];
  constructor(issues: { variable: string; message: string }[]) {
    super(
      'Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n') +
        '\nSee docs/operations.md for every variable and its default.',
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

type EnvKey = keyof z.infer<typeof envSchema>;

export interface LoadConfigOptions {
  /** Optional variables this process cannot run without (e.g. the API needs GM_TOKEN). */
  require?: EnvKey[];
  /**
   * The components this process runs. Each adds the checks of what it cannot run without: 'api' needs
   * GM_TOKEN; 'mail-in' needs MAIL_IN_DOMAINS while the SMTP intake is on, a way for mail to come in
   * (SMTP or MAIL_IN_IMAP_URL) and readable MAIL_IN_TLS_* files. Every variable's own form is checked
   * in every process.
   */
  components?: readonly Component[];
}

type Issue = { variable: string; message: string };
type Env = z.infer<typeof envSchema>;

/** The default of ORDER_MAX_* (the same as @arbiter/intake's ORDER_TEXT_LIMITS, which config does not import). */
const ORDER_LIMIT_DEFAULTS = { maxLines: 500, maxChars: 50_000 } as const;

/**
 * The one order text limit: ORDER_MAX_*, else the deprecated API_MAX_ORDER_* and MAIL_IN_MAX_ORDER_* (the
 * larger where both are set, so that no text either channel took before is refused now), else the default.
 */
function orderLimitsOf(e: Env): { maxLines: number; maxChars: number } {
  const alias = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
  return {
    maxLines: e.ORDER_MAX_LINES ?? alias(e.API_MAX_ORDER_LINES, e.MAIL_IN_MAX_ORDER_LINES) ?? ORDER_LIMIT_DEFAULTS.maxLines,
    maxChars: e.ORDER_MAX_CHARS ?? alias(e.API_MAX_ORDER_CHARS, e.MAIL_IN_MAX_ORDER_CHARS) ?? ORDER_LIMIT_DEFAULTS.maxChars,
  };
}
/**
 * Reports an issue of a check across variables, unless a variable it reads was itself bad (and so read
 * as its default): its message would then be about a value nobody gave.
 */
type Report = (reads: readonly EnvKey[], issue: Issue) => void;

const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function workerConfig(e: Env, report: Report): WorkerConfig {
  if (e.ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS !== undefined && e.NODE_ENV !== 'test') {
    report(['ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS', 'NODE_ENV'], { variable: 'ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS', message: 'is a test hook and is refused unless NODE_ENV=test' });
  }
  return {
    workerId: e.WORKER_ID ?? `${hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40)}-${process.pid}`,
    turnConcurrency: e.WORKER_TURN_CONCURRENCY,
    sweepIntervalMs: e.WORKER_SWEEP_INTERVAL_MS,
    mailIntervalMs: e.WORKER_MAIL_INTERVAL_MS,
    mailBatch: e.WORKER_MAIL_BATCH,
    claimTimeoutMs: e.TURN_CLAIM_TIMEOUT_MS,
    outageGraceMs: e.TURN_OUTAGE_GRACE_MS,
    queuePrefix: e.WORKER_QUEUE_PREFIX,
    renderThreads: e.WORKER_RENDER_THREADS ?? Math.max(0, availableParallelism() - 2),
    lockDurationMs: e.WORKER_LOCK_DURATION_MS,
    stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
    testPauseBeforeCommitMs: e.ARBITER_TEST_PAUSE_BEFORE_COMMIT_MS,
  };
}

function mailInConfig(e: Env, runsMailIn: boolean, report: Report): MailInConfig {
  let smtp: MailInConfig['smtp'] = null;
  if (e.MAIL_IN_SMTP_ENABLED) {
    const domains = (e.MAIL_IN_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase()).filter((d) => d !== '');
    if (domains.length === 0 && runsMailIn) {
      report(['MAIL_IN_SMTP_ENABLED', 'MAIL_IN_DOMAINS'], { variable: 'MAIL_IN_DOMAINS', message: 'is required when the SMTP intake is on: the domains it takes orders for, e.g. orders.example.org' });
    }
    for (const d of domains) {
      if (!DOMAIN.test(d)) report(['MAIL_IN_DOMAINS'], { variable: 'MAIL_IN_DOMAINS', message: `"${d}" is not a domain name` });
    }
    let tls: { keyFile: string; certFile: string } | undefined;
    if ((e.MAIL_IN_TLS_KEY_FILE === undefined) !== (e.MAIL_IN_TLS_CERT_FILE === undefined)) {
      report(['MAIL_IN_TLS_KEY_FILE', 'MAIL_IN_TLS_CERT_FILE'], { variable: 'MAIL_IN_TLS_KEY_FILE', message: 'MAIL_IN_TLS_KEY_FILE and MAIL_IN_TLS_CERT_FILE must be set together' });
    } else if (e.MAIL_IN_TLS_KEY_FILE !== undefined && e.MAIL_IN_TLS_CERT_FILE !== undefined) {
      tls = { keyFile: e.MAIL_IN_TLS_KEY_FILE, certFile: e.MAIL_IN_TLS_CERT_FILE };
      if (runsMailIn) {
        for (const [variable, file] of [['MAIL_IN_TLS_KEY_FILE', tls.keyFile], ['MAIL_IN_TLS_CERT_FILE', tls.certFile]] as const) {
          try {
            accessSync(file, constants.R_OK);
          } catch (err) {
            report([variable], { variable, message: `cannot read ${file}: ${(err as Error).message}` });
          }
        }
      }
    }
    if (e.MAIL_IN_SMTP_WORKERS > 1 && e.MAIL_IN_SMTP_PORT === 0) {
      report(['MAIL_IN_SMTP_WORKERS', 'MAIL_IN_SMTP_PORT'], { variable: 'MAIL_IN_SMTP_PORT', message: 'must be a fixed port when MAIL_IN_SMTP_WORKERS is above 1' });
    }
    smtp = {
      host: e.MAIL_IN_SMTP_HOST,
      port: e.MAIL_IN_SMTP_PORT,
      workers: e.MAIL_IN_SMTP_WORKERS,
      acceptedDomains: domains,
      maxMessageBytes: e.MAIL_IN_MAX_BYTES,
      maxClientsPerAddress: e.MAIL_IN_SMTP_MAX_CLIENTS_PER_ADDRESS,
      idleTimeoutMs: e.MAIL_IN_SMTP_IDLE_TIMEOUT_MS,
      serverName: e.MAIL_IN_SERVER_NAME,
      tls,
    };
  }

  let imap: MailInConfig['imap'] = null;
  if (e.MAIL_IN_IMAP_URL !== undefined) {
    const u = new URL(e.MAIL_IN_IMAP_URL);
    const secure = u.protocol === 'imaps:';
    if (u.username === '') report(['MAIL_IN_IMAP_URL'], { variable: 'MAIL_IN_IMAP_URL', message: 'has no user name (imaps://user:password@host)' });
    imap = {
      host: u.hostname,
      port: u.port === '' ? (secure ? 993 : 143) : Number(u.port),
      secure,
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      mailbox: e.MAIL_IN_IMAP_MAILBOX,
      processedMailbox: e.MAIL_IN_IMAP_PROCESSED_MAILBOX.toLowerCase() === 'none' ? null : e.MAIL_IN_IMAP_PROCESSED_MAILBOX,
      onlyUnseen: e.MAIL_IN_IMAP_ONLY_UNSEEN,
      intervalMs: e.MAIL_IN_IMAP_INTERVAL_MS,
      idle: e.MAIL_IN_IMAP_IDLE,
      allowSelfSigned: e.MAIL_IN_IMAP_ALLOW_SELF_SIGNED,
    };
  }
  if (runsMailIn && smtp === null && imap === null) {
    report(['MAIL_IN_SMTP_ENABLED', 'MAIL_IN_IMAP_URL'], { variable: 'MAIL_IN_SMTP_ENABLED', message: 'the SMTP intake is off and MAIL_IN_IMAP_URL is not set: there is no way for mail to come in' });
  }
  return {
    smtp,
    imap,
    maxMessageBytes: e.MAIL_IN_MAX_BYTES,
    limits: { maxOrderLines: orderLimitsOf(e).maxLines, maxOrderChars: orderLimitsOf(e).maxChars },
    refusalIntervalMs: e.MAIL_IN_REFUSAL_INTERVAL_MS,
    refusalsPerClient: e.MAIL_IN_REFUSALS_PER_CLIENT,
    quota: {
      windowMs: e.MAIL_IN_QUOTA_WINDOW_MS,
      senderBytes: e.MAIL_IN_QUOTA_SENDER_BYTES,
      strangerBytes: e.MAIL_IN_QUOTA_STRANGER_BYTES,
      strangerFailures: e.MAIL_IN_QUOTA_STRANGER_FAILURES,
      clientFailures: e.MAIL_IN_QUOTA_CLIENT_FAILURES,
    },
  };
}

/** MAIL_ORDERS_TO, else orders@ the first domain the SMTP intake takes, else MAIL_FROM's address. */
function ordersAddress(e: Env, mailIn: MailInConfig): string {
  if (e.MAIL_ORDERS_TO !== undefined) return e.MAIL_ORDERS_TO;
  const domain = mailIn.smtp?.acceptedDomains[0] ?? (e.MAIL_IN_DOMAINS ?? '').split(',')[0]?.trim().toLowerCase();
  if (domain !== undefined && domain !== '') return `orders@${domain}`;
  return /<([^<>]+)>\s*$/.exec(e.MAIL_FROM)?.[1]?.trim() ?? e.MAIL_FROM.trim();
}

/** PUBLIC_BASE_URL without its trailing slash, else the address the API listens on (a wildcard as 127.0.0.1). */
function publicUrlOf(e: Env): string {
  if (e.PUBLIC_BASE_URL !== undefined) return e.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const host = e.API_HOST === '0.0.0.0' || e.API_HOST === '::' ? '127.0.0.1' : e.API_HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${e.API_PORT}`;
}

/** Parse the environment once. Throws ConfigError naming every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadConfigOptions = {}): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') cleaned[key] = v.trim();
  }
  // Each variable on its own, so that one bad value does not hide the checks across variables: the error
  // names every bad variable at once. A bad one is read as its default by those checks (which then skip
  // what they would say about it).
  const issues: Issue[] = [];
  const bad = new Set<EnvKey>();
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(envSchema.shape) as [EnvKey, z.ZodType][]) {
    const parsed = schema.safeParse(cleaned[key]);
    if (parsed.success) {
      values[key] = parsed.data;
      continue;
    }
    bad.add(key);
    values[key] = schema.safeParse(undefined).data;
    for (const issue of parsed.error.issues) issues.push({ variable: key, message: cleaned[key] === undefined ? 'is required but not set' : issue.message });
  }
  const e = values as Env;
  const report: Report = (reads, issue) => {
    if (reads.every((k) => !bad.has(k))) issues.push(issue);
  };
  const components = new Set(options.components ?? []);
  const required = new Set<EnvKey>(options.require ?? []);
  if (components.has('api')) required.add('GM_TOKEN');
  for (const key of required) {
    if (e[key] === undefined) report([key], { variable: key, message: 'is required but not set' });
  }
  const worker = workerConfig(e, report);
  const mailIn = mailInConfig(e, components.has('mail-in'), report);
  if (issues.length > 0) throw new ConfigError(issues);
  return {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL },
    smtp: { url: e.SMTP_URL },
    mail: { from: e.MAIL_FROM, ordersTo: ordersAddress(e, mailIn) },
    gmToken: e.GM_TOKEN,
    api: {
      host: e.API_HOST,
      port: e.API_PORT,
      workers: e.API_WORKERS,
      bodyLimit: e.API_BODY_LIMIT,
      requestTimeoutMs: e.API_REQUEST_TIMEOUT_MS,
      orderLimits: orderLimitsOf(e),
      trustProxy: e.API_TRUST_PROXY,
      rateLimit: { max: e.API_RATE_LIMIT_MAX, windowMs: e.API_RATE_LIMIT_WINDOW_MS },
      authFailureLimit: { max: e.API_AUTH_FAILURE_MAX, windowMs: e.API_AUTH_FAILURE_WINDOW_MS },
      publicBaseUrl: e.PUBLIC_BASE_URL,
      publicUrl: publicUrlOf(e),
    },
    worker,
    mailIn,
    orderLimits: orderLimitsOf(e),
    submissionQuota: { submissionsPerTurn: e.INTAKE_MAX_SUBMISSIONS_PER_TURN, storedBytesPerTurn: e.INTAKE_MAX_STORED_BYTES_PER_TURN },
    home: e.ARBITER_HOME,
  };
}

/** Parses only the named variables (for commands that need a few before, or instead of, the rest). */
function loadSome<K extends EnvKey>(env: Record<string, string | undefined>, keys: readonly K[]): Pick<Env, K> {
  // zod's pick() cannot take a generic key set; the cast is checked by the return type's use.
  const mask = Object.fromEntries(keys.map((k) => [k, true])) as Partial<Record<EnvKey, true>>;
  const cleaned: Record<string, string> = {};
  for (const key of keys) {
    const v = env[key]?.trim();
    if (v !== undefined && v !== '') cleaned[key] = v;
  }
  const parsed = (envSchema.pick(mask as Record<EnvKey, true>) as unknown as z.ZodType<Pick<Env, K>>).safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const variable = String(i.path[0]);
        return { variable, message: cleaned[variable] === undefined ? 'is required but not set' : i.message };
      }),
    );
  }
  return parsed.data;
}

/** Only DATABASE_URL / DATABASE_POOL_MAX: for the migration scripts, which need nothing else. */
export function loadDatabaseConfig(env: Record<string, string | undefined> = process.env): Config['database'] {
  const e = loadSome(env, ['DATABASE_URL', 'DATABASE_POOL_MAX']);
  return { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX };
}

/**
 * What `arbiter start` and `arbiter demo` need before the rest of the configuration, which depends on
 * the embedded stand-ins they may start (an unset DATABASE_URL is not an error there): LOG_LEVEL,
 * ARBITER_HOME, API_WORKERS (whether to fork API processes) and, for the demo's calls to the API, GM_TOKEN.
 */
export function loadLocalConfig(env: Record<string, string | undefined> = process.env): Pick<Config, 'logLevel' | 'home' | 'gmToken'> & {
  apiWorkers: number;
  /** ARBITER_DB_PORT: the embedded PostgreSQL's port. */
  dbPort: number;
  /** Where the API and the SMTP intake will listen: checked free before anything starts. */
  listen: { api: { host: string; port: number }; smtp: { host: string; port: number } | null };
} {
  const e = loadSome(env, ['LOG_LEVEL', 'ARBITER_HOME', 'GM_TOKEN', 'API_WORKERS', 'ARBITER_DB_PORT', 'API_HOST', 'API_PORT', 'MAIL_IN_SMTP_ENABLED', 'MAIL_IN_SMTP_HOST', 'MAIL_IN_SMTP_PORT']);
  return {
    logLevel: e.LOG_LEVEL,
    home: e.ARBITER_HOME,
    gmToken: e.GM_TOKEN,
    apiWorkers: e.API_WORKERS,
    dbPort: e.ARBITER_DB_PORT,
    listen: {
      api: { host: e.API_HOST, port: e.API_PORT },
      smtp: e.MAIL_IN_SMTP_ENABLED ? { host: e.MAIL_IN_SMTP_HOST, port: e.MAIL_IN_SMTP_PORT } : null,
    },
  };
}
