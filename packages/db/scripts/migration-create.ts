// npm run db:migration:create -- <name> — write prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL from the committed migrations to prisma/schema.prisma. Needs DATABASE_URL for a temporary shadow
// database (created and dropped on the same server).
import { loadDatabaseConfig } from '@arbiter/config';
import { createMigration } from '../src/index.ts';

const name = process.argv[2];
try {
  if (!name) throw new Error('Usage: npm run db:migration:create -- <name>   (e.g. add_nation_colour)');
  const { url } = loadDatabaseConfig();
  const dir = await createMigration(url, name);
  console.log(dir === null ? 'The schema matches the migrations: nothing to create.' : `Created ${dir}\nReview it, run \`npm run db:generate\`, commit it.`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
}
