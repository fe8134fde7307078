// The map's pan and zoom: zoom 1 fits the whole map into the viewport; zoom re-renders the SVG at its
// new width (see useMapSvg), the pan is a CSS translation. Keys: arrows pan, +/- zoom, 0 fits.
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { sizeOf } from './map-svg.ts';

export interface View {
  x: number;
  y: number;
  /** Zoom: 1 is the whole map fitted into the viewport. */
  k: number;
}

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 12;

export interface MapZoom {
  view: View;
  /** The fitted width of the map in CSS pixels (zoom 1). */
  fitWidth: number;
  fit(): void;
  /** Zooms by `factor` about a point of the viewport (its centre when none is given). */
  zoomAt(factor: number, cx?: number, cy?: number): void;
  pan(dx: number, dy: number): void;
  onKeyDown(e: KeyboardEvent): void;
}

export function useMapZoom(host: RefObject<HTMLDivElement | null>, svgEl: () => SVGSVGElement | null): MapZoom {
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const [fitWidth, setFitWidth] = useState(0);

  /** Zoom 1: the whole map inside the viewport, centred. */
  const fit = () => {
    const svg = svgEl();
    const r = host.current?.getBoundingClientRect();
    if (!svg || !r || r.width === 0) return;
    const { w, h } = sizeOf(svg);
    const width = Math.min(r.width, (r.height * w) / h);
    setFitWidth(width);
    setView({ k: 1, x: (r.width - width) / 2, y: (r.height - (width * h) / w) / 2 });
  };
  const zoomAt = (factor: number, cx?: number, cy?: number) =>
    setView((v) => {
      const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.k * factor));
      const r = host.current?.getBoundingClientRect();
      const px = cx ?? (r ? r.width / 2 : 0);
      const py = cy ?? (r ? r.height / 2 : 0);
      const f = k / v.k;
      return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
    });
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  const onKeyDown = (e: KeyboardEvent) => {
    const step = 40;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(step, 0),
      ArrowRight: () => pan(-step, 0),
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
      '+': () => zoomAt(1.25),
      '=': () => zoomAt(1.25),
      '-': () => zoomAt(0.8),
      '0': fit,
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  return { view, fitWidth, fit, zoomAt, pan, onKeyDown };
}

/** A new size of the viewport (a phone turned, a window resized) fits the map again. */
export function useRefitOnResize(host: RefObject<HTMLDivElement | null>, fit: () => void): void {
  useEffect(() => {
    const el = host.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    let width = el.getBoundingClientRect().width;
    const ro = new ResizeObserver(() => {
      const w = el.getBoundingClientRect().width;
      if (Math.abs(w - width) > 1) fit();
      width = w;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
}
