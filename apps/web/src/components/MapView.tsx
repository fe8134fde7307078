// A map picture from the server (each ruleset's own SVG renderer), large and interactive: drag or arrow
// keys to pan, wheel, pinch, +/- keys or the buttons to zoom, Fit (or 0) to show all of it; what an
// element of the map says about itself (its SVG <title>) is shown on hover or tap. Zoom re-renders the
// SVG at the new size (its width changes; only the pan is a CSS translation), so it stays sharp. Paths
// and picks come as points in the SVG's own coordinates from the server; the client knows no board.
import { useRef, useState } from 'preact/hooks';
import type { MapPath } from '../types.ts';
import type { MapPicks } from './map-overlay.ts';
import { titleAt } from './map-svg.ts';
import { useMapPointer } from './useMapPointer.ts';
import { useMapSvg } from './useMapSvg.ts';
import { useMapZoom, useRefitOnResize } from './useMapZoom.ts';

export function MapView(props: { svg: string; paths?: readonly MapPath[]; picks?: MapPicks | null; label: string; hint?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const svgEl = () => stage.current?.querySelector('svg') ?? null;
  const zoom = useMapZoom(host, svgEl);
  const [detail, setDetail] = useState<string | null>(null);
  // The server's SVG, parsed as SVG (never as HTML), put in the page; the page's CSP runs no script in it.
  useMapSvg(stage, svgEl, props, zoom, () => {
    setDetail(null);
    zoom.fit();
  });
  const pointer = useMapPointer(host, svgEl, props.picks ?? null, zoom, setDetail);
  useRefitOnResize(host, zoom.fit);
  // A focused pick (keyboard) says what it is, as hovering does.
  // (A tap focuses the viewport after its pointerup: that must not clear what the tap showed.)
  const onFocusIn = (e: FocusEvent) => {
    const t = titleAt(e.target, host.current!);
    if (t !== null) setDetail(t);
  };

  return (
    <div class="map">
      <div class="map-tools" role="toolbar" aria-label="Map zoom">
        <button type="button" onClick={() => zoom.zoomAt(1.25)} aria-label="Zoom in">+</button>
        <button type="button" onClick={() => zoom.zoomAt(0.8)} aria-label="Zoom out">−</button>
        <button type="button" onClick={zoom.fit}>Fit</button>
      </div>
      <div
        ref={host}
        class="map-viewport"
        tabIndex={0}
        role="group"
        aria-label={`${props.label}. Arrow keys pan, plus and minus zoom, 0 fits.`}
        onPointerDown={pointer.onPointerDown}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerCancel={pointer.onPointerCancel}
        onKeyDown={zoom.onKeyDown}
        onFocusIn={onFocusIn}
      >
        <div ref={stage} class="map-stage" style={{ transform: `translate(${zoom.view.x}px, ${zoom.view.y}px)` }} />
      </div>
      <p class="map-detail" aria-live="polite">{detail ?? props.hint ?? 'Point at or tap something on the map for its details.'}</p>
    </div>
  );
}
