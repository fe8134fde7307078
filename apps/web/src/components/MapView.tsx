// A map picture from the server (each ruleset's own SVG renderer), large and interactive: drag or arrow
// keys to pan, wheel, pinch, +/- keys or the buttons to zoom; what an element of the map says about
// itself (its SVG <title>: a unit, a population centre, a ford...) is shown on hover or tap. Paths come
// as points in the SVG's own coordinates (the server's dry-run check) and are drawn over it, so the
// client needs no geometry of any board.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MapPath } from '../types.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PATH_COLOUR = '#c2185b';

interface View {
  x: number;
  y: number;
  k: number;
}

function drawPaths(svg: SVGSVGElement, paths: readonly MapPath[]): void {
  svg.querySelector('g[data-overlay="paths"]')?.remove();
  if (paths.length === 0) return;
  const g = document.createElementNS(SVG_NS, 'g');
  g.setAttribute('data-overlay', 'paths');
  g.setAttribute('pointer-events', 'none');
  for (const p of paths) {
    if (p.points.length === 0) continue;
    const pg = document.createElementNS(SVG_NS, 'g');
    pg.setAttribute('data-unit', p.unit);
    const line = document.createElementNS(SVG_NS, 'polyline');
    line.setAttribute('points', p.points.map((q) => `${q.x},${q.y}`).join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', PATH_COLOUR);
    line.setAttribute('stroke-width', '4');
    line.setAttribute('stroke-dasharray', '8 4');
    line.setAttribute('stroke-linecap', 'round');
    line.setAttribute('stroke-linejoin', 'round');
    pg.append(line);
    p.points.forEach((q, i) => {
      const c = document.createElementNS(SVG_NS, 'circle');
      c.setAttribute('cx', String(q.x));
      c.setAttribute('cy', String(q.y));
      c.setAttribute('r', i === p.points.length - 1 ? '6' : '3.5');
      c.setAttribute('fill', i === p.points.length - 1 ? '#ffffff' : PATH_COLOUR);
      c.setAttribute('stroke', PATH_COLOUR);
      c.setAttribute('stroke-width', '2');
      pg.append(c);
    });
    const end = p.points[p.points.length - 1]!;
    const label = document.createElementNS(SVG_NS, 'text');
    label.setAttribute('x', String(end.x + 8));
    label.setAttribute('y', String(end.y - 8));
    label.setAttribute('font-size', '12');
    label.setAttribute('font-weight', 'bold');
    label.setAttribute('fill', PATH_COLOUR);
    label.setAttribute('stroke', '#ffffff');
    label.setAttribute('stroke-width', '3');
    label.setAttribute('paint-order', 'stroke');
    label.textContent = p.unit;
    pg.append(label);
    g.append(pg);
  }
  svg.append(g);
}

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

export function MapView(props: { svg: string; paths?: readonly MapPath[]; label: string; hint?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const [detail, setDetail] = useState<string | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);
  // Where a press began: with the pointer captured, later events name the viewport, not the map element.
  const pressed = useRef<EventTarget | null>(null);

  // The server's SVG, parsed as SVG (never as HTML), put in the page; the page's CSP runs no script in it.
  useEffect(() => {
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
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', props.label);
    svg.removeAttribute('height');
    svg.setAttribute('width', '100%');
    el.append(document.importNode(svg, true));
    setView({ x: 0, y: 0, k: 1 });
    setDetail(null);
  }, [props.svg, props.label]);

  useEffect(() => {
    const svg = stage.current?.querySelector('svg');
    if (svg) drawPaths(svg, props.paths ?? []);
  }, [props.svg, props.paths]);

  const zoomAt = (factor: number, cx?: number, cy?: number) =>
    setView((v) => {
      const k = Math.min(8, Math.max(0.5, v.k * factor));
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
    if (moved.current < 6) setDetail(titleAt(pressed.current, host.current!)); // a tap or a click
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
      '0': () => setView({ x: 0, y: 0, k: 1 }),
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

  return (
    <div class="map">
      <div class="map-tools" role="toolbar" aria-label="Map zoom">
        <button type="button" onClick={() => zoomAt(1.25)} aria-label="Zoom in">+</button>
        <button type="button" onClick={() => zoomAt(0.8)} aria-label="Zoom out">−</button>
        <button type="button" onClick={() => setView({ x: 0, y: 0, k: 1 })}>Fit</button>
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
      >
        <div ref={stage} class="map-stage" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})` }} />
      </div>
      <p class="map-detail" aria-live="polite">{detail ?? props.hint ?? 'Point at or tap something on the map for its details.'}</p>
    </div>
  );
}
