// The corpus of awkward real-world mails: each test/corpus/NAME.eml is read with the real parser
// (mailparser) and must give exactly what NAME.expected.json says.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSubmission } from '../src/extract.ts';
import { readMail } from '../src/parse.ts';
import { screenAutomatedMail } from '../src/screen.ts';

const dir = join(import.meta.dirname, 'corpus');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.eml'))
  .map((f) => f.slice(0, -'.eml'.length))
  .sort();

interface Expected {
  screen: { automated: boolean; reasonIncludes?: string };
  extraction?:
    | {
        ok: true;
        gameId: string;
        secret: string;
        command: string;
        nation?: string;
        orderText: string;
        source: string;
        warningsInclude: string[];
        warningCount?: number;
      }
    | { ok: false; reason: string };
}

describe('mail corpus', () => {
  it('has the awkward cases the issue lists', () => {
    expect(names.length).toBeGreaterThanOrEqual(25);
  });

  it.each(names)('%s', async (name) => {
    const raw = readFileSync(join(dir, `${name}.eml`));
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as Expected;
    const mail = await readMail(raw);
    const returnPath = mail.headers.get('return-path')?.[0] ?? null;
    const screen = screenAutomatedMail({
      headers: mail.headers,
      envelopeFrom: returnPath === null ? null : returnPath.replace(/^<|>$/g, ''),
      replyAddress: mail.replyAddress,
    });
    expect(screen.automated).toBe(expected.screen.automated);
    if (screen.automated && expected.screen.reasonIncludes !== undefined) {
      expect(screen.reason).toContain(expected.screen.reasonIncludes);
    }
    if (expected.extraction === undefined) return;
    const result = extractSubmission(mail.content);
    if (!expected.extraction.ok) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toBe(expected.extraction.reason);
      return;
    }
    if (!result.ok) throw new Error(`expected a submission, got refusal ${result.reason}: ${result.message}`);
    const s = result.submission;
    expect({ gameId: s.gameId, secret: s.secret, command: s.command, orderText: s.orderText, source: s.source }).toEqual({
      gameId: expected.extraction.gameId,
      secret: expected.extraction.secret,
      command: expected.extraction.command,
      orderText: expected.extraction.orderText,
      source: expected.extraction.source,
    });
    expect(s.nation).toBe(expected.extraction.nation ?? null);
    for (const w of expected.extraction.warningsInclude) {
      expect(s.warnings.some((x) => x.includes(w)), `a warning containing "${w}" in ${JSON.stringify(s.warnings)}`).toBe(true);
    }
    if (expected.extraction.warningCount !== undefined) {
      expect(s.warnings, JSON.stringify(s.warnings)).toHaveLength(expected.extraction.warningCount);
    }
  });
});
