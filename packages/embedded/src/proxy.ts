// A PostgreSQL wire-protocol proxy in front of pglite-socket that makes the one PGlite session behave
// like a session per connection, for what Arbiter's drivers rely on:
//
// 1. Exclusion. A connection owns the session from its first message until the server reports it idle
//    again (ReadyForQuery with status `I`): a whole extended-protocol exchange (Parse, Bind, Execute ...
//    Sync) and a whole transaction block run without another connection's messages in between. Without
//    this, another connection's Sync ends the implicit transaction and destroys this one's unnamed
//    portal (`portal "" does not exist`), and statements of two transactions mix.
// 2. Names. Prepared statements and portals live in the session, so two connections that both prepare
//    "intake-auth" (node-postgres does this once per connection for `{ name, text }` queries) would
//    collide. Every non-empty statement and portal name a client sends (Parse, Bind, Describe, Execute,
//    Close) is prefixed with its connection number; a closing connection's statements are deallocated.
//
// 3. Notifications. PGlite hands a NOTIFY's NotificationResponse to whichever connection ran the
//    statement that sent it. The proxy takes it out of that stream and delivers it to every connection
//    that ran LISTEN on its channel, as a server does (BullMQ's workers wait on LISTEN for new jobs).
//
// Other server messages pass through unchanged (none carries a statement or portal name). The consequence of
// (1), as on any server with one connection per transaction: a transaction must not wait for a query on
// another connection of the same process (docs/embedded.md).
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

  /** Whether the startup message has gone through (typed messages follow). */
  get afterStartup(): boolean {
    return this.started;
  }

  /** Feeds bytes from the client; returns the bytes to send upstream (complete messages only). */
  push(chunk: Buffer): Buffer {
    const out = this.pushMessages(chunk);
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  /** Feeds bytes from the client; returns the complete messages to send upstream, one Buffer each. */
  pushMessages(chunk: Buffer): Buffer[] {
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
    return out;
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

/** Splits the server's byte stream into whole messages. */
export class BackendFramer {
  private buffered: Buffer = Buffer.alloc(0);

  /** Feeds bytes from the server; returns the complete messages in them (a partial one waits for the rest). */
  push(chunk: Buffer): Buffer[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const out: Buffer[] = [];
    while (this.buffered.length >= 5) {
      const len = this.buffered.readInt32BE(1);
      if (this.buffered.length < 1 + len) break;
      out.push(this.buffered.subarray(0, 1 + len));
      this.buffered = this.buffered.subarray(1 + len);
    }
    return out;
  }
}

/** The channel of a NotificationResponse message (type `A`: pid, channel, payload). */
export function notificationChannel(msg: Buffer): string {
  return cstring(msg.subarray(9))[0];
}

/**
 * The LISTEN and UNLISTEN statements in an SQL text: `[kind, channel]`, channel folded to lower case
 * unless quoted, `*` for UNLISTEN *.
 */
export function listenStatements(sql: string): ['listen' | 'unlisten', string][] {
  const out: ['listen' | 'unlisten', string][] = [];
  const re = /(?:^|;)\s*(LISTEN|UNLISTEN)\s+(?:"((?:[^"]|"")+)"|(\*)|([A-Za-z_][A-Za-z0-9_$]*))/gi;
  const code = sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const m of code.matchAll(re)) {
    const kind = (m[1] ?? '').toLowerCase() === 'listen' ? 'listen' : 'unlisten';
    const channel = m[2] !== undefined ? m[2].replace(/""/g, '"') : m[3] !== undefined ? '*' : (m[4] ?? '').toLowerCase();
    out.push([kind, channel]);
  }
  return out;
}

/** The SQL text of a Query (`Q`) or Parse (`P`) message; null for other messages. */
export function sqlOf(msg: Buffer): string | null {
  if (msg[0] === 0x51 /* Q */) return cstring(msg.subarray(5))[0];
  if (msg[0] === 0x50 /* P */) return cstring(cstring(msg.subarray(5))[1])[0];
  return null;
}

/** The one session: granted to one connection at a time, in request order. */
class SessionLock {
  private owner: number | null = null;
  private readonly waiting: { id: number; grant: () => void }[] = [];

  acquire(id: number): Promise<void> {
    if (this.owner === null) {
      this.owner = id;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ id, grant: resolve }));
  }

  release(id: number): void {
    if (this.owner !== id) {
      // Still waiting (the connection went away first): leave the line.
      const i = this.waiting.findIndex((w) => w.id === id);
      if (i >= 0) this.waiting.splice(i, 1);
      return;
    }
    const next = this.waiting.shift();
    this.owner = next?.id ?? null;
    next?.grant();
  }
}

