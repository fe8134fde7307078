// A TCP port that nothing listens on at this moment (the system picks it), for tests and tools that must
// name a port before they start a server on it.
import net from 'node:net';

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, host, resolve);
  });
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}
