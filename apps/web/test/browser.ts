// A real Chromium that `npm install` brings (@sparticuz/chromium ships the browser inside the registry
// package), driven by playwright-core; axe-core injected into a page for the accessibility check.
import { createRequire } from 'node:module';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  // Its flags are made for one page per process (AWS Lambda): --single-process ends the browser when a
  // context closes, so it is left out; each test has its own context.
  const args = chromium.args.filter((a) => a !== '--single-process');
  return playwright.launch({ executablePath: await chromium.executablePath(), args, headless: true });
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A and AA rules). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
