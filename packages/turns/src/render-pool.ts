// Rendering reports on worker threads, so a big turn uses every core: the main thread writes chunks to
// PostgreSQL while threads render the next ones. Rendering is pure (view in, strings out), so a thread
// gives byte for byte what the main thread would.
import { Worker } from 'node:worker_threads';
import type { RenderedReport, RenderInput } from './render.ts';

/**
 * A RenderInput as posted to a thread (dates as ISO strings; only the chunk's views, each as its JSON text
 * where the seal gave it, which crosses as one string and is parsed there, else as the value, cloned).
 */
export interface RenderRequest {
  seq: number;
  input: Omit<RenderInput, 'nextDeadline' | 'views' | 'viewJson'> & { nextDeadline: string | null; views: Record<string, unknown>; viewJson: Record<string, string> };
  ids: string[];
  /** Text, HTML and SVG sent back as their UTF-8 bytes (moved, not copied) instead of strings. */
  bytes: boolean;
}

/** A report as a thread sends it back: without its view, which the main thread has (not cloned back). */
export type ThreadReport = Omit<RenderedReport, 'view'>;

/**
 * A report rendered for writing: its text, HTML and SVG as UTF-8 bytes, encoded in the thread and moved
 * to the main thread without a copy (PostgreSQL takes them as they are: text in binary format is its bytes).
 */
export type EncodedReport = Omit<RenderedReport, 'text' | 'html' | 'svg'> & { text: Uint8Array; html: Uint8Array; svg: Uint8Array };

/** A chunk rendered for writing (renderEncoded). */
export interface EncodedChunk {
  reports: EncodedReport[];
  renderMs: number;
}

export type RenderResponse =
  | { seq: number; reports: (ThreadReport | Omit<EncodedReport, 'view'>)[]; renderMs: number; error?: undefined; ready?: undefined }
  | { seq: number; error: string; reports?: undefined; ready?: undefined }
  | { seq: -1; ready: true; reports?: undefined; error?: undefined };

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  busy: number;
}

/** Rendered chunk: the reports and the thread time spent rendering them. */
export interface RenderedChunk {
  reports: RenderedReport[];
  renderMs: number;
}

/** An error thrown by the rendering code in a thread (a renderer fault), as opposed to a thread failing. */
export class RenderThreadError extends Error {
  override readonly name = 'RenderThreadError';
}

export class RenderPool {
  private threads: Thread[] | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (c: { reports: (ThreadReport | Omit<EncodedReport, 'view'>)[]; renderMs: number }) => void; reject: (e: Error) => void }>();
  private closed = false;

  /** `size` threads, started on first use (or by warm()). */
  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a render pool needs at least one thread, got ${size}`);
  }

  /** Starts the threads and waits until each has loaded the renderers. */
  async warm(): Promise<void> {
    await Promise.all(this.start().map((t) => t.ready));
  }

  private start(): Thread[] {
    if (this.closed) throw new Error('the render pool is closed');
    if (this.threads !== null) return this.threads;
    this.threads = Array.from({ length: this.size }, () => {
      const worker = new Worker(new URL('./render-thread.mjs', import.meta.url));
      let markReady!: () => void;
      let failReady!: (e: Error) => void;
      const ready = new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      });
      ready.catch(() => {});
      const thread: Thread = { worker, ready, busy: 0 };
      worker.on('message', (res: RenderResponse) => {
        if (res.ready === true) return markReady();
        const w = this.waiting.get(res.seq);
        if (w === undefined) return;
        this.waiting.delete(res.seq);
        thread.busy--;
        if (res.error !== undefined) w.reject(new RenderThreadError(`render thread: ${res.error}`));
        else w.resolve(res);
      });
      worker.on('error', (err) => {
        failReady(err);
        this.failAll(err);
      });
      worker.on('exit', (code) => {
        if (!this.closed) this.failAll(new Error(`a render thread exited (code ${code})`));
      });
      return thread;
    });
    return this.threads;
  }

  private failAll(err: Error): void {
    for (const [seq, w] of this.waiting) {
      this.waiting.delete(seq);
      w.reject(err);
    }
    // A broken pool is rebuilt on next use.
    const threads = this.threads;
    this.threads = null;
    if (threads !== null) for (const t of threads) void t.worker.terminate();
  }

  /** Renders `ids` of `input` on the least busy thread. */
  async render(input: RenderInput, ids: string[]): Promise<RenderedChunk> {
    return (await this.post(input, ids, false)) as RenderedChunk;
  }

  /** Renders `ids` of `input` on the least busy thread, for writing: text, HTML and SVG as UTF-8 bytes. */
  async renderEncoded(input: RenderInput, ids: string[]): Promise<EncodedChunk> {
    return (await this.post(input, ids, true)) as EncodedChunk;
  }

  private async post(input: RenderInput, ids: string[], bytes: boolean): Promise<RenderedChunk | EncodedChunk> {
    const threads = this.start();
    const thread = threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    thread.busy++;
    await thread.ready;
    const views: Record<string, unknown> = {};
    const viewJson: Record<string, string> = {};
    for (const id of ids) {
      const json = input.viewJson?.[id];
      const v = input.views[id];
      if (json !== undefined) viewJson[id] = json;
      else if (v !== undefined) views[id] = v;
    }
    const seq = this.seq++;
    const { viewJson: _all, ...rest } = input;
    const req: RenderRequest = { seq, input: { ...rest, nextDeadline: input.nextDeadline?.toISOString() ?? null, views, viewJson }, ids, bytes };
    const rendered = await new Promise<{ reports: (ThreadReport | Omit<EncodedReport, 'view'>)[]; renderMs: number }>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      thread.worker.postMessage(req);
    });
    // Each report's view is the one the caller gave (the thread rendered an equal copy of it).
    const reports = rendered.reports.map((r) => ({ ...r, view: input.views[r.nationId] }));
    return bytes ? { reports: reports as EncodedReport[], renderMs: rendered.renderMs } : { reports: reports as RenderedReport[], renderMs: rendered.renderMs };
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads;
    this.threads = null;
    for (const [seq, w] of this.waiting) {
      this.waiting.delete(seq);
      w.reject(new Error('the render pool was closed'));
    }
    if (threads !== null) await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
