// The SMTP transport from the operator's SMTP_URL.
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';

/** The part of a nodemailer transporter the outbox sender uses (a real transporter satisfies it). */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId: string; accepted: unknown[]; rejected: unknown[]; response: string }>;
  close(): void;
}

/**
 * Checks an SMTP_URL and creates a pooled SMTP transport from it. Accepted forms:
 * `smtp://host:port` (STARTTLS when offered), `smtps://host:465` (implicit TLS),
 * with optional `user:password@` credentials (percent-encoded) and nodemailer's query options
 * (e.g. `?tls.rejectUnauthorized=false` for a local relay with a self-signed certificate).
 */
export function createSmtpTransport(smtpUrl: string): Transporter & MailTransport {
  const problem = checkSmtpUrl(smtpUrl);
  if (problem !== null) throw new Error(`SMTP_URL: ${problem}`);
  const url = new URL(smtpUrl);
  // A URL string keeps nodemailer's own URL options working; pooling reuses the connection for a batch.
  const sep = url.search === '' ? '?' : '&';
  return nodemailer.createTransport(`${smtpUrl}${sep}pool=true&maxConnections=2`) as unknown as Transporter & MailTransport;
}

/** Null when the URL is usable, else what is wrong with it. */
export function checkSmtpUrl(smtpUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return `"${redact(smtpUrl)}" is not a URL (expected smtp://host:port or smtps://host:port)`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `scheme "${url.protocol}" is not supported (expected smtp: or smtps:)`;
  }
  if (url.hostname === '') return 'the host is missing';
  if (url.port !== '' && (Number(url.port) < 1 || Number(url.port) > 65535)) return `port ${url.port} is out of range`;
  return null;
}

function redact(s: string): string {
  return s.replace(/\/\/[^@/]*@/, '//***@');
}
