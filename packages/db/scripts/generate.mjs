#!/usr/bin/env node
// Generates the Prisma client into packages/db/src/generated (run by the root `postinstall`, and by
// `npm run db:generate` after a schema change). `prisma generate` never runs the native schema engine, but
// the CLI tries to download it unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; on machines
// without access to Prisma's binary host we point it at this script. The generated client needs no
// native engine at run time (it uses @prisma/adapter-pg).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
const r = spawnSync(process.execPath, [cli, 'generate', '--config', path.join(root, 'prisma.config.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (r.status !== 0) {
  console.error('prisma generate failed; see the output above (docs/operations.md, "Database migrations").');
  process.exit(r.status ?? 1);
}
