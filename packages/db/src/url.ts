import type { PoolConfig } from 'pg';

/** Split a postgres URL into an explicit pg pool config (host, port, user, password, database, ssl). */
export function poolConfigFromUrl(databaseUrl: string): PoolConfig {
  let u: URL;
  try {
    u = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL (expected postgresql://user:password@host:5432/database)');
  }
  if (u.protocol !== 'postgresql:' && u.protocol !== 'postgres:') {
    throw new Error(`DATABASE_URL must start with postgresql:// (got ${u.protocol}//)`);
  }
  // `?host=/var/run/postgresql` (as in libpq) selects a Unix-domain socket directory, and wins over the
  // host part of the URL.
  const config: PoolConfig = {
    host: u.searchParams.get('host') || decodeURIComponent(u.hostname) || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (u.username) config.user = decodeURIComponent(u.username);
  if (u.password) config.password = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode === 'require' || sslmode === 'verify-ca' || sslmode === 'verify-full') {
    config.ssl = sslmode === 'require' ? { rejectUnauthorized: false } : true;
  }
  return config;
}

/** The URL with any password replaced, for messages and logs. */
export function redactUrl(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** The same server and credentials, another database. */
export function withDatabase(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl);
  u.pathname = '/' + encodeURIComponent(database);
  return u.toString();
}
