// The map viewport's pointer: drag to pan, pinch or wheel to zoom, a click or tap picks (orders by the
// map) and shows what is under it; hovering with a mouse shows it too.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { pickOf, unitNear, type MapPicks } from './map-overlay.ts';
import { titleAt } from './map-svg.ts';
import type { MapZoom } from './useMapZoom.ts';

export interface MapPointer {
  onPointerDown(e: PointerEvent): void;
  onPointerMove(e: PointerEvent): void;
  onPointerUp(e: PointerEvent): void;
  onPointerCancel(e: PointerEvent): void;
}

export function useMapPointer(
  host: RefObject<HTMLDivElement | null>,
  svgEl: () => SVGSVGElement | null,
  picksNow: MapPicks | null,
  zoom: Pick<MapZoom, 'zoomAt' | 'pan'>,
  setDetail: (detail: string | null) => void,
): MapPointer {
  const { zoomAt, pan } = zoom;
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);
  // Where a press began: with the pointer captured, later events name the viewport, not the map element.
  const pressed = useRef<EventTarget | null>(null);
  const picks = useRef<MapPicks | null>(null);
  picks.current = picksNow;

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

  // Not through Preact's onWheel: the listener must be non-passive to keep the page from scrolling.
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: (e) => pointers.current.delete(e.pointerId) };
}
