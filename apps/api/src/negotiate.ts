/** Pick the best of `offered` media types for an Accept header (q-values, wildcards); null if none fits. */
export function negotiate(accept: string | undefined, offered: readonly string[]): string | null {
  if (accept === undefined || accept.trim() === '') return offered[0] ?? null;
  const ranges = accept
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.trim().split(';');
      let q = 1;
      for (const p of params) {
        const [k, v] = p.trim().split('=');
        if (k?.trim() === 'q' && v !== undefined) q = Number(v);
      }
      return { type: (type ?? '').trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.type !== '' && r.q > 0);
  let best: { type: string; q: number; specificity: number; order: number } | null = null;
  offered.forEach((candidate, order) => {
    const [main] = candidate.split('/');
    for (const r of ranges) {
      const specificity = r.type === candidate ? 2 : r.type === `${main}/*` ? 1 : r.type === '*/*' ? 0 : -1;
      if (specificity < 0) continue;
      if (best === null || r.q > best.q || (r.q === best.q && (specificity > best.specificity || (specificity === best.specificity && order < best.order)))) {
        best = { type: candidate, q: r.q, specificity, order };
      }
    }
  });
  return (best as { type: string } | null)?.type ?? null;
}
