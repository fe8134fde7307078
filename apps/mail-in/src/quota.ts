// What the mail intake keeps of a mail past its quota (the limits and their counts are the intake's:
// packages/intake mail-quota.ts, `strangerAnswer` and `authenticatedAnswer`; docs/security.md): its header
// section, with a first header saying why the body was not kept.

import { headerSection } from './redact.ts';

export { DEFAULT_MAIL_QUOTA, type MailQuota } from '@arbiter/intake';

/** The header section of a mail and a header saying why the body was not kept. */
export function headersOnly(raw: Buffer, why: string): Buffer {
  return Buffer.from(`X-Arbiter-Body-Not-Kept: ${why}\r\n${headerSection(raw.toString('latin1'))}`, 'latin1');
}
