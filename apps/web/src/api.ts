// Calls to the Arbiter API with a bearer token (docs/web.md, "Authentication"): the token goes in the
// Authorization header only, never in a URL; an error answer (application/problem+json) becomes an
// ApiError carrying the server's own words.

export interface Problem {
  status: number;
  code: string;
  title: string;
  detail: string;
  issues?: { path: string; message: string }[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ApiError';
  }
  get status(): number {
    return this.problem.status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** A string is sent as text/plain, anything else as JSON. */
  body?: unknown;
  accept?: string;
  signal?: AbortSignal;
}

async function problemOf(res: Response): Promise<Problem> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const p = (await res.json()) as Partial<Problem>;
    return {
      status: res.status,
      code: p.code ?? 'error',
      title: p.title ?? res.statusText,
      detail: p.detail ?? `The server answered ${res.status}.`,
      ...(p.issues ? { issues: p.issues } : {}),
    };
  }
  return { status: res.status, code: 'error', title: res.statusText, detail: `The server answered ${res.status} ${res.statusText}.` };
}

export async function call(token: string | null, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string') {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = options.body;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body: body ?? null, signal: options.signal ?? null, cache: 'no-store' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: 'network', title: 'No answer', detail: 'The server did not answer. Check your connection and try again.' });
  }
  if (!res.ok) throw new ApiError(await problemOf(res));
  return res;
}

export async function json<T>(token: string | null, path: string, options: RequestOptions = {}): Promise<T> {
  return (await (await call(token, path, options)).json()) as T;
}

export async function text(token: string | null, path: string, options: RequestOptions = {}): Promise<string> {
  return (await call(token, path, options)).text();
}

export const enc = encodeURIComponent;
