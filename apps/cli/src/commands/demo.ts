// `arbiter demo` (npm run demo): plays one whole turn of the demo game as a guided tour, through the same
// doors a real game uses: the North's orders by REST, the South's by a real SMTP mail to the intake, the
// turn run by the game master's REST route, then the reports (outbox .eml files with the PNG map, and the
// HTML report and SVG map from the API, saved beside them).
// It uses the running `arbiter start` of the same folder (found through <home>/run.json), or starts the
// system in this process for the tour and stops it afterwards.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArbiterHome, DemoState, RunInfo } from '@arbiter/embedded';
import { COMPONENTS, createLogger, startSystem } from './start.ts';
import type { StartedSystem } from './start.ts';
import type { Command } from './types.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
/** How long to wait for receipts, the turn and the reports. */
const STEP_TIMEOUT_MS = 120_000;

const usage = `Usage: arbiter demo [--home <dir>]

Plays one whole turn of the demo game as a guided tour:
  1. the Kingdom of the North sends its orders by REST (examples/demo/orders-north.txt),
  2. the Dark Lord of the South sends its orders as a mail to the SMTP intake (examples/demo/orders-south.txt),
  3. the game master runs the turn through the REST API,
  4. the turn is adjudicated and every nation's report mail (with its PNG map) lands in the outbox,
  5. each report is also fetched from the API and saved as HTML with its SVG map.
It uses the Arbiter that \`npm start\` runs from the same folder, or starts one for the tour. Run it again
to play the next turn.

  --home <dir>   the local folder of that Arbiter (default .arbiter, or $ARBITER_HOME)`;

interface Tour {
  home: ArbiterHome;
  run: RunInfo;
  demo: DemoState;
  gmToken: string;
  out: (s: string) => void;
}

class TourError extends Error {}

