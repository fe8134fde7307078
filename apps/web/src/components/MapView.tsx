// A map picture from the server (each ruleset's own SVG renderer), large and interactive: drag or arrow
// keys to pan, wheel, pinch, +/- keys or the buttons to zoom, Fit (or 0) to show all of it; what an
// element of the map says about itself (its SVG <title>) is shown on hover or tap. Zoom re-renders the
// SVG at the new size (its width changes; only the pan is a CSS translation), so it stays sharp. Paths
// and picks come as points in the SVG's own coordinates from the server; the client knows no board.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MapPath } from '../types.ts';
import { drawPaths, drawPicks, pickOf, unitNear, type MapPicks } from './map-overlay.ts';

interface View {
  x: number;
  y: number;
  /** Zoom: 1 is the whole map fitted into the viewport. */
  k: number;
}

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 12;

/** The words of the map element under the pointer: its own <title>, or its group's. */
function titleAt(target: EventTarget | null, root: Element): string | null {
  let el = target instanceof Element ? target : null;
  while (el !== null && el !== root) {
    const t = Array.from(el.children).find((c) => c.tagName.toLowerCase() === 'title');
    if (t !== undefined && el.tagName.toLowerCase() !== 'svg') return t.textContent;
    el = el.parentElement;
  }
  return null;
}

/** The SVG's own width and height (its viewBox), for fitting it. */
function sizeOf(svg: SVGSVGElement): { w: number; h: number } {
  const vb = svg.viewBox?.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { w: vb.width, h: vb.height };
  return { w: Number(svg.getAttribute('width')) || 800, h: Number(svg.getAttribute('height')) || 600 };
}

export function MapView(props: { svg: string; paths?: readonly MapPath[]; picks?: MapPicks | null; label: string; hint?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  /** The fitted width of the map in CSS pixels (zoom 1). */
  const [fitWidth, setFitWidth] = useState(0);
  const [detail, setDetail] = useState<string | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);
  // Where a press began: with the pointer captured, later events name the viewport, not the map element.
  const pressed = useRef<EventTarget | null>(null);
  const picks = useRef<MapPicks | null>(null);
  picks.current = props.picks ?? null;

  const svgEl = () => stage.current?.querySelector('svg') ?? null;

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

  // The server's SVG, parsed as SVG (never as HTML), put in the page; the page's CSP runs no script in it.
  useLayoutEffect(() => {
    const el = stage.current;
    if (el === null) return;
    const doc = new DOMParser().parseFromString(props.svg, 'image/svg+xml');
    const svg = doc.documentElement;
    el.replaceChildren();
    if (svg.tagName.toLowerCase() !== 'svg') {
      el.textContent = 'The map could not be read.';
      return;
    }
    svg.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
    // A group, not an image: the picks drawn on it for orders by the map are buttons inside it.
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', props.label);
    svg.removeAttribute('height');
    svg.removeAttribute('width');
    el.append(document.importNode(svg, true));
    setDetail(null);
    fit();
  }, [props.svg, props.label]);

  useLayoutEffect(() => {
    const svg = svgEl();
    if (svg && fitWidth > 0) svg.style.width = `${fitWidth * view.k}px`;
  }, [fitWidth, view.k, props.svg]);

  useEffect(() => {
    const svg = svgEl();
    if (svg) drawPaths(svg, props.paths ?? []);
  }, [props.svg, props.paths]);

  useEffect(() => {
    const svg = svgEl();
    if (svg) drawPicks(svg, props.picks ?? null);
  }, [props.svg, props.picks]);

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

  const local = (e: PointerEvent | WheelEvent) => {
    const r = host.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, local(e));
    moved.current = 0;
    pressed.current = e.target;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (before === undefined) {
      if (e.pointerType === 'mouse') setDetail(titleAt(e.target, host.current!));
      return;
    }
    const now = local(e);
    if (pointers.current.size === 1) {
      pan(now.x - before.x, now.y - before.y);
      moved.current += Math.abs(now.x - before.x) + Math.abs(now.y - before.y);
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)![1];
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      if (d0 > 0) zoomAt(d1 / d0, (now.x + other.x) / 2, (now.y + other.y) / 2);
      moved.current += 10;
    }
    pointers.current.set(e.pointerId, now);
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (moved.current >= 6) return; // a drag, not a click or a tap
    const p = picks.current;
    const svg = svgEl();
    if (p !== null && svg !== null) {
      const chosen = pickOf(pressed.current);
      const unit = chosen === null ? unitNear(svg, e.clientX, e.clientY) : null;
      if (chosen?.space !== undefined) p.onSpace(chosen.space);
      else if (chosen?.unit !== undefined) p.onUnit(chosen.unit);
      else if (unit !== null) p.onUnit(unit);
    }
    setDetail(titleAt(pressed.current, host.current!));
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
  };
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

  // Not through Preact's onWheel: the listener must be non-passive to keep the page from scrolling.
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);
  // A new size of the viewport (a phone turned, a window resized) fits the map again.
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
  // A focused pick (keyboard) says what it is, as hovering does.
  // (A tap focuses the viewport after its pointerup: that must not clear what the tap showed.)
  const onFocusIn = (e: FocusEvent) => {
    const t = titleAt(e.target, host.current!);
    if (t !== null) setDetail(t);
  };

  return (
    <div class="map">
      <div class="map-tools" role="toolbar" aria-label="Map zoom">
        <button type="button" onClick={() => zoomAt(1.25)} aria-label="Zoom in">+</button>
        <button type="button" onClick={() => zoomAt(0.8)} aria-label="Zoom out">−</button>
        <button type="button" onClick={fit}>Fit</button>
      </div>
      <div
        ref={host}
        class="map-viewport"
        tabIndex={0}
        role="group"
        aria-label={`${props.label}. Arrow keys pan, plus and minus zoom, 0 fits.`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(e) => pointers.current.delete(e.pointerId)}
        onKeyDown={onKeyDown}
        onFocusIn={onFocusIn}
      >
        <div ref={stage} class="map-stage" style={{ transform: `translate(${view.x}px, ${view.y}px)` }} />
      </div>
      <p class="map-detail" aria-live="polite">{detail ?? props.hint ?? 'Point at or tap something on the map for its details.'}</p>
    </div>
  );
}
