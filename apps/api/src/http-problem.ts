// An answer a route chooses to give as a problem (status, stable code, words): thrown by routes and the
// translation of the services' answers (intake-status.ts), turned into problem+json by problem.ts.

export class HttpProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: { path: string; message: string }[] | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, detail: string, options: { issues?: { path: string; message: string }[]; headers?: Record<string, string> } = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }
}
