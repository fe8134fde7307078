// The API's /docs page (Swagger UI) in a real browser under its Content-Security-Policy (issue 27): it shares
// the origin where the browser keeps the GM token, so it is served with a CSP, and the page must still
// work under it: the API's title and routes rendered, no violation reported.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './pages.ts';

const web = serverAndBrowser();

describe('/docs', () => {
  it('renders the API under its CSP without a violation', async () => {
    const context = await web.browser.newContext();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      const response = await page.goto(`${web.server.url}/docs`);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      await page.locator('.swagger-ui .info .title').filter({ hasText: 'Arbiter' }).waitFor({ timeout: 30_000 });
      await page.locator('.opblock-summary-path', { hasText: '/v1/games/{gameId}/orders' }).first().waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
