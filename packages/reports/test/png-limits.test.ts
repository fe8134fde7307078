// Issue 27: a map larger than MAP_PNG_LIMITS is drawn scaled down to fit them (markup too long is refused)
// before resvg allocates it, and drawing happens in separate processes (MapPngPool) whose crash is a
// rejected render, not a dead server. Before, resvg aborted the process on a 1e9-pixel map (a native
// panic): that check runs in a child process (test/isolated.ts) so that it is a red test, not a dead runner.
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAP_PNG_LIMITS, MapPngPool, MapRenderCrashError, MapSizeError, el, mapZoom, renderMapPng } from '../src/index.ts';
import { runIsolated } from '../../../test/isolated.ts';

const child = fileURLToPath(new URL('./png-child.ts', import.meta.url));
const svgOf = (w: number | string, h: number | string, extra = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"${extra}><rect width="10" height="10" fill="#123"/><text x="4" y="30">Minas Tirith</text></svg>`;
const pool = new MapPngPool({ processes: 1, idleMs: 1000 });
afterAll(() => pool.close());

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const b = Buffer.from(png);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

describe('the size cap of a map (issue 27)', () => {
  it('draws a map of 1e9 by 1e9 pixels scaled down to the cap, on the drawing process itself, which lives on', async () => {
    const run = await runIsolated<{ ok: boolean; width?: number; height?: number }>(child, svgOf(1e9, 1e9), { timeoutMs: 90_000 });
    expect(run, run.stderr).toMatchObject({ signal: null, code: 0, timedOut: false });
    expect(run.answer?.ok).toBe(true);
    expect(run.answer!.width!).toBeLessThanOrEqual(MAP_PNG_LIMITS.side);
    expect(run.answer!.width! * run.answer!.height!).toBeLessThanOrEqual(MAP_PNG_LIMITS.pixels);
  }, 120_000);

  it('scales by the side and by the pixels in all, after the scale asked for, in the root’s units or its viewBox', () => {
    const zoom = (attrs: Record<string, string>, scale = 1) => mapZoom(el('svg', attrs), scale);
    expect(zoom({ width: '2333', height: '1931' })).toBe(1); // JOverseer's 2950 map: its own size
    expect(zoom({ width: '3000', height: '3000' }, 2)).toBe(2);
    expect(zoom({ width: '3000', height: '3000' }, 3) * 3000).toBeLessThan(MAP_PNG_LIMITS.side);
    expect(zoom({ width: '7000', height: '7000' }) ** 2 * 49e6).toBeLessThan(MAP_PNG_LIMITS.pixels);
    expect(zoom({ width: '100in', height: '1in' }) * 9600).toBeLessThan(MAP_PNG_LIMITS.side);
    expect(zoom({ viewBox: '0 0 20000 10' }) * 20000).toBeLessThan(MAP_PNG_LIMITS.side);
    expect(zoom({})).toBe(1); // resvg's default, 100 by 100
    expect(() => zoom({ width: '0', height: '10' })).toThrow(MapSizeError);
    expect(pngSize(renderMapPng(svgOf(9000, 10)))).toEqual({ width: MAP_PNG_LIMITS.side - 1, height: 9 });
  });

  it('refuses SVG markup longer than the limit before reading it', () => {
    const long = svgOf(10, 10, ` data-x="${'x'.repeat(MAP_PNG_LIMITS.svgChars)}"`);
    expect(() => renderMapPng(long)).toThrow(MapSizeError);
    expect(() => renderMapPng(long)).toThrow(/characters: at most/);
  });
});

describe('drawing in separate processes (issue 27)', () => {
  it('gives the same bytes as drawing in this process, reusing its process', async () => {
    const svg = svgOf(300, 200);
    const [a, b] = [await pool.render(svg), await pool.render(svg)];
    expect(a.equals(renderMapPng(svg))).toBe(true);
    expect(b.equals(a)).toBe(true);
    expect((await pool.pids()).every((pid) => pid !== process.pid)).toBe(true);
  });

  it('refuses a map that cannot be drawn with MapSizeError, the process unharmed', async () => {
    const [pid] = await pool.pids();
    await expect(pool.render(svgOf(0, 0))).rejects.toThrow(MapSizeError);
    expect(await pool.pids()).toEqual([pid]);
  });

  it('turns a drawing process that aborts (SIGABRT, as a resvg panic does) into a rejected render, and draws the next map in a new one', async () => {
    const [pid] = await pool.pids();
    const drawing = pool.render(svgOf(6000, 6000));
    setTimeout(() => process.kill(pid as number, 'SIGABRT'), 200);
    await expect(drawing).rejects.toThrow(MapRenderCrashError);
    await expect(drawing).rejects.toThrow(/SIGABRT/);
    expect((await pool.render(svgOf(50, 50))).subarray(1, 4).toString()).toBe('PNG');
    expect(await pool.pids()).not.toContain(pid);
  });
});
