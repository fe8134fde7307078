// An IMAP server for the IMAP tests, in this process: hoodiecrow-imap (an in-memory IMAP4rev1 server
// made for client tests, a dev dependency, so `npm install` provides it) on a free loopback port, with
// one user and an empty INBOX. The poller creates its Processed folder itself, as on a real server.
// `tls: 'implicit'` serves IMAPS, `tls: 'starttls'` offers STARTTLS on the plain port; both with a
// self-signed certificate made for the run. What an in-memory server cannot show: docs/operations.md
// ("Tests" under the mail intake).
import type { Socket } from 'node:net';
import hoodiecrow from 'hoodiecrow-imap';
import { generate } from 'selfsigned';

export interface ImapServer {
  host: string;
  port: number;
  /** How the port speaks TLS: not at all, from the first byte (IMAPS), or after STARTTLS. */
  tls: 'none' | 'implicit' | 'starttls';
  user: string;
  password: string;
  stop(): Promise<void>;
}

/** The extensions the poller and imapflow use beyond IMAP4rev1 (IDLE; MOVE and UIDPLUS for the set-aside). */
const PLUGINS = ['IDLE', 'MOVE', 'UIDPLUS', 'ENABLE', 'ID', 'NAMESPACE', 'LITERALPLUS'];

async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  return { key: pems.private, cert: pems.cert };
}

export async function startImapServer(options: { tls?: 'none' | 'implicit' | 'starttls' } = {}): Promise<ImapServer> {
  const tls = options.tls ?? 'none';
  const user = 'orders@arbiter.test';
  const password = 'imap-test-password';
  const server = hoodiecrow({
    users: { [user]: { password } },
    plugins: tls === 'starttls' ? [...PLUGINS, 'STARTTLS'] : PLUGINS,
    storage: { INBOX: { messages: [] }, '': { separator: '/', folders: {} } },
    ...(tls === 'none' ? {} : { credentials: await selfSignedCertificate() }),
    secureConnection: tls === 'implicit',
  });
  // Each connection listens for the server's new-mail notices; the tests open more than ten at a time.
  server.setMaxListeners(0);
  // close() only stops accepting: the connections a test left open are ended by stop().
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const host = '127.0.0.1';
  // Port 0: the OS picks a free one when listening, so no other process can take it in between.
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, host, () => {
      server.server.off('error', reject);
      const address = server.server.address();
      if (typeof address === 'object' && address !== null) resolve(address.port);
      else reject(new Error(`the IMAP test server has no TCP address (${String(address)})`));
    });
  });
  return {
    host,
    port,
    tls,
    user,
    password,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
