// The child of runIsolated (test/isolated.ts) for png-limits.test.ts: draws the SVG on stdin on this
// process, as the server did before drawing moved to separate processes, and prints what came of it.
import { renderMapPngAsync } from '../src/index.ts';

let svg = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) svg += chunk;
try {
  const png = await renderMapPngAsync(JSON.parse(svg) as string);
  process.stdout.write(JSON.stringify({ ok: true, width: png.readUInt32BE(16), height: png.readUInt32BE(20) }));
} catch (e) {
  process.stdout.write(JSON.stringify({ ok: false, name: (e as Error).name, message: (e as Error).message }));
}
