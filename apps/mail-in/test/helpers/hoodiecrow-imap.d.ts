// Types for the parts of hoodiecrow-imap (an in-memory IMAP server, CommonJS, untyped) that the IMAP
// test server uses.
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';

  interface HoodiecrowMailbox {
    messages?: { raw: string; flags?: string[] }[];
    separator?: string;
    folders?: Record<string, HoodiecrowMailbox>;
  }

  interface HoodiecrowOptions {
    /** Login name -> password. Every user sees the same (one) mail store. */
    users?: Record<string, { password: string }>;
    /** Capability plugins by name: "IDLE", "MOVE", "UIDPLUS", "STARTTLS", ... (lib/plugins/). */
    plugins?: string[];
    /** The mail store: "INBOX" and the personal namespace "" with its folders. */
    storage?: Record<string, HoodiecrowMailbox>;
    /** Implicit TLS on the listening port (IMAPS). */
    secureConnection?: boolean;
    /** Key and certificate (PEM) for implicit TLS and STARTTLS. */
    credentials?: { key: string; cert: string };
    debug?: boolean;
  }

  interface HoodiecrowServer {
    /** The underlying net.Server (a tls.Server with secureConnection). */
    server: Server;
    listen(port: number, host: string, callback: () => void): void;
    close(callback?: (err?: Error) => void): void;
    setMaxListeners(n: number): void;
  }

  function hoodiecrow(options?: HoodiecrowOptions): HoodiecrowServer;
  export = hoodiecrow;
}
