// @arbiter/config: the zod schema of the environment. A process calls `loadConfig()` once at start and
// passes the parts it needs to the libraries, which never read process.env themselves.
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

/** Every environment variable Arbiter reads, with its default. Documented in docs/operations.md. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_MAX: int(1, 200).default(10),
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  SMTP_URL: smtpUrl.default('smtp://127.0.0.1:25'),
  MAIL_FROM: z.string().min(3).default('Arbiter <arbiter@localhost>'),
  GM_TOKEN: z.string().min(32, 'must be at least 32 characters (use e.g. `openssl rand -base64 32`)').optional(),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: int(0, 65535).default(3000),
  API_WORKERS: int(1, 64).default(1),
  API_BODY_LIMIT: int(1024, 50 * 1024 * 1024).default(256 * 1024),
  API_TRUST_PROXY: bool.default(false),
  API_RATE_LIMIT_MAX: int(1, 10_000_000).default(6000),
  API_RATE_LIMIT_WINDOW_MS: int(1000, 86_400_000).default(60_000),
  API_AUTH_FAILURE_MAX: int(1, 10_000).default(10),
  API_AUTH_FAILURE_WINDOW_MS: int(1000, 86_400_000).default(15 * 60_000),
  PUBLIC_BASE_URL: z.string().url().optional(),
});

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { url: string; poolMax: number };
  redis: { url: string };
  smtp: { url: string };
  mail: { from: string };
  /** The game master's bearer token; undefined when unset (the API refuses to start without it). */
  gmToken: string | undefined;
  api: {
    host: string;
    port: number;
    /** API processes sharing the port (node:cluster); each has its own pool of DATABASE_POOL_MAX. */
    workers: number;
    /** Largest accepted request body, in bytes. */
    bodyLimit: number;
    trustProxy: boolean;
    /** All requests per client address per window. */
    rateLimit: { max: number; windowMs: number };
    /** Failed authentications per client address per window; further attempts get 429. */
    authFailureLimit: { max: number; windowMs: number };
    publicBaseUrl: string | undefined;
  };
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
}

/** Parse the environment once. Throws ConfigError naming every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadConfigOptions = {}): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') cleaned[key] = v.trim();
  }
  const parsed = envSchema.safeParse(cleaned);
  const issues: { variable: string; message: string }[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? '(environment)');
      const message = cleaned[variable] === undefined ? `is required but not set` : issue.message;
      issues.push({ variable, message });
    }
  } else {
    for (const key of options.require ?? []) {
      if (parsed.data[key] === undefined) issues.push({ variable: key, message: 'is required but not set' });
    }
  }
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL },
    smtp: { url: e.SMTP_URL },
    mail: { from: e.MAIL_FROM },
    gmToken: e.GM_TOKEN,
    api: {
      host: e.API_HOST,
      port: e.API_PORT,
      workers: e.API_WORKERS,
      bodyLimit: e.API_BODY_LIMIT,
      trustProxy: e.API_TRUST_PROXY,
      rateLimit: { max: e.API_RATE_LIMIT_MAX, windowMs: e.API_RATE_LIMIT_WINDOW_MS },
      authFailureLimit: { max: e.API_AUTH_FAILURE_MAX, windowMs: e.API_AUTH_FAILURE_WINDOW_MS },
      publicBaseUrl: e.PUBLIC_BASE_URL,
    },
  };
}

/** Only DATABASE_URL / DATABASE_POOL_MAX: for the migration scripts, which need nothing else. */
export function loadDatabaseConfig(env: Record<string, string | undefined> = process.env): Config['database'] {
  const parsed = envSchema.pick({ DATABASE_URL: true, DATABASE_POOL_MAX: true }).safeParse({
    DATABASE_URL: env.DATABASE_URL?.trim() || undefined,
    DATABASE_POOL_MAX: env.DATABASE_POOL_MAX?.trim() || undefined,
  });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        variable: String(i.path[0]),
        message: env[String(i.path[0])] ? i.message : 'is required but not set',
      })),
    );
  }
  return { url: parsed.data.DATABASE_URL, poolMax: parsed.data.DATABASE_POOL_MAX };
}
