// A PostgreSQL wire-protocol proxy in front of pglite-socket that gives each client connection its own
// namespace of prepared statements and portals.
//
// PGlite is one PostgreSQL session shared by every connection. Prepared statements and portals live in
// the session, so two connections that both prepare a statement named "intake-auth" (node-postgres does
// this for `{ name, text }` queries, once per connection) collide: the second gets
// `prepared statement "intake-auth" already exists`, or worse, one connection runs the other's statement.
// The proxy prefixes every non-empty statement and portal name a client sends (Parse, Bind, Describe,
// Execute, Close) with its connection number, so each connection sees exactly what it would see on a real
// server. When a client disconnects, its statements are deallocated. Server messages pass through as they
// are: none of them carries a statement or portal name.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { EmbeddedLogger } from './logger.ts';
import { silentLogger } from './logger.ts';

const PROTOCOL_3 = 196608;

export interface StatementProxyOptions {
  /** Where pglite-socket listens. */
  upstream: { host: string; port: number };
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  logger?: EmbeddedLogger;
}

export interface StatementProxy {
  host: string;
  port: number;
  /** Client connections open now. */
  connections(): number;
  close(): Promise<void>;
}

/** Rewrites the frontend messages of one client connection; keeps the names it prefixed. */
export class FrontendRewriter {
  private buffered: Buffer = Buffer.alloc(0);
  private started = false;
  /** Prefixed names of the statements this connection prepared (for DEALLOCATE on close). */
  readonly statements = new Set<string>();

  constructor(readonly prefix: string) {}

  /** Feeds bytes from the client; returns the bytes to send upstream (complete messages only). */
  push(chunk: Buffer): Buffer {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const out: Buffer[] = [];
    for (;;) {
      if (!this.started) {
        // Untyped messages before and including the startup message: SSLRequest, GSSENCRequest, Startup.
        if (this.buffered.length < 8) break;
        const len = this.buffered.readInt32BE(0);
        if (this.buffered.length < len) break;
        const code = this.buffered.readInt32BE(4);
        out.push(this.buffered.subarray(0, len));
        this.buffered = this.buffered.subarray(len);
        if (code === PROTOCOL_3) this.started = true;
        continue;
      }
      if (this.buffered.length < 5) break;
      const len = this.buffered.readInt32BE(1);
      if (this.buffered.length < 1 + len) break;
      const msg = this.buffered.subarray(0, 1 + len);
      this.buffered = this.buffered.subarray(1 + len);
      out.push(this.rewrite(msg));
    }
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  private name(n: string): string {
    return n === '' ? '' : `${this.prefix}${n}`;
  }

  private rewrite(msg: Buffer): Buffer {
    const type = String.fromCharCode(msg[0] ?? 0);
    const body = msg.subarray(5);
    switch (type) {
      case 'P': {
        // Parse: name, query, parameter types.
        const [name, rest] = cstring(body);
        const renamed = this.name(name);
        if (renamed !== '') this.statements.add(renamed);
        return message('P', Buffer.concat([cstringBytes(renamed), rest]));
      }
      case 'B': {
        // Bind: portal, statement, the rest.
        const [portal, afterPortal] = cstring(body);
        const [statement, rest] = cstring(afterPortal);
        return message('B', Buffer.concat([cstringBytes(this.name(portal)), cstringBytes(this.name(statement)), rest]));
      }
      case 'D':
      case 'C': {
        // Describe / Close: 'S' (statement) or 'P' (portal), then the name.
        const kind = body.subarray(0, 1);
        const [name, rest] = cstring(body.subarray(1));
        const renamed = this.name(name);
        if (type === 'C' && kind.toString() === 'S') this.statements.delete(renamed);
        return message(type, Buffer.concat([kind, cstringBytes(renamed), rest]));
      }
      case 'E': {
        // Execute: portal, max rows.
        const [portal, rest] = cstring(body);
        return message('E', Buffer.concat([cstringBytes(this.name(portal)), rest]));
      }
      default:
        return msg;
    }
  }
}

function cstring(b: Buffer): [string, Buffer] {
  const end = b.indexOf(0);
  if (end < 0) throw new Error('malformed PostgreSQL message: a name is not NUL-terminated');
  return [b.subarray(0, end).toString('utf8'), b.subarray(end + 1)];
}

function cstringBytes(s: string): Buffer {
  return Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A simple-protocol Query message. */
export function queryMessage(sql: string): Buffer {
  return message('Q', cstringBytes(sql));
}

/** A Terminate message. */
const TERMINATE = Buffer.from([0x58, 0, 0, 0, 4]);

export async function startStatementProxy(options: StatementProxyOptions): Promise<StatementProxy> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? silentLogger;
  const open = new Set<net.Socket>();
  let next = 1;

  const server = net.createServer((client) => {
    const id = next++;
    const rewriter = new FrontendRewriter(`c${id}_`);
    const upstream = net.connect(options.upstream.port, options.upstream.host);
    open.add(client);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let clientGone = false;
    let upstreamGone = false;

    client.on('data', (chunk: Buffer) => {
      let out: Buffer;
      try {
        out = rewriter.push(chunk);
      } catch (err) {
        log.warn({ err, connection: id }, 'embedded PostgreSQL proxy: malformed message, closing the connection');
        client.destroy();
        return;
      }
      if (out.length > 0 && !upstreamGone) upstream.write(out);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!clientGone) client.write(chunk);
    });
    // The client went away (pool closed, process stopping): drop its statements from the shared session,
    // then end the upstream connection (pglite-socket rolls back a transaction it left open).
    const onClientGone = (): void => {
      if (clientGone) return;
      clientGone = true;
      open.delete(client);
      if (upstreamGone) return;
      const cleanup = [...rewriter.statements].map((n) => queryMessage(`DEALLOCATE "${n.replace(/"/g, '""')}"`));
      // Answers to the cleanup are read and dropped; Terminate ends the session's connection.
      upstream.removeAllListeners('data');
      upstream.on('data', () => {});
      upstream.end(Buffer.concat([...cleanup, TERMINATE]));
    };
    client.on('close', onClientGone);
    client.on('error', onClientGone);
    upstream.on('close', () => {
      upstreamGone = true;
      if (!clientGone) client.destroy();
    });
    upstream.on('error', (err) => {
      upstreamGone = true;
      log.warn({ err, connection: id }, 'embedded PostgreSQL proxy: upstream connection failed');
      client.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    connections: () => open.size,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
