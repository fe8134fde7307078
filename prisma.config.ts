// Prisma CLI configuration (packages/db owns Prisma). On a connected machine `npx prisma migrate deploy`
// applies prisma/migrations with this file; here `npm run db:migrate` does the same with the WebAssembly
// schema engine (packages/db/src/migrate.ts). DATABASE_URL is only needed by commands that connect.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
