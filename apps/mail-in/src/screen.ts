// Loop and robot protection: mail that must never be answered (RFC 3834). Such mail is dropped
// without a reply; it is still recorded (InboundMail) so a GM can see it arrived.

import { OWN_X_LOOP } from '@arbiter/mail';

/** The X-Loop value Arbiter writes on everything it sends (packages/mail), and recognises on what it receives. */
export { OWN_X_LOOP };

export interface ScreenInput {
  /** Header name (lower case) to raw values, as they appear in the mail. */
  headers: ReadonlyMap<string, readonly string[]>;
  /** The SMTP envelope sender (MAIL FROM or Return-Path); `''` is the null sender `<>`; null when unknown. */
  envelopeFrom: string | null;
  /** The address replies would go to (Reply-To or From), if any. */
  replyAddress: string | null;
}

export type ScreenResult = { automated: false } | { automated: true; reason: string };

const ROBOT_LOCAL_PARTS = /^(mailer-daemon|postmaster|mail-daemon|maildaemon|bounce[s]?|bounces?[-+.].*|noreply|no-reply|do-not-reply|donotreply|listserv|majordomo|owner-.*|.*-owner|.*-request)$/i;

function localPart(address: string): string {
  const at = address.lastIndexOf('@');
  return (at < 0 ? address : address.slice(0, at)).trim().replace(/^<|>$/g, '');
}

function first(headers: ReadonlyMap<string, readonly string[]>, name: string): string | undefined {
  return headers.get(name)?.[0]?.trim();
}

/** Decides whether a mail comes from a robot, a bounce or a mailing list and must not be answered. */
export function screenAutomatedMail(input: ScreenInput): ScreenResult {
  const { headers } = input;
  if (input.envelopeFrom !== null && input.envelopeFrom.trim().replace(/^<|>$/g, '') === '') {
    return { automated: true, reason: 'null envelope sender (a bounce or delivery report)' };
  }
  const autoSubmitted = first(headers, 'auto-submitted');
  if (autoSubmitted !== undefined && !/^no\b/i.test(autoSubmitted)) {
    return { automated: true, reason: `Auto-Submitted: ${autoSubmitted}` };
  }
  const xLoop = headers.get('x-loop');
  if (xLoop !== undefined && xLoop.length > 0) {
    const own = xLoop.some((v) => v.trim().toLowerCase() === OWN_X_LOOP);
    return { automated: true, reason: own ? 'X-Loop: arbiter (our own mail came back)' : `X-Loop: ${xLoop[0]?.trim() ?? ''}` };
  }
  const precedence = first(headers, 'precedence');
  if (precedence !== undefined && /^(bulk|list|junk|auto_reply)$/i.test(precedence)) {
    return { automated: true, reason: `Precedence: ${precedence}` };
  }
  if (headers.has('list-id')) return { automated: true, reason: 'mailing list mail (List-Id)' };
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-reply']) {
    const v = first(headers, name);
    if (v !== undefined && !/^no$/i.test(v)) return { automated: true, reason: `${name}: ${v}` };
  }
  const contentType = first(headers, 'content-type');
  if (contentType !== undefined && /^multipart\/report\b/i.test(contentType)) {
    return { automated: true, reason: 'delivery or disposition report (multipart/report)' };
  }
  for (const address of [input.envelopeFrom, input.replyAddress]) {
    if (address !== null && address !== '' && ROBOT_LOCAL_PARTS.test(localPart(address))) {
      return { automated: true, reason: `robot sender address ${address}` };
    }
  }
  if (input.replyAddress === null) return { automated: true, reason: 'no sender address to answer' };
  return { automated: false };
}
