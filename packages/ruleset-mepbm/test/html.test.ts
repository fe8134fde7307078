import { describe, expect, it } from 'vitest';
import { renderHtmlReport, renderMapSvg } from '../src/index.ts';
import { emptyContext, emptyView, gondorContext, gondorView, nastyView } from './fixtures.ts';

describe('HTML report', () => {
  it('matches the golden file (Gondor, turn 3)', async () => {
    await expect(renderHtmlReport(gondorView, gondorContext)).toMatchFileSnapshot('./__golden__/gondor-turn-3.html');
  });

  it('matches the golden file (a nation with nothing left, no deadline)', async () => {
    await expect(renderHtmlReport(emptyView, emptyContext)).toMatchFileSnapshot('./__golden__/arnor-turn-7.html');
  });

  it('is one self-contained, script-free document with inline styles', () => {
    const html = renderHtmlReport(gondorView, gondorContext);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<style|javascript:|\son[a-z]+=/i);
    // No external resources: the only links are the map's, to entries of the report itself.
    expect(html).not.toMatch(/src=/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
    expect(hrefs.length).toBeGreaterThan(5);
    for (const h of hrefs) {
      expect(h).toMatch(/^#/);
      expect(html, `the target of ${h}`).toContain(`id="${h.slice(1)}"`);
    }
    expect(html).toContain('<svg style="display:block;" xmlns="http://www.w3.org/2000/svg"');
    expect(html.match(/<table /g)?.length).toBe(4 + 3 + 1); // per unit with steps (aragorn, eomer, boromir, swan), per army and navy left, the foreign units
    expect(html).toContain('2915 \u2192 3116');
    expect(html).toContain('Friday 4 December 2026 at 18:00 GMT (Europe/London)');
    expect(html).toContain('eomer, 850, no,\nfrodo, 810,');
  });

  it("has valid ids (no spaces) for JOverseer's ids with spaces, each link reaching its entry", () => {
    const view = structuredClone(gondorView);
    const rename = (from: string, to: string): void => {
      for (const u of view.units) if (u.id === from) u.id = to;
      for (const a of view.forces?.armies ?? []) if (a.id === from) a.id = to;
      for (const x of view.sightings) if (x.unit === from) x.unit = to;
    };
    rename('aragorn', 'ren t');
    rename('black-sail', 'tonn ');
    const html = renderHtmlReport(view, gondorContext);
    const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1] as string);
    for (const id of ids) expect(id, `id "${id}"`).not.toMatch(/\s/);
    expect(ids).toContain('unit-ren_20_t');
    expect(ids).toContain('seen-umbar-tonn_20_');
    expect(new Set(ids).size).toBe(ids.length);
    for (const h of [...html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1] as string)) expect(ids, `the target of #${h}`).toContain(h);
  });

  it('uses a given SVG, or none', () => {
    const svg = renderMapSvg(gondorView, { hexSize: 12, legend: false });
    const html = renderHtmlReport(gondorView, gondorContext, { mapSvg: svg });
    // The same drawing, shown 1.25 times larger: the viewBox stays, width and height grow.
    expect(html).toContain(svg.slice(svg.indexOf('>') + 1));
    const [w, h] = [/width="(\d+)"/.exec(svg)?.[1], /height="(\d+)"/.exec(svg)?.[1]].map(Number) as [number, number];
    expect(html).toContain(`<svg style="display:block;" xmlns="http://www.w3.org/2000/svg" width="${Math.round(w * 1.25)}" height="${Math.round(h * 1.25)}" viewBox="0 0 ${w} ${h}"`);
    const without = renderHtmlReport(gondorView, gondorContext, { mapSvg: null });
    expect(without).not.toContain('<svg');
    expect(without).not.toContain('>Map</h2>');
  });

  it('escapes every string a player or GM chose', () => {
    const { view, ctx } = nastyView();
    const html = renderHtmlReport(view, ctx);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!-- -->');
    expect(html).not.toContain('evil<nation>');
    expect(html).not.toContain('\u0007');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; ]]&gt;');
    // Tags in the document are only ours.
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => (m[1] as string).toLowerCase()));
    const allowed = ['html', 'head', 'meta', 'title', 'body', 'div', 'h1', 'h2', 'h3', 'p', 'strong', 'table', 'tr', 'th', 'td', 'ul', 'li', 'pre',
      'svg', 'rect', 'text', 'path', 'g', 'polygon', 'polyline', 'circle', 'a'];
    for (const t of tags) expect(allowed, t).toContain(t);
  });
});
