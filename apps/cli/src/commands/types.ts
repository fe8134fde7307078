/** One `arbiter` subcommand. `run` returns the process exit code; it never calls process.exit. */
export interface Command {
  name: string;
  /** One line for `arbiter --help`. */
  summary: string;
  /** Full usage text for `arbiter <name> --help`. */
  usage: string;
  run(argv: string[]): Promise<number>;
}

/** Where a command writes; tests pass their own. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export const processIo: Io = {
  out: (s) => {
    process.stdout.write(s);
  },
  err: (s) => {
    process.stderr.write(s);
  },
};
