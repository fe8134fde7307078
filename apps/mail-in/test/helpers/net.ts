// Loopback ports for test servers (a mail-in process, the benchmark): a free one, and waiting until one accepts.
import { connect, createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether something accepts a TCP connection on 127.0.0.1:port right now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Polls until the port accepts connections. `gone` says whether the server has died (then there is
 * nothing to wait for). The caller words the failure.
 */
export async function waitForPort(
  port: number,
  opts: { attempts: number; intervalMs: number; gone?: () => boolean },
): Promise<'listening' | 'gone' | 'timeout'> {
  for (let i = 0; i < opts.attempts; i++) {
    if (opts.gone?.()) return 'gone';
    if (await isListening(port)) return 'listening';
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  return 'timeout';
}
