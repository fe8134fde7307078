// SVG to PNG in separate processes, so that a map resvg cannot draw cannot take the server with it: resvg
// aborts its whole process (a native panic, no exception to catch) when it fails, and a worker thread
// would share that process. The size cap (MAP_PNG_LIMITS) keeps every map resvg is given within bounds;
// this is the second wall. A child's crash, a time-out or a map that cannot be drawn (MapSizeError) is a
// rejected render (for the outbox, a failed send: retried, then given up), never a dead server.
//
// The children are long-lived (workerpool, `process` workers): started on first use, reused for every
// map, replaced when one dies, and stopped after `idleMs` without work so that an idle process (a test, a
// CLI command) is not kept alive by them. A child exits by itself when its parent dies (its IPC channel
// closes). Buffers cross with structured clone (`serialization: 'advanced'`), not as JSON arrays.
import { availableParallelism } from 'node:os';
import workerpool from 'workerpool';
import { MapSizeError, type MapPngOptions, type MapSvg } from './png.ts';

export interface MapPngPoolOptions {
  /** Child processes drawing at once (default: the cores less one, 1 to 4). */
  processes?: number;
  /** A render taking longer than this is ended with its child (default 120 s). */
  timeoutMs?: number;
  /** The children are stopped after this long without work (default 10 s). */
  idleMs?: number;
}

/** A render that failed because its drawing process crashed or was ended (the map may be fine: retry). */
export class MapRenderCrashError extends Error {
  override readonly name = 'MapRenderCrashError';
}

const entry = new URL('./png-process.mjs', import.meta.url).pathname;

export class MapPngPool {
  private pool: ReturnType<typeof workerpool.pool> | null = null;
  private busy = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly processes: number;
  private readonly timeoutMs: number;
  private readonly idleMs: number;

  constructor(options: MapPngPoolOptions = {}) {
    this.processes = options.processes ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.idleMs = options.idleMs ?? 10_000;
    if (!Number.isInteger(this.processes) || this.processes < 1) throw new RangeError(`a map pool needs at least one process, got ${this.processes}`);
  }

  private started(): ReturnType<typeof workerpool.pool> {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.pool ??= workerpool.pool(entry, {
      workerType: 'process',
      maxWorkers: this.processes,
      // The parent's loader flags (a test runner's, tsx's) are not the child's: png-process.mjs loads tsx.
      forkOpts: { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    });
    return this.pool;
  }

  /** The PNG bytes of a map; rejects with MapSizeError, MapRenderCrashError or the renderer's error. */
  async render(svg: MapSvg, options: MapPngOptions = {}): Promise<Buffer> {
    const pool = this.started();
    this.busy++;
    try {
      const bytes = (await pool.exec('render', [svg, options]).timeout(this.timeoutMs)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      throw asRenderError(err);
    } finally {
      this.busy--;
      this.whenIdle();
    }
  }

  /** The process ids of the running children (tests, diagnostics). */
  async pids(): Promise<number[]> {
    const pool = this.started();
    const n = pool.stats().totalWorkers;
    this.busy++;
    try {
      return [...new Set(await Promise.all(Array.from({ length: Math.max(n, 1) }, () => pool.exec('pid', []) as Promise<number>)))];
    } finally {
      this.busy--;
      this.whenIdle();
    }
  }

  private whenIdle(): void {
    if (this.busy > 0 || this.pool === null) return;
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }

  /** Stops the children (a new render starts them again). */
  async close(): Promise<void> {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const pool = this.pool;
    this.pool = null;
    if (pool !== null) await pool.terminate(true);
  }
}

function asRenderError(err: unknown): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  if (e.name === 'MapSizeError') return new MapSizeError(e.message);
  if (e.name === 'TerminateError' || e.name === 'TimeoutError' || /terminated unexpectedly/i.test(e.message)) {
    return new MapRenderCrashError(`the map's drawing process ended before the map was drawn: ${e.message.split('\n').slice(0, 3).join(' ').trim()}`);
  }
  return e;
}

let shared: MapPngPool | null = null;

/** The process's shared pool of map-drawing children. */
export function mapPngPool(): MapPngPool {
  shared ??= new MapPngPool();
  return shared;
}

/** Rasterises a map SVG to PNG in a separate process (the shared pool): a crash there is a rejected promise. */
export function renderMapPngIsolated(svg: MapSvg, options: MapPngOptions = {}): Promise<Buffer> {
  return mapPngPool().render(svg, options);
}
