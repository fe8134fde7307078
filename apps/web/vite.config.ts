// The web client's build (docs/web.md): Preact, bundled by Vite into dist/ with hashed asset names,
// which the API serves (apps/api/src/routes/web.ts). No CDN: everything the page loads is in dist/.
import { defineConfig } from 'vite';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0, reportCompressedSize: false },
  // The API in another terminal (npm start) during `npx vite` development.
  server: { proxy: { '/v1': 'http://127.0.0.1:3000' } },
});
