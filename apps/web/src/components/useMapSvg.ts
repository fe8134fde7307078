// The map picture's life in the page: put in its stage when it (or its label) changes, sized to the
// zoom, and the planned paths and the picks for orders by the map drawn over it.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import type { MapPath } from '../types.ts';
import { drawPaths, drawPicks, type MapPicks } from './map-overlay.ts';
import { placeSvg } from './map-svg.ts';
import type { MapZoom } from './useMapZoom.ts';

export function useMapSvg(
  stage: RefObject<HTMLDivElement | null>,
  svgEl: () => SVGSVGElement | null,
  props: { svg: string; label: string; paths?: readonly MapPath[]; picks?: MapPicks | null },
  zoom: Pick<MapZoom, 'view' | 'fitWidth'>,
  /** Called once a new picture is in the page (not for one that could not be read). */
  onPlaced: () => void,
): void {
  useLayoutEffect(() => {
    const el = stage.current;
    if (el === null) return;
    if (placeSvg(el, props.svg, props.label)) onPlaced();
  }, [props.svg, props.label]);

  useLayoutEffect(() => {
    const svg = svgEl();
    if (svg && zoom.fitWidth > 0) svg.style.width = `${zoom.fitWidth * zoom.view.k}px`;
  }, [zoom.fitWidth, zoom.view.k, props.svg]);

  useEffect(() => {
    const svg = svgEl();
    if (svg) drawPaths(svg, props.paths ?? []);
  }, [props.svg, props.paths]);

  useEffect(() => {
    const svg = svgEl();
    if (svg) drawPicks(svg, props.picks ?? null);
  }, [props.svg, props.picks]);
}
