// PostgreSQL's own client programs (pg_dump, pg_restore) for `arbiter backup` / `arbiter restore`. The
// embedded server's npm package ships only the server (postgres, initdb, pg_ctl), so these come from the
// machine's PostgreSQL client tools (Debian: postgresql-client); pg_dump must be of the server's major
// version or newer, which is why the embedded server is PostgreSQL 15 (docs/embedded.md).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

export class PgToolError extends Error {}

/** The major version of a client program on PATH (e.g. 15 from "pg_dump (PostgreSQL) 15.20"). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let out: string;
  try {
    out = (await promisify(execFile)(tool, ['--version'])).stdout;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PgToolError(`${tool} is not installed (it is not on PATH): install PostgreSQL's client tools, version 15 or newer (Debian, Ubuntu: apt-get install postgresql-client).`);
    }
    throw e;
  }
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!m) throw new PgToolError(`could not read the version of ${tool} from "${out.trim()}"`);
  return Number(m[1]);
}

/** The server's major version (e.g. 15). */
export async function serverMajorVersion(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]?.v) / 10000);
  } finally {
    await c.end();
  }
}

/** pg_dump and pg_restore read a server of their own major version or older. */
export async function checkToolFits(tool: 'pg_dump' | 'pg_restore', url: string): Promise<void> {
  const [mine, server] = await Promise.all([toolMajorVersion(tool), serverMajorVersion(url)]);
  if (mine < server) throw new PgToolError(`${tool} is version ${mine} and the server PostgreSQL ${server}: it needs ${tool} ${server} or newer.`);
}

/** Runs a client program; its stderr goes to `err`. Resolves with the exit status. */
export function runTool(tool: string, args: string[], err: (s: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    child.stderr.on('data', (c: Buffer) => err(c.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
}
