/**
 * Builds the API server (server/main.ts and what it imports from src/) into server-dist/ as plain
 * JavaScript, so `npm start` runs it with node alone: no TypeScript compiled at start-up and no
 * loader thread, which keeps the server's memory lower under load (see docs/performance.md).
 * Packages stay in node_modules. Run by `npm run build`.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}server-dist`;

rmSync(outDir, { recursive: true, force: true });
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'server/main.ts',
    // server-dist/ sits beside server/, so the server finds the project folder the same way.
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
  },
});
console.log('built server-dist/main.js');
