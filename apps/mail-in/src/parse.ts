// Raw RFC 5322 bytes -> what the intake pipeline needs, with mailparser. Everything after this step
// (screening, extraction) is pure.

import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { AddressObject, Attachment, ParsedMail, StructuredHeader } from 'mailparser';
import type { MailAttachment, MailContent } from './extract.ts';

export interface ReadMail {
  /** The Message-ID with angle brackets; when the mail has none, `<sha256-of-the-bytes@arbiter.invalid>`. */
  messageId: string;
  /** True when `messageId` was made up from the bytes. */
  messageIdSynthesised: boolean;
  /** The From address, lower-cased domain; null when missing or unparseable. */
  from: string | null;
  /** Where a reply goes: Reply-To if present, else From. */
  replyAddress: string | null;
  subject: string;
  /** Header name (lower case) -> raw unfolded values. */
  headers: Map<string, string[]>;
  content: MailContent;
  /** Size of the raw mail in bytes. */
  size: number;
}

/** Options for mailparser: bounded so a hostile mail cannot make the parser do unbounded work. */
const PARSER_OPTIONS = {
  maxHtmlLengthToParse: 2_000_000,
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  keepCidLinks: true,
  checksumAlgo: false,
  maxChildNodes: 200,
} as const;

function firstAddress(value: AddressObject | AddressObject[] | undefined): string | null {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const o of objects) {
    for (const a of o.value) {
      const address = a.address ?? a.group?.find((g) => g.address !== undefined)?.address;
      if (address !== undefined && address.includes('@')) return address.trim();
    }
  }
  return null;
}

function rawHeaders(parsed: ParsedMail): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const colon = line.indexOf(':');
    const value = (colon < 0 ? '' : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, ' ').trim();
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}

function charsetOf(a: Attachment): string | null {
  const ct = a.headers.get('content-type');
  if (ct !== undefined && typeof ct === 'object' && 'params' in ct) {
    const charset = (ct as StructuredHeader).params['charset'];
    return charset ?? null;
  }
  return null;
}

async function toContent(parsed: ParsedMail, depth: number): Promise<MailContent> {
  const attachments: MailAttachment[] = [];
  const forwarded: MailContent[] = [];
  for (const a of parsed.attachments) {
    const contentType = a.contentType.toLowerCase();
    if (contentType === 'message/rfc822' && depth < 2) {
      try {
        forwarded.push(await toContent(await simpleParser(a.content, PARSER_OPTIONS), depth + 1));
        continue;
      } catch {
        // Unparseable embedded message: kept as an ordinary (ignored) attachment below.
      }
    }
    attachments.push({
      filename: a.filename ?? null,
      contentType,
      charset: charsetOf(a),
      content: a.content,
      related: a.related === true,
    });
  }
  const text = parsed.text ?? null;
  return {
    subject: parsed.subject ?? '',
    text: text !== null && text.trim() === '' && parsed.html === undefined ? null : text,
    htmlUnreadable: parsed.textConversionError !== undefined,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    attachments,
    forwarded,
  };
}

/** Parses raw mail bytes. Never throws for bad input: mailparser reads anything as some mail. */
export async function readMail(raw: Buffer): Promise<ReadMail> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, PARSER_OPTIONS);
  } catch {
    parsed = { attachments: [], headers: new Map(), headerLines: [], html: false };
  }
  const headers = rawHeaders(parsed);
  const rawId = parsed.messageId?.trim();
  const synthesised = rawId === undefined || rawId === '' || rawId === '<>';
  const messageId = synthesised
    ? `<${createHash('sha256').update(raw).digest('hex')}@arbiter.invalid>`
    : rawId.length > 900
      ? `<${createHash('sha256').update(rawId).digest('hex')}@long-id.arbiter.invalid>`
      : rawId;
  const from = firstAddress(parsed.from);
  const replyTo = firstAddress(parsed.replyTo);
  return {
    messageId,
    messageIdSynthesised: synthesised,
    from,
    replyAddress: replyTo ?? from,
    subject: parsed.subject ?? '',
    headers,
    content: await toContent(parsed, 0),
    size: raw.length,
  };
}
