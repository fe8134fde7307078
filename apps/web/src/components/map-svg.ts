// The server's map picture in the page: parsed as SVG (never as HTML) and put in its stage without
// scripts; its size for fitting; and the words (<title>) of the element under the pointer.
/** The words of the map element under the pointer: its own <title>, or its group's. */
export function titleAt(target: EventTarget | null, root: Element): string | null {
  let el = target instanceof Element ? target : null;
  while (el !== null && el !== root) {
    const t = Array.from(el.children).find((c) => c.tagName.toLowerCase() === 'title');
    if (t !== undefined && el.tagName.toLowerCase() !== 'svg') return t.textContent;
    el = el.parentElement;
  }
  return null;
}

/** The SVG's own width and height (its viewBox), for fitting it. */
export function sizeOf(svg: SVGSVGElement): { w: number; h: number } {
  const vb = svg.viewBox?.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { w: vb.width, h: vb.height };
  return { w: Number(svg.getAttribute('width')) || 800, h: Number(svg.getAttribute('height')) || 600 };
}

/** Puts the SVG text in `stage` (the page's CSP runs no script in it); false when it is not an SVG. */
export function placeSvg(stage: HTMLElement, text: string, label: string): boolean {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  stage.replaceChildren();
  if (svg.tagName.toLowerCase() !== 'svg') {
    stage.textContent = 'The map could not be read.';
    return false;
  }
  svg.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
  // A group, not an image: the picks drawn on it for orders by the map are buttons inside it.
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', label);
  svg.removeAttribute('height');
  svg.removeAttribute('width');
  stage.append(document.importNode(svg, true));
  return true;
}
