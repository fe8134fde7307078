// The mail-in process's configuration: the shared settings from @arbiter/config (database, log level,
// MAIL_FROM) plus the MAIL_IN_* variables below, parsed once at start with zod. Every variable is
// documented in docs/operations.md ("Mail intake").

import { readFileSync } from 'node:fs';
import { loadConfig, ConfigError, type Config } from '@arbiter/config';
import { z } from 'zod';
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from './extract.ts';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const mailInEnvSchema = z.object({
  MAIL_IN_SMTP_ENABLED: bool.default(true),
  MAIL_IN_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  MAIL_IN_SMTP_PORT: int(0, 65535).default(2525),
  /** Processes serving the SMTP port (node:cluster); each has its own database pool. */
  MAIL_IN_SMTP_WORKERS: int(1, 64).default(1),
  /** Comma-separated recipient domains the SMTP intake accepts mail for. */
  MAIL_IN_DOMAINS: z.string().optional(),
  MAIL_IN_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(5 * 1024 * 1024),
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
  MAIL_IN_IMAP_ALLOW_SELF_SIGNED: bool.default(false),
  MAIL_IN_MAX_ORDER_LINES: int(1, 100_000).default(DEFAULT_EXTRACT_LIMITS.maxOrderLines),
  MAIL_IN_MAX_ORDER_CHARS: int(100, 10_000_000).default(DEFAULT_EXTRACT_LIMITS.maxOrderChars),
  MAIL_IN_REFUSAL_INTERVAL_MS: int(0, 7 * 86_400_000).default(3_600_000),
});

export interface MailInConfig {
  base: Config;
  smtp: {
    host: string;
    port: number;
    workers: number;
    acceptedDomains: string[];
    maxMessageBytes: number;
    serverName: string | undefined;
    tls: { key: Buffer; cert: Buffer } | undefined;
  } | null;
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
    allowSelfSigned: boolean;
  } | null;
  maxMessageBytes: number;
  limits: ExtractLimits;
  refusalIntervalMs: number;
}

/** Parses the environment once; throws ConfigError naming every bad or missing variable. */
export function loadMailInConfig(env: Record<string, string | undefined> = process.env): MailInConfig {
  const base = loadConfig(env);
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(mailInEnvSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') cleaned[key] = v.trim();
  }
  const parsed = mailInEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? '(environment)'), message: i.message })));
  }
  const e = parsed.data;
  const issues: { variable: string; message: string }[] = [];

  let smtp: MailInConfig['smtp'] = null;
  if (e.MAIL_IN_SMTP_ENABLED) {
    const domains = (e.MAIL_IN_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase()).filter((d) => d !== '');
    if (domains.length === 0) issues.push({ variable: 'MAIL_IN_DOMAINS', message: 'is required when the SMTP intake is on: the domains it takes orders for, e.g. orders.example.org' });
    for (const d of domains) {
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(d)) issues.push({ variable: 'MAIL_IN_DOMAINS', message: `"${d}" is not a domain name` });
    }
    let tls: { key: Buffer; cert: Buffer } | undefined;
    if ((e.MAIL_IN_TLS_KEY_FILE === undefined) !== (e.MAIL_IN_TLS_CERT_FILE === undefined)) {
      issues.push({ variable: 'MAIL_IN_TLS_KEY_FILE', message: 'MAIL_IN_TLS_KEY_FILE and MAIL_IN_TLS_CERT_FILE must be set together' });
    } else if (e.MAIL_IN_TLS_KEY_FILE !== undefined && e.MAIL_IN_TLS_CERT_FILE !== undefined) {
      try {
        tls = { key: readFileSync(e.MAIL_IN_TLS_KEY_FILE), cert: readFileSync(e.MAIL_IN_TLS_CERT_FILE) };
      } catch (err) {
        issues.push({ variable: 'MAIL_IN_TLS_KEY_FILE', message: `cannot read the key or certificate: ${(err as Error).message}` });
      }
    }
    smtp = { host: e.MAIL_IN_SMTP_HOST, port: e.MAIL_IN_SMTP_PORT, workers: e.MAIL_IN_SMTP_WORKERS, acceptedDomains: domains, maxMessageBytes: e.MAIL_IN_MAX_BYTES, serverName: e.MAIL_IN_SERVER_NAME, tls };
  }

  let imap: MailInConfig['imap'] = null;
  if (e.MAIL_IN_IMAP_URL !== undefined) {
    const u = new URL(e.MAIL_IN_IMAP_URL);
    const secure = u.protocol === 'imaps:';
    if (u.username === '') issues.push({ variable: 'MAIL_IN_IMAP_URL', message: 'has no user name (imaps://user:password@host)' });
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
      allowSelfSigned: e.MAIL_IN_IMAP_ALLOW_SELF_SIGNED,
    };
  }
  if (smtp !== null && smtp.workers > 1 && smtp.port === 0) {
    issues.push({ variable: 'MAIL_IN_SMTP_PORT', message: 'must be a fixed port when MAIL_IN_SMTP_WORKERS is above 1' });
  }
  if (smtp === null && imap === null) {
    issues.push({ variable: 'MAIL_IN_SMTP_ENABLED', message: 'the SMTP intake is off and MAIL_IN_IMAP_URL is not set: there is no way for mail to come in' });
  }
  if (issues.length > 0) throw new ConfigError(issues);
  return {
    base,
    smtp,
    imap,
    maxMessageBytes: e.MAIL_IN_MAX_BYTES,
    limits: { maxOrderLines: e.MAIL_IN_MAX_ORDER_LINES, maxOrderChars: e.MAIL_IN_MAX_ORDER_CHARS },
    refusalIntervalMs: e.MAIL_IN_REFUSAL_INTERVAL_MS,
  };
}