export async function startStatementProxy(options: StatementProxyOptions): Promise<StatementProxy> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? silentLogger;
  const open = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let shuttingDown = false;
  const lock = new SessionLock();
  /** Connections by the channels they LISTEN on. */
  const listeners = new Map<string, Map<number, net.Socket>>();
  const unlistenAll = (id: number): void => {
    for (const [channel, m] of listeners) {
      m.delete(id);
      if (m.size === 0) listeners.delete(channel);
    }
  };
  let next = 1;

  const server = net.createServer((client) => {
    const id = next++;
    const rewriter = new FrontendRewriter(`c${id}_`);
    const framer = new BackendFramer();
    const upstream = net.connect(options.upstream.port, options.upstream.host);
    open.add(client);
    upstreams.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let clientGone = false;
    let upstreamGone = false;
    /** The session is ours: from the first message sent until the server is idle again with nothing pending. */
    let holding = false;
    let requested = false;
    /** Sync and Query messages sent whose ReadyForQuery has not come back. */
    let pending = 0;
    /** Messages waiting for the session. */
    let queued: Buffer[] = [];

    const send = (msgs: Buffer[]): void => {
      for (const m of msgs) {
        if (m[0] === 0x53 /* S */ || m[0] === 0x51 /* Q */) pending++;
        const sql = sqlOf(m);
        if (sql !== null && /listen/i.test(sql)) {
          for (const [kind, channel] of listenStatements(sql)) {
            if (kind === 'listen') {
              const m2 = listeners.get(channel) ?? new Map<number, net.Socket>();
              m2.set(id, client);
              listeners.set(channel, m2);
            } else if (channel === '*') unlistenAll(id);
            else listeners.get(channel)?.delete(id);
          }
        }
      }
      if (!upstreamGone) upstream.write(msgs.length === 1 ? (msgs[0] as Buffer) : Buffer.concat(msgs));
    };
    const releaseIfIdle = (status: string): void => {
      if (holding && pending === 0 && status === 'I') {
        holding = false;
        lock.release(id);
      }
    };
    const releaseNow = (): void => {
      if (holding || requested) {
        holding = false;
        requested = false;
        lock.release(id);
      }
    };

    client.on('data', (chunk: Buffer) => {
      let msgs: Buffer[];
      try {
        msgs = rewriter.pushMessages(chunk);
      } catch (err) {
        log.warn({ err, connection: id }, 'embedded PostgreSQL proxy: malformed message, closing the connection');
        client.destroy();
        return;
      }
      if (msgs.length === 0) return;
      if (!rewriter.afterStartup || holding) {
        // The startup exchange needs no session of its own; an owner sends at once.
        send(msgs);
        return;
      }
      queued.push(...msgs);
      if (requested) return;
      requested = true;
      void lock.acquire(id).then(() => {
        requested = false;
        if (clientGone || upstreamGone) {
          lock.release(id);
          return;
        }
        holding = true;
        const batch = queued;
        queued = [];
        send(batch);
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      const forward: Buffer[] = [];
      for (const msg of framer.push(chunk)) {
        if (msg[0] === 0x41 /* A: NotificationResponse */) {
          // To every connection listening on its channel (at a message boundary of its stream).
          for (const [otherId, socket] of listeners.get(notificationChannel(msg)) ?? []) {
            if (otherId === id) forward.push(msg);
            else if (!socket.destroyed) socket.write(msg);
          }
          continue;
        }
        forward.push(msg);
        if (msg[0] === 0x5a /* Z: ReadyForQuery */) {
          if (pending > 0) pending--;
          releaseIfIdle(String.fromCharCode(msg[5] ?? 0x49));
        }
      }
      if (!clientGone && forward.length > 0) client.write(forward.length === 1 ? (forward[0] as Buffer) : Buffer.concat(forward));
    });
    // The client went away (pool closed, process stopping): drop its statements from the shared session
    // while holding it, then end the upstream connection (pglite-socket rolls back a transaction left open).
    const onClientGone = (): void => {
      if (clientGone) return;
      clientGone = true;
      open.delete(client);
      unlistenAll(id);
      queued = [];
      if (upstreamGone || shuttingDown) {
        releaseNow();
        upstream.destroy();
        return;
      }
      const finish = (): void => {
        const cleanup = [...rewriter.statements].map((n) => queryMessage(`DEALLOCATE "${n.replace(/"/g, '""')}"`));
        upstream.end(Buffer.concat([...cleanup, TERMINATE]));
      };
      if (holding || !rewriter.afterStartup || rewriter.statements.size === 0) finish();
      else {
        requested = true;
        void lock.acquire(id).then(() => {
          requested = false;
          holding = true;
          finish();
        });
      }
    };
    client.on('close', onClientGone);
    client.on('error', onClientGone);
    upstream.on('close', () => {
      upstreamGone = true;
      upstreams.delete(upstream);
      releaseNow();
      if (!clientGone) client.destroy();
    });
    upstream.on('error', (err) => {
      upstreamGone = true;
      releaseNow();
      if (!shuttingDown) log.warn({ err, connection: id }, 'embedded PostgreSQL proxy: upstream connection failed');
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
        shuttingDown = true;
        for (const s of open) s.destroy();
        for (const u of upstreams) u.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
