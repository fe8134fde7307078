// A turn's reports written inside its one transaction: every nation's NationReport row and report mail,
// chunk by chunk, each chunk sent to PostgreSQL while the next is rendered (on the main thread, or by the
// render pool's threads, which start on the first chunks while the seal still builds the later views).
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { queueMail, reportBodyRef } from '@arbiter/mail';
import type { RenderedReport, RenderInput, ReportRenderer } from './render.ts';
import { RenderThreadError } from './render-pool.ts';
import type { EncodedChunk, EncodedReport, RenderPool } from './render-pool.ts';

/** Nations rendered and written per round trip. */
export const WRITE_CHUNK = 50;

/** A report could not be rendered (a renderer fault: deterministic, so not retried). */
export class RenderFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** `ids` in chunks of WRITE_CHUNK. */
export function chunksOf(ids: readonly string[]): string[][] {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += WRITE_CHUNK) chunks.push(ids.slice(i, i + WRITE_CHUNK));
  return chunks;
}

/**
 * With a pool, the chunks asked of its threads ahead of the writer: a chunk as soon as the seal has handed
 * on all its views (`offer`), at most two chunks per thread ahead of the one the writer takes.
 */
export class RenderAhead {
  private readonly inFlight: (Promise<EncodedChunk> | undefined)[] = [];
  /** The next chunk not asked for yet. */
  private next = 0;
  /** Chunks below this may be asked for. */
  private limit: number;

  constructor(
    private readonly pool: RenderPool,
    private readonly input: RenderInput,
    private readonly chunkIds: string[][],
  ) {
    this.limit = 2 * pool.size;
  }

  /** Asks for every chunk in the window whose views are all there (called as the seal hands each on). */
  offer(): void {
    const end = Math.min(this.limit, this.chunkIds.length);
    while (this.next < end && this.chunkIds[this.next]!.every((id) => id in this.input.views)) this.request(this.next++);
  }

  /** Chunk `k`, rendered (and the chunks after it asked for). */
  async take(k: number): Promise<EncodedChunk> {
    this.limit = Math.max(this.limit, k + 2 * this.pool.size);
    this.offer();
    // Asked for by now unless its views are missing (a player without a view: the renderer's error says so).
    if (this.inFlight[k] === undefined) this.request(k);
    const rendered = await this.inFlight[k]!.catch((err: unknown) => {
      // A renderer fault is the turn's; a thread that died is the machine's (retried).
      throw err instanceof RenderThreadError ? new RenderFailure(err) : err;
    });
    this.inFlight[k] = undefined;
    return rendered;
  }

  private request(k: number): void {
    if (this.inFlight[k] !== undefined) return;
    const p = this.pool.renderEncoded(this.input, this.chunkIds[k]!);
    p.catch(() => {});
    this.inFlight[k] = p;
  }
}

/** What the reports' writing needs. */
export interface ReportWrites {
  gameId: string;
  turn: number;
  renderer: ReportRenderer;
  chunkIds: string[][];
  /** Rendering on the pool's threads, or null: on this thread. */
  ahead: RenderAhead | null;
  /** Each view's JSON as the seal wrote it (what NationReport.view stores); a view not in it is serialised here. */
  viewJson: Record<string, string>;
}

/** The report mails queued and the time spent rendering (waited for; inside the pool's threads). */
export interface WrittenReports {
  mails: number;
  renderMs: number;
  renderThreadsMs: number | null;
}

/** Every nation's report and report mail, rendered chunk by chunk, each chunk written while the next renders. */
export async function writeReports(client: pg.PoolClient, w: ReportWrites): Promise<WrittenReports> {
  const written: WrittenReports = { mails: 0, renderMs: 0, renderThreadsMs: null };
  let pending: Promise<unknown> = Promise.resolve();
  for (let k = 0; k < w.chunkIds.length; k++) {
    const t = performance.now();
    let chunk: (RenderedReport | EncodedReport)[];
    if (w.ahead !== null) {
      const rendered = await w.ahead.take(k);
      chunk = rendered.reports;
      written.renderThreadsMs = (written.renderThreadsMs ?? 0) + rendered.renderMs;
    } else {
      try {
        chunk = w.chunkIds[k]!.map((id) => w.renderer.render(id));
      } catch (err) {
        throw new RenderFailure(err);
      }
    }
    written.renderMs += performance.now() - t;
    await pending;
    pending = writeReportChunk(client, w, chunk).then((n) => {
      written.mails += n;
    });
    // A failed insert surfaces at the next `await pending`; do not report it as unhandled meanwhile.
    pending.catch(() => {});
  }
  await pending;
  return written;
}

/** `($1, $2, ...), ($n, ...)` for `rows` rows of `cols` parameters, with optional casts per column. */
function valuesList(rows: number, casts: string[]): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    out.push(`(${casts.map((cast, c) => `$${r * casts.length + c + 1}${cast}`).join(', ')})`);
  }
  return out.join(', ');
}

const REPORT_COLUMNS = ['', '::int', '', '::jsonb', '', '', ''];

/** One chunk's NationReport rows and report mails; resolves to the mails queued. */
async function writeReportChunk(client: pg.PoolClient, w: ReportWrites, chunk: (RenderedReport | EncodedReport)[]): Promise<number> {
  const reportParams: unknown[] = [];
  // Text, HTML and SVG as strings or (from a render thread) as their UTF-8 bytes, which pg sends as they are.
  for (const r of chunk) reportParams.push(w.gameId, w.turn, r.nationId, w.viewJson[r.nationId] ?? JSON.stringify(r.view), r.text, r.html, r.svg);
  const reports = client.query(
    `INSERT INTO "NationReport" ("gameId", "turnNumber", "nationId", "view", "text", "html", "svg") VALUES ${valuesList(chunk.length, REPORT_COLUMNS)}`,
    reportParams,
  );
  const outbox = queueMail(
    client,
    chunk.flatMap(({ nationId, mail: m }) =>
      m === null
        ? []
        : [
            {
              gameId: w.gameId,
              nationId,
              kind: 'report' as const,
              toAddresses: m.toAddresses,
              subject: m.subject,
              // The mail's text and HTML are the report just stored beside it, put in by the sender (report-body.ts).
              text: reportBodyRef(w.turn, 'text'),
              html: m.html === null ? null : reportBodyRef(w.turn, 'html'),
              attachments: m.attachments,
              messageId: m.messageId,
              headers: m.headers,
              status: m.withheld ? ('withheld' as const) : ('pending' as const),
            },
          ],
    ),
  );
  const [, n] = await Promise.all([reports, outbox]);
  return n;
}
