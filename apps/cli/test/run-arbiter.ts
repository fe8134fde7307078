// Runs the real `arbiter` command as a process from the repository root, the way users run it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const root = new URL('../../../', import.meta.url).pathname;
const bin = join(root, 'apps/cli/bin/arbiter.mjs');

export async function arbiter(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: root, maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}
