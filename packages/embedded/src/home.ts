// The local folder of an embedded Arbiter (default `./.arbiter`, gitignored): the database, the outbox,
// the generated GM token, the demo game's secrets, and `run.json`, which says where a running
// `arbiter start` listens so that `arbiter demo` (and tests) can find it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import writeFileAtomicWith from 'write-file-atomic';

export interface ArbiterHome {
  /** Absolute path of the folder. */
  root: string;
  /** The embedded PostgreSQL's data folder (`postgres`). */
  dataDir: string;
  /** Where Arbiter before version 0.2 kept its PGlite database (`data`): never read or removed, only reported. */
  legacyPgliteDir: string;
  /** .eml files of outgoing mail. */
  outboxDir: string;
  /** The GM token generated on first start when GM_TOKEN is unset (mode 0600). */
  gmTokenFile: string;
  /** The demo game's id and nation secrets (the database keeps only the secrets' hashes). */
  demoFile: string;
  /** Where the running system listens; written when it is ready, removed when it stops. */
  runFile: string;
}

export function arbiterHome(root: string = '.arbiter'): ArbiterHome {
  const abs = path.resolve(root);
  return {
    root: abs,
    dataDir: path.join(abs, 'postgres'),
    legacyPgliteDir: path.join(abs, 'data'),
    outboxDir: path.join(abs, 'outbox'),
    gmTokenFile: path.join(abs, 'gm-token'),
    demoFile: path.join(abs, 'demo.json'),
    runFile: path.join(abs, 'run.json'),
  };
}

/** Writes a file atomically (write-file-atomic: a temporary file, fsync, rename), creating its folder; `mode` for secrets. */
export async function writeFileAtomic(file: string, content: string, mode = 0o644): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomicWith(file, content, { mode });
}

/**
 * The GM token from `gm-token`, or a new random one (43 characters, 256 bits) written there on first use.
 * A file that exists but holds fewer than 32 characters is an error naming it, never silently replaced.
 */
export async function loadOrCreateGmToken(home: ArbiterHome): Promise<{ token: string; created: boolean }> {
  let existing: string | undefined;
  try {
    existing = (await readFile(home.gmTokenFile, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (existing !== undefined) {
    if (existing.length < 32) {
      throw new Error(`${home.gmTokenFile} holds ${existing.length} characters; a GM token needs at least 32. Delete the file to have a new one made.`);
    }
    return { token: existing, created: false };
  }
  const token = randomBytes(32).toString('base64url');
  await writeFileAtomic(home.gmTokenFile, `${token}\n`, 0o600);
  return { token, created: true };
}

export const demoStateSchema = z.object({
  gameId: z.string().min(1),
  name: z.string(),
  createdAt: z.string(),
  nations: z.array(z.object({ nationId: z.string(), name: z.string(), email: z.string(), secret: z.string() })).min(1),
});
export type DemoState = z.infer<typeof demoStateSchema>;

export async function readDemoState(home: ArbiterHome): Promise<DemoState | null> {
  return readJson(home.demoFile, demoStateSchema);
}

export async function writeDemoState(home: ArbiterHome, state: DemoState): Promise<void> {
  // The nation secrets are passwords of the demo's players: readable by this user only.
  await writeFileAtomic(home.demoFile, `${JSON.stringify(state, null, 2)}\n`, 0o600);
}

export const runInfoSchema = z.object({
  pid: z.number().int(),
  startedAt: z.string(),
  /** `http://127.0.0.1:3000` (null when this process runs no API). */
  apiUrl: z.string().nullable(),
  /** The OpenAPI documentation page. */
  docsUrl: z.string().nullable(),
  /** The SMTP intake (null when this process runs none). */
  smtp: z.object({ host: z.string(), port: z.number().int(), domain: z.string() }).nullable(),
  /** The .eml outbox folder (null when mail goes out through SMTP_URL). */
  outboxDir: z.string().nullable(),
  /** Whether the database is the embedded PostgreSQL. */
  embeddedDatabase: z.boolean(),
  /** The embedded database's URL (null with DATABASE_URL set: it may hold a password). */
  databaseUrl: z.string().nullable(),
  /** Where BullMQ keeps its jobs. */
  queue: z.enum(['redis', 'postgres']),
});
export type RunInfo = z.infer<typeof runInfoSchema>;

export async function writeRunInfo(home: ArbiterHome, info: RunInfo): Promise<void> {
  await writeFileAtomic(home.runFile, `${JSON.stringify(info, null, 2)}\n`);
}

/** The run file, or null when there is none or its process has ended (a stale file is removed). */
export async function readRunInfo(home: ArbiterHome): Promise<RunInfo | null> {
  const info = await readJson(home.runFile, runInfoSchema);
  if (info === null) return null;
  if (!isAlive(info.pid)) {
    await rm(home.runFile, { force: true });
    return null;
  }
  return info;
}

export async function removeRunInfo(home: ArbiterHome): Promise<void> {
  await rm(home.runFile, { force: true });
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON (${(e as Error).message}); delete it to start afresh`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${file} is not what Arbiter wrote: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}; delete it to start afresh`);
  }
  return parsed.data;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
