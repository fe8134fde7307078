// npm run db:migrate — apply prisma/migrations to DATABASE_URL (same folders and bookkeeping as `prisma migrate deploy`).
import { loadDatabaseConfig } from '@arbiter/config';
import { applyMigrations, redactUrl } from '../src/index.ts';

try {
  const { url } = loadDatabaseConfig();
  const applied = await applyMigrations(url);
  console.log(applied.length === 0 ? `Database ${redactUrl(url)} is up to date.` : `Applied to ${redactUrl(url)}:\n  ${applied.join('\n  ')}`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
