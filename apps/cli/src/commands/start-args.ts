// `arbiter start`'s arguments: read with node:util parseArgs, each problem said in words.
import { parseArgs } from 'node:util';

export const COMPONENTS = ['api', 'worker', 'mail-in'] as const;
export type Component = (typeof COMPONENTS)[number];

export interface StartOptions {
  components: Set<Component>;
  /** Readable log lines (a terminal) rather than JSON. */
  prettyLogs: boolean;
  home: string;
  /** The embedded PostgreSQL's port (with DATABASE_URL unset). */
  dbPort: number;
  demo: boolean;
  migrate: boolean;
  /** This process is one of API_WORKERS API processes forked by `arbiter start --only api` (node:cluster): the primary owns the run file. */
  clusterWorker?: boolean;
}

const OPTIONS = {
  only: { type: 'string' },
  home: { type: 'string' },
  'db-port': { type: 'string' },
  'no-demo': { type: 'boolean' },
  'no-migrate': { type: 'boolean' },
} as const;

/** Parses the arguments (`local.home`: ARBITER_HOME, the default of --home); a string is the problem in words. */
export function parseStartArgs(argv: string[], local: { home: string; dbPort: number } = { home: '.arbiter', dbPort: 5433 }): StartOptions | string {
  const o: StartOptions = { components: new Set(COMPONENTS), prettyLogs: false, home: local.home, dbPort: local.dbPort, demo: true, migrate: true };
  // Not strict: every token comes back, so that each problem is named here in the command's own words.
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind === 'positional') return `unknown argument "${t.value}"`;
    if (t.kind === 'option-terminator') return 'unknown argument "--"';
    const value = t.value;
    switch (t.name) {
      case 'only': {
        if (value === undefined || value.trim() === '') return '--only needs a list of components: api, worker, mail-in';
        const names = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
        const bad = names.filter((n) => !(COMPONENTS as readonly string[]).includes(n));
        if (bad.length > 0) return `--only: unknown component ${bad.map((b) => `"${b}"`).join(', ')} (choose from api, worker, mail-in)`;
        o.components = new Set(names as Component[]);
        break;
      }
      case 'home':
        if (value === undefined || value.trim() === '') return '--home needs a folder';
        o.home = value;
        break;
      case 'db-port':
        if (value === undefined || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
          return `--db-port needs a port number from 1 to 65535, got ${value === undefined ? 'nothing' : `"${value}"`}`;
        }
        o.dbPort = Number(value);
        break;
      case 'no-demo':
        o.demo = false;
        break;
      case 'no-migrate':
        o.migrate = false;
        break;
      default:
        return `unknown argument "${t.rawName}"`;
    }
  }
  return o;
}
