// Before `arbiter start` sets anything up: are the ports it will listen on free? A second copy then fails
// at once, naming each port in use and, when this Arbiter home tells, what uses it.
import net from 'node:net';
import type { ArbiterHome } from '@arbiter/embedded';

export interface PortWanted {
  /** What would listen there, e.g. "the API (API_PORT)". */
  what: string;
  host: string;
  /** 0: any free port, never in use. */
  port: number;
}

export class PortsInUseError extends Error {
  constructor(readonly problems: string[]) {
    super(`Arbiter cannot start: ${problems.length === 1 ? 'a port it needs is' : 'ports it needs are'} in use.\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'PortsInUseError';
  }
}

/** Whether something listens on host:port already (tried by listening there for a moment). */
export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') resolve(true);
      else reject(e);
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/** Throws {@link PortsInUseError} naming every wanted port that is taken, with its user when `home` knows it. */
export async function checkPortsFree(wanted: PortWanted[], home: ArbiterHome): Promise<void> {
  const { readRunInfo, runningEmbeddedPostgres } = await import('@arbiter/embedded');
  const [run, db] = await Promise.all([readRunInfo(home), runningEmbeddedPostgres(home.dataDir)]);
  const runPorts = new Set<number>();
  if (run !== null) {
    for (const u of [run.apiUrl, run.databaseUrl]) if (u !== null) runPorts.add(Number(new URL(u).port));
    if (run.smtp !== null) runPorts.add(run.smtp.port);
  }
  const problems: string[] = [];
  for (const w of wanted) {
    if (w.port === 0 || !(await portInUse(w.host, w.port))) continue;
    const user =
      run !== null && runPorts.has(w.port)
        ? `another Arbiter (pid ${run.pid}) runs from this folder (${home.root})`
        : db !== null && db.port === w.port
          ? `the embedded PostgreSQL of this folder runs there (pid ${db.pid})`
          : 'another program';
    problems.push(`${w.host}:${w.port}, for ${w.what}, is in use: ${user}.`);
  }
  if (problems.length > 0) {
    problems.push(
      run !== null
        ? `Stop that Arbiter first (pid ${run.pid}), or start this one with another --home and other ports.`
        : 'Stop what uses them, or choose other ports: API_PORT, MAIL_IN_SMTP_PORT (0 picks free ones), ARBITER_DB_PORT or --db-port.',
    );
    throw new PortsInUseError(problems);
  }
}

/** The ports this start will listen on, checked free before anything starts (0: any free one). */
export function wantedPorts(only: ReadonlySet<string>, listen: { api: { host: string; port: number }; smtp: { host: string; port: number } | null }, dbPort: number | null): PortWanted[] {
  const wanted: PortWanted[] = [];
  if (only.has('api')) wanted.push({ what: 'the API (API_PORT)', ...listen.api });
  if (only.has('mail-in') && listen.smtp !== null) wanted.push({ what: 'the SMTP intake (MAIL_IN_SMTP_PORT)', ...listen.smtp });
  if (dbPort !== null) wanted.push({ what: 'the embedded PostgreSQL (ARBITER_DB_PORT, --db-port)', host: '127.0.0.1', port: dbPort });
  return wanted;
}
