// A process that starts the embedded PostgreSQL on the folder and port given on stdin, prints the
// server's pid, its watchdog's and the URL, and then waits to be killed (orphan.test.ts kills it with SIGKILL).
import { startEmbeddedPostgres } from '../src/index.ts';

let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;
const { dataDir, port } = JSON.parse(text) as { dataDir: string; port: number };
const server = await startEmbeddedPostgres({ dataDir, port });
process.stdout.write(`${JSON.stringify({ pid: server.pid, watchdogPid: server.watchdogPid, url: server.url })}\n`);
setInterval(() => {}, 1 << 30);
