// A render thread: renders chunks of nations' reports for the pool in render-pool.ts.
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { ReportRenderer } from './render.ts';
import type { RenderRequest, RenderResponse } from './render-pool.ts';

if (parentPort === null) throw new Error('render-thread.ts runs only as a worker thread');
const port = parentPort;
port.on('message', (req: RenderRequest) => {
  try {
    const t = performance.now();
    const input = { ...req.input, nextDeadline: req.input.nextDeadline === null ? null : new Date(req.input.nextDeadline) };
    const renderer = new ReportRenderer(input);
    const reports = req.ids.map((id) => renderer.render(id));
    const res: RenderResponse = { seq: req.seq, reports, renderMs: performance.now() - t };
    port.postMessage(res);
  } catch (err) {
    const res: RenderResponse = { seq: req.seq, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) };
    port.postMessage(res);
  }
});
port.postMessage({ seq: -1, ready: true } satisfies RenderResponse);
