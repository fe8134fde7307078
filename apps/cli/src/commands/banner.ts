// The lines `arbiter start` prints when it is ready: what a newcomer needs, as plain lines (not log records).
import type { ArbiterHome, DemoState, RunInfo } from '@arbiter/embedded';

/** What the newcomer's summary shows. */
export interface SystemSummary {
  run: RunInfo;
  gmToken: string | null;
  home: ArbiterHome;
  demo: DemoState | null;
  /**
   * What this start created: the GM token and the demo's secrets are printed only then, once; later starts
   * name the files that keep them (readable by this user only), so a terminal log or a screen share of an
   * ordinary start shows no secret.
   */
  fresh: { gmToken: boolean; demo: boolean };
  stop(): Promise<void>;
}

/** What a newcomer needs, as plain lines (not log records). */
export function banner(s: SystemSummary): string {
  const lines: string[] = [];
  const r = s.run;
  const modes = [
    r.embeddedDatabase ? 'PostgreSQL beside it' : null,
    r.queue === 'postgres' ? 'jobs in PostgreSQL' : null,
    r.outboxDir !== null ? 'mail to .eml files' : null,
  ].filter((m): m is string => m !== null);
  lines.push('', `Arbiter is running${modes.length > 0 ? ` (embedded: ${modes.join(', ')})` : ''}.`, '');
  if (r.apiUrl !== null) lines.push(`  API            ${r.apiUrl}`);
  if (r.docsUrl !== null) lines.push(`  API docs       ${r.docsUrl}`);
  if (r.apiUrl !== null) lines.push(`  Web client     ${r.apiUrl}/  (players sign in with game id and secret, the GM desk with the GM token)`);
  if (s.gmToken !== null && s.fresh.gmToken) lines.push(`  GM token       ${s.gmToken}  (Authorization: Bearer <token>; kept in ${s.home.gmTokenFile}, shown only this once)`);
  else if (s.gmToken !== null) lines.push(`  GM token       kept in ${s.home.gmTokenFile} (or GM_TOKEN, when set)  (Authorization: Bearer <token>)`);
  if (r.smtp !== null) lines.push(`  SMTP intake    ${r.smtp.host}:${r.smtp.port}, orders to any address @${r.smtp.domain}`);
  if (r.outboxDir !== null) lines.push(`  Outbox         ${r.outboxDir}  (every outgoing mail as an .eml file)`);
  if (r.databaseUrl !== null) lines.push(`  Database       ${r.databaseUrl}  (data in ${s.home.dataDir})`);
  if (s.demo !== null) {
    lines.push('', `Demo game "${s.demo.name}": id ${s.demo.gameId}`);
    const w = Math.max(...s.demo.nations.map((n) => n.nationId.length));
    const secretOf = (secret: string): string => (s.fresh.demo ? `secret ${secret}` : 'secret in the demo file');
    for (const n of s.demo.nations) lines.push(`  ${n.nationId.padEnd(w)}  ${secretOf(n.secret)}  ${n.email}  (${n.name})`);
    if (!s.fresh.demo) lines.push(`  (the secrets were shown when the game was created; they are kept in ${s.home.demoFile})`);
    lines.push('', 'Play a whole turn as a tour: npm run demo   (in another terminal)');
  }
  lines.push('Stop: Ctrl-C', '');
  return lines.join('\n');
}
