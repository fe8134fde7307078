// Runs a TypeScript script in a child process with a time and memory bound, its input as JSON on stdin
// and its answer as JSON on stdout: a scenario that would crash or stall the process makes a red test
// (the child's exit, signal or time-out is the answer), never a dead test runner.
import { spawn } from 'node:child_process';

export interface IsolatedRun<T> {
  /** The script's JSON answer, or null when it printed none (it crashed, was killed or timed out). */
  answer: T | null;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
}

export function runIsolated<T>(script: string, input: unknown, { timeoutMs = 60_000, heapMb = 768 } = {}): Promise<IsolatedRun<T>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let answer: T | null = null;
      try {
        answer = stdout.trim() === '' ? null : (JSON.parse(stdout) as T);
      } catch {
        answer = null;
      }
      resolve({ answer, code, signal, timedOut, stderr });
    });
    child.stdin.end(JSON.stringify(input));
  });
}
