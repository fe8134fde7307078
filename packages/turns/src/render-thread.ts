// A render thread: renders chunks of nations' reports for the pool in render-pool.ts.
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { ReportRenderer } from './render.ts';
import type { EncodedReport, RenderRequest, RenderResponse } from './render-pool.ts';

const utf8 = new TextEncoder();

if (parentPort === null) throw new Error('render-thread.ts runs only as a worker thread');
const port = parentPort;
port.on('message', (req: RenderRequest) => {
  try {
    const t = performance.now();
    const { viewJson, ...rest } = req.input;
    const views = { ...rest.views };
    for (const id of Object.keys(viewJson)) views[id] = JSON.parse(viewJson[id]!) as unknown;
    const input = { ...rest, views, nextDeadline: rest.nextDeadline === null ? null : new Date(rest.nextDeadline) };
    const renderer = new ReportRenderer(input);
    // The view stays here: the main thread has it.
    const reports = req.ids.map((id) => {
      const { view: _view, ...report } = renderer.render(id);
      return report;
    });
    if (!req.bytes) {
      port.postMessage({ seq: req.seq, reports, renderMs: performance.now() - t } satisfies RenderResponse);
      return;
    }
    // Each string's bytes in a buffer of its own (TextEncoder's), moved to the main thread, not copied.
    const moved: ArrayBuffer[] = [];
    const encode = (s: string): Uint8Array => {
      const b = utf8.encode(s);
      moved.push(b.buffer as ArrayBuffer);
      return b;
    };
    const encoded: Omit<EncodedReport, 'view'>[] = reports.map((r) => ({ ...r, text: encode(r.text), html: encode(r.html), svg: encode(r.svg) }));
    port.postMessage({ seq: req.seq, reports: encoded, renderMs: performance.now() - t } satisfies RenderResponse, moved);
  } catch (err) {
    const res: RenderResponse = { seq: req.seq, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) };
    port.postMessage(res);
  }
});
port.postMessage({ seq: -1, ready: true } satisfies RenderResponse);
