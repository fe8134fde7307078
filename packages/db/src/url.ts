import type { PoolConfig } from 'pg';

/** Split a postgres URL into an explicit pg pool config (host, port, user, password, database, ssl). */
export function poolConfigFromUrl(databaseUrl: string): PoolConfig {
  let u: URL;
  try {
    u = new URL(databaseUrl);
  } catch {
    throw new Error(`DATABASE_URL is not a valid URL: ${redactUrl(databaseUrl)}`);
  }
  if (u.protocol !== 'postgresql:' && u.protocol !== 'postgres:') {
    throw new Error(`DATABASE_URL must start with postgresql:// (got ${u.protocol}//)`);
  }
  const config: PoolConfig = {
    host: decodeURIComponent(u.hostname) || u.searchParams.get('host') || '127.0.0.1',
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