async function api(t: Tour, method: string, route: string, token: string, init: { body?: string; contentType?: string; accept?: string } = {}): Promise<{ status: number; text: string }> {
  if (t.run.apiUrl === null) throw new TourError('The running Arbiter has no API (it was started with --only); the tour needs all components.');
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: init.accept ?? 'application/json' };
  if (init.contentType !== undefined) headers['content-type'] = init.contentType;
  const res = await fetch(`${t.run.apiUrl}${route}`, { method, headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  return { status: res.status, text: await res.text() };
}

async function apiJson<T>(t: Tour, method: string, route: string, token: string, init: { body?: string; contentType?: string } = {}): Promise<T> {
  const r = await api(t, method, route, token, init);
  if (r.status >= 300) throw new TourError(`${method} ${route} answered ${r.status}: ${r.text}`);
  return JSON.parse(r.text) as T;
}

function nation(t: Tour, id: string): DemoState['nations'][number] {
  const n = t.demo.nations.find((x) => x.nationId === id);
  if (n === undefined) throw new TourError(`The demo game has no nation "${id}" (${t.demo.nations.map((x) => x.nationId).join(', ')}).`);
  return n;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() - started > timeoutMs) throw new TourError(`Gave up waiting for ${what} after ${Math.round(timeoutMs / 1000)} s; see the log of arbiter start.`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Outbox files written since `since` whose name shows they go to `email`. */
async function newMailsTo(dir: string, email: string, since: number): Promise<string[]> {
  const { listOutbox } = await import('@arbiter/embedded');
  const tag = `_${email.toLowerCase().replace(/@/g, '-').replace(/[^a-z0-9._-]/g, '_').slice(0, 64)}_`;
  const out: string[] = [];
  for (const f of await listOutbox(dir)) {
    if (!path.basename(f).includes(tag)) continue;
    if ((await stat(f)).mtimeMs >= since) out.push(f);
  }
  return out;
}

/** The Subject: header of an .eml file (unfolded; RFC 2047 words left as they are). */
async function subjectOf(file: string): Promise<string> {
  const head = (await readFile(file, 'latin1')).split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^subject:\s*(.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

function ordersOf(file: string): Promise<string> {
  return readFile(path.join(DEMO_DIR, file), 'utf8');
}

type TourNation = ReturnType<typeof nation>;

/** Step 1: the North's orders by REST, and the receipt in the API's answer. */
async function ordersByRest(t: Tour, north: TourNation): Promise<void> {
  const { out, demo } = t;
  const northOrders = await ordersOf('orders-north.txt');
  out(`\n1. ${north.name} sends its orders by REST:\n   POST ${t.run.apiUrl}/v1/games/${demo.gameId}/orders  (Authorization: Bearer <north's secret>, text/plain)\n${indent(northOrders)}\n`);
  const receipt = await api(t, 'POST', `/v1/games/${demo.gameId}/orders`, north.secret, { body: northOrders, contentType: 'text/plain; charset=utf-8', accept: 'text/plain' });
  if (receipt.status !== 200) throw new TourError(`The API refused the North's orders (${receipt.status}): ${receipt.text}`);
  out(`   The receipt, in the API's answer:\n${indent(receipt.text)}\n`);
}

/** Step 2: the South's orders by mail to the SMTP intake, and its receipt mail in the outbox. */
async function ordersByMail(t: Tour, south: TourNation, turn: number, since: number): Promise<void> {
  const { out, demo } = t;
  if (t.run.smtp === null) throw new TourError('The running Arbiter has no SMTP intake; the tour needs all components.');
  const smtp = t.run.smtp;
  const to = `orders@${smtp.domain}`;
  const southOrders = await ordersOf('orders-south.txt');
  const body = `game: ${demo.gameId}\nsecret: ${south.secret}\n\n${southOrders}`;
  out(`\n2. ${south.name} mails its orders to ${to} (the SMTP intake at ${smtp.host}:${smtp.port}):\n${indent(body.replace(south.secret, '<south\'s secret>'))}\n`);
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  try {
    const sent = await transport.sendMail({ from: `${south.name} <${south.email}>`, to, subject: `Orders for turn ${turn}`, text: body });
    out(`   The intake answered: ${sent.response}\n`);
  } finally {
    transport.close();
  }
  if (t.run.outboxDir !== null) {
    const dir = t.run.outboxDir;
    const receipts = await waitFor('the receipt mail', async () => {
      const s = await newMailsTo(dir, south.email, since);
      return s.length > 0 ? s : null;
    });
    out(`   The receipt mail to ${south.email}, in the outbox:\n${receipts.map((f) => `    ${f}`).join('\n')}\n`);
  }
}

/** Steps 3 and 4: the GM runs the turn now, and the tour waits until it is adjudicated. Returns when it ran and the next turn. */
async function runTurnNow(t: Tour, turn: number): Promise<{ runAt: number; next: { turn: number; deadline: string } }> {
  const { out, demo } = t;
  out(`\n3. The game master runs turn ${turn} now:\n   POST ${t.run.apiUrl}/v1/games/${demo.gameId}/turns/${turn}/run  (Authorization: Bearer <GM token>)\n`);
  const runAt = Date.now();
  const dispatched = await api(t, 'POST', `/v1/games/${demo.gameId}/turns/${turn}/run`, t.gmToken);
  if (dispatched.status !== 202) throw new TourError(`The API did not run the turn (${dispatched.status}): ${dispatched.text}`);
  out(`   ${dispatched.status}: ${dispatched.text}\n`);
  const next = await waitFor(`turn ${turn} to be adjudicated`, async () => {
    const s = await apiJson<{ turn: number; turnStatus: string; deadline: string; heldReason: string | null }>(t, 'GET', `/v1/games/${demo.gameId}`, t.gmToken);
    if (s.turnStatus === 'held') throw new TourError(`Turn ${turn} was held for the game master: ${s.heldReason ?? 'no reason given'}`);
    return s.turn > turn ? s : null;
  });
  out(`\n4. Turn ${turn} is adjudicated (${((Date.now() - runAt) / 1000).toFixed(1)} s); turn ${next.turn} is open until ${next.deadline}.\n`);
  return { runAt, next };
}

/** Step 5: each nation's report mail in the outbox, and its HTML report and SVG map saved from the API. */
async function reportsOf(t: Tour, turn: number, runAt: number): Promise<{ reportFiles: string[]; saved: string[] }> {
  const { out, demo } = t;
  const reportFiles: string[] = [];
  if (t.run.outboxDir !== null) {
    const dir = t.run.outboxDir;
    for (const n of demo.nations) {
      const files = await waitFor(`the turn ${turn} report mail of ${n.nationId}`, async () => {
        const found: string[] = [];
        for (const f of await newMailsTo(dir, n.email, runAt)) if (/ report: /.test(await subjectOf(f)) && (await subjectOf(f)).includes(`turn ${turn} `)) found.push(f);
        return found.length > 0 ? found : null;
      });
      reportFiles.push(...files);
    }
  }
  const saved: string[] = [];
  const folder = path.join(t.home.root, 'demo', `turn-${turn}`);
  await mkdir(folder, { recursive: true });
  for (const n of demo.nations) {
    const html = await api(t, 'GET', `/v1/games/${demo.gameId}/turns/${turn}/report`, n.secret, { accept: 'text/html' });
    if (html.status === 200) {
      const f = path.join(folder, `${n.nationId}-report.html`);
      await writeFile(f, html.text);
      saved.push(f);
    }
    const svg = await api(t, 'GET', `/v1/games/${demo.gameId}/turns/${turn}/report`, n.secret, { accept: 'image/svg+xml' });
    if (svg.status === 200) {
      const f = path.join(folder, `${n.nationId}-map.svg`);
      await writeFile(f, svg.text);
      saved.push(f);
    }
  }
  out(`\n5. The reports of turn ${turn}:\n`);
  if (reportFiles.length > 0) out(`   Report mails (text, HTML and the PNG map attached), open them with any mail program:\n${reportFiles.map((f) => `    ${f}`).join('\n')}\n`);
  else out('   Report mails went out through SMTP_URL; look in that mailbox (or the mail catcher).\n');
  out(`   Each nation's HTML report and SVG map, from GET /v1/games/${demo.gameId}/turns/${turn}/report:\n${saved.map((f) => `    ${f}`).join('\n')}\n`);
  return { reportFiles, saved };
}

export async function playTour(t: Tour): Promise<{ turn: number; reportFiles: string[]; savedFiles: string[] }> {
  const { out, demo } = t;
  const north = nation(t, 'north');
  const south = nation(t, 'south');
  const status = await apiJson<{ turn: number; turnStatus: string; deadline: string; name: string }>(t, 'GET', `/v1/games/${demo.gameId}`, north.secret);
  const turn = status.turn;
  if (status.turnStatus !== 'open') throw new TourError(`Turn ${turn} of the demo game is ${status.turnStatus}, not open; wait a moment and run the demo again.`);
  out(`\nThe demo game "${status.name}" (${demo.gameId}) is at turn ${turn}; its deadline is ${status.deadline}.\n`);

  const since = Date.now();
  await ordersByRest(t, north);
  await ordersByMail(t, south, turn, since);
  const { runAt, next } = await runTurnNow(t, turn);
  const { reportFiles, saved } = await reportsOf(t, turn, runAt);
  out(`\nThat was turn ${turn}. ${webPointer(t, demo.gameId, north)}\nRun \`npm run demo\` again to play turn ${next.turn}; the API docs are at ${t.run.docsUrl ?? '(no API)'}.\n`);
  return { turn, reportFiles, savedFiles: saved };
}

/** Where to see the game in a browser, and how to sign in there (the web client, docs/web.md). */
export function webPointer(t: { run: { apiUrl: string | null }; home: { gmTokenFile: string } }, gameId: string, player: { name: string; secret: string }): string {
  if (t.run.apiUrl === null) return '';
  return (
    `See it in your browser: open ${t.run.apiUrl}/#/play and sign in with the game id ${gameId} and ${player.name}'s secret ${player.secret}\n` +
    `(every nation's secret is in the banner of \`npm start\`); the GM desk is ${t.run.apiUrl}/#/gm, with the token in ${t.home.gmTokenFile}.`
  );
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'play one whole turn of the demo game as a guided tour (REST, mail, GM route, reports)',
  usage,
  async run(argv) {
    const { ConfigError, loadLocalConfig } = await import('@arbiter/config');
    let local: ReturnType<typeof loadLocalConfig>;
    try {
      local = loadLocalConfig(process.env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      process.stderr.write(`arbiter demo: ${err.message}\n`);
      return 1;
    }
    let homeDir = local.home;
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i];
      if (a === '--home' && argv[i + 1] !== undefined) homeDir = argv[++i] ?? homeDir;
      else if (a?.startsWith('--home=')) homeDir = a.slice('--home='.length);
      else {
        process.stderr.write(`arbiter demo: unknown argument "${a}"\n\n${usage}\n`);
        return 2;
      }
    }
    const { arbiterHome, readDemoState, readRunInfo } = await import('@arbiter/embedded');
    const home = arbiterHome(homeDir);
    const out = (s: string): void => void process.stdout.write(s);
    let own: StartedSystem | null = null;
    try {
      let run = await readRunInfo(home);
      if (run === null) {
        out(`No Arbiter runs from ${home.root}; starting one for the tour (it stops afterwards; \`npm start\` keeps one running).\n`);
        // The tour's own output is the point: the system it starts only logs warnings (unless LOG_LEVEL says otherwise).
        const level = (process.env.LOG_LEVEL ?? '').trim() === '' ? 'warn' : local.logLevel;
        const env = { ...process.env, LOG_LEVEL: level };
        const logger = await createLogger(level, false);
        own = await startSystem({ components: new Set(COMPONENTS), prettyLogs: false, home: homeDir, dbPort: local.dbPort, demo: true, migrate: true }, env, logger);
        run = own.run;
      }
      const demo = await readDemoState(home);
      if (demo === null) {
        throw new TourError(`There is no demo game in ${home.root}: it is created by \`npm start\` with the embedded database (DATABASE_URL unset).`);
      }
      const gmToken = local.gmToken ?? (await readFile(home.gmTokenFile, 'utf8').catch(() => '')).trim();
      if (gmToken === '') throw new TourError(`No GM token: set GM_TOKEN, or start Arbiter once so that it writes ${home.gmTokenFile}.`);
      await playTour({ home, run, demo, gmToken, out });
      return 0;
    } catch (err) {
      process.stderr.write(`arbiter demo: ${err instanceof TourError ? err.message : ((err as Error).stack ?? String(err))}\n`);
      return 1;
    } finally {
      await own?.stop();
    }
  },
};
